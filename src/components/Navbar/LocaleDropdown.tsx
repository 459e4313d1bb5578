import { useSite } from '../SiteContext';

/** Language switcher: lists the site's one locale (spec §1). */
export function LocaleDropdown() {
  const { site } = useSite();
  return (
    <details className="dropdown locale-dropdown">
      <summary className="navbar__link" aria-label={`Languages: ${site.locale.label}`}>
        <span className="icon icon--globe" aria-hidden="true" />
        <span>{site.locale.label}</span>
      </summary>
      <ul className="dropdown__menu">
        <li>
          <a className="dropdown__link dropdown__link--active" href={site.baseUrl} lang={site.locale.code} aria-current="true">
            {site.locale.label}
          </a>
        </li>
      </ul>
    </details>
  );
}
