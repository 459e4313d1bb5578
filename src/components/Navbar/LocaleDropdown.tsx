import { useSite } from '../SiteContext';

/** Language switcher: lists the site's one locale (spec §1). */
export function LocaleDropdown() {
  const { site } = useSite();
  return (
    <details className="dropdown locale-dropdown">
      <summary className="navbar__link" aria-label={`Languages: ${site.locale.label}`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z" /></svg>
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
