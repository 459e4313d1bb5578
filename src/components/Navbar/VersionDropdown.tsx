import { Link, useRouterState } from '@tanstack/react-router';
import { stripBase, versionKey, versionTargets } from '../../../manifest';
import { useContextVersion, usePreferredVersion } from '../../hooks/usePreferredVersion';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/**
 * The docs version dropdown (Docusaurus's `docsVersionDropdown`): one link per version, each to the page on
 * screen in that version when it has it, else to that version's main doc. The links are in the build's HTML, so
 * crawlers and readers without JavaScript switch versions too. Choosing one remembers it as the preferred version.
 */
export function VersionDropdown() {
  const manifest = useSite();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const path = stripBase(pathname, manifest.site.baseUrl) ?? pathname;
  const [, setPreferred] = usePreferredVersion(manifest.versions);
  const shown = useContextVersion(manifest);
  const t = useTranslate(manifest.site);
  return (
    <details className="dropdown version-dropdown">
      <summary className="navbar__link" aria-label={t('shell.versionDropdown.ariaLabel', { versionLabel: shown.label })}>
        {shown.label}
      </summary>
      <ul className="dropdown__menu" aria-label={t('shell.versionDropdown.listAriaLabel')}>
        {versionTargets(manifest, path).map(({ version, path: href }) => (
          <li key={versionKey(version)}>
            {/* Exact: the last version's root is no active link on every page below it. */}
            <Link
              to={href}
              activeOptions={{ exact: true }}
              className={`dropdown__link${version === shown ? ' dropdown__link--active' : ''}`}
              onClick={(event) => {
                setPreferred(version.name);
                event.currentTarget.closest('details')?.removeAttribute('open');
              }}
            >
              {version.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
