import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useHideableNavbar } from '../../hooks/useHideableNavbar';
import { useWindowSize } from '../../hooks/useWindowSize';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';
import { ColorModeToggle } from './ColorModeToggle';
import { LocaleDropdown } from './LocaleDropdown';
import { MobileSidebar } from './MobileSidebar';
import { NavbarBrand } from './NavbarBrand';
import { SearchButton } from './SearchButton';
import { VersionDropdown } from './VersionDropdown';
import { usePreferredVersion } from '../../hooks/usePreferredVersion';
import { preferredHref, sidebarIdAt, stripBase, versionsIn } from '../../../manifest';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';

/** The fixed top bar: brand, navbar items, search, language and colour mode; with `navbar.hideOnScroll` it hides while the reader scrolls down. */
export function Navbar() {
  const { site } = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const visible = useHideableNavbar(site.navbar.hideOnScroll && !menuOpen);
  const layout = useWindowSize();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const manifest = useSite();
  const items = site.navbar.items;
  const { code } = useLocale(site);
  const t = useTranslate(site);
  const versions = versionsIn(manifest, code);
  const [preferred] = usePreferredVersion(versions);
  // A site with several versions has the dropdown, on the right unless the configuration places it.
  const dropdown = versions.length > 1 ? (site.navbar.versionDropdown ?? 'right') : null;
  const pageSidebar = sidebarIdAt(manifest, stripBase(pathname, site.baseUrl) ?? pathname);
  const link = (item: (typeof items)[number]) => {
    // A sidebar's item is active on the pages that show that sidebar.
    const active = !item.external && item.sidebarId !== null && item.sidebarId === pageSidebar;
    return (
      <SmartLink
        key={item.label}
        href={item.external ? item.href : preferredHref(manifest, item.href, preferred, code)}
        className={`navbar__link navbar__link--${item.position}${active ? ' navbar__link--active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        {t(`navbar.item.label.${item.label}`, item.label)}
      </SmartLink>
    );
  };
  return (
    <header className={`navbar${visible ? '' : ' navbar--hidden'}`}>
      <div className="navbar__inner">
        {/* Both layouts are in the markup and CSS shows one (996 px), so the build's HTML fits every screen. */}
        <button
          type="button"
          className="navbar__toggle icon-button"
          aria-label={t('theme.docs.sidebar.toggleSidebarButtonAriaLabel')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span className="icon icon--menu" aria-hidden="true" />
        </button>
        <NavbarBrand />
        <nav className="navbar__items" aria-label={t('theme.NavBar.navAriaLabel')}>
          {/* The left items next to the brand, then the right ones together at the end, each group in the configuration's order. */}
          {items.filter((item) => item.position === 'left').map(link)}
          {dropdown === 'left' && <VersionDropdown />}
          {items.filter((item) => item.position === 'right').map(link)}
        </nav>
        <div className="navbar__tools">
          {dropdown === 'right' && <VersionDropdown />}
          <SearchButton />
          <LocaleDropdown />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
      {layout === 'mobile' && menuOpen && <MobileSidebar onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
