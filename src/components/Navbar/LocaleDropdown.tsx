import { Link, useRouterState } from '@tanstack/react-router';
import { isSearchPage, localeTargets, normalizeRoutePath, stripBase } from '../../../manifest';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/**
 * Language switcher (Docusaurus's `localeDropdown`): one link per locale, by its label, to the page on screen in that
 * locale (its home when the locale lacks the page), the search page's with its query. The links are in the build's HTML, as the version dropdown's.
 */
export function LocaleDropdown() {
  const manifest = useSite();
  const { site } = manifest;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const path = normalizeRoutePath(stripBase(pathname, site.baseUrl) ?? pathname);
  const { locale: shown } = useLocale(site);
  const t = useTranslate(site);
  // The search page's links keep the query: the results in the other language.
  const keepQuery = isSearchPage(site, path) || undefined;
  return (
    <details className="dropdown locale-dropdown">
      <summary className="navbar__link" aria-label={`${t('theme.navbar.mobileLanguageDropdown.label')}: ${shown.label}`}>
        <span className="icon icon--globe" aria-hidden="true" />
        <span>{shown.label}</span>
      </summary>
      <ul className="dropdown__menu" aria-label={t('shell.localeDropdown.listAriaLabel')}>
        {localeTargets(manifest, path).map(({ locale, path: href }) => (
          <li key={locale.code}>
            <Link
              to={href}
              search={keepQuery}
              className={`dropdown__link${locale === shown ? ' dropdown__link--active' : ''}`}
              lang={locale.htmlLang}
              hrefLang={locale.htmlLang}
              aria-current={locale === shown ? 'true' : undefined}
              onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
            >
              {locale.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
