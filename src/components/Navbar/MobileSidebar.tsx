import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { sidebarIdAt, stripBase } from '../../../manifest';
import { useSidebar } from '../../hooks/useSidebar';
import { useTranslate } from '../../hooks/useTranslate';
import { DocSidebarItems } from '../DocSidebar';
import { NavbarBrand } from './NavbarBrand';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';

/** The mobile menu: primary (navbar items) and secondary (docs sidebar) panels, toggled. */
export function MobileSidebar({ onClose }: { onClose: () => void }) {
  const manifest = useSite();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const inDocs = pathname.includes(`/${manifest.site.docs.routeBasePath}`);
  const path = stripBase(pathname, manifest.site.baseUrl) ?? pathname;
  // The secondary panel shows the page's own sidebar, or the one a navbar item names (`chosen`).
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const sidebar = useSidebar(manifest, path, chosen);
  const [panel, setPanel] = useState<'primary' | 'secondary'>(inDocs && sidebar ? 'secondary' : 'primary');
  const closeRef = useRef<HTMLButtonElement>(null);
  const first = useRef(pathname);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    if (pathname !== first.current) onClose();
  }, [pathname, onClose]);
  const t = useTranslate(manifest.site);
  return (
    <div className="mobile-sidebar" role="dialog" aria-modal="true" aria-label={t('shell.mobileSidebar.ariaLabel')}>
      <div className="mobile-sidebar__backdrop" onClick={onClose} />
      <div className="mobile-sidebar__panel">
        <div className="mobile-sidebar__header">
          <NavbarBrand />
          <button ref={closeRef} type="button" className="icon-button" aria-label={t('theme.docs.sidebar.closeSidebarButtonAriaLabel')} onClick={onClose}>
            ✕
          </button>
        </div>
        {panel === 'primary' ? (
          <nav aria-label={t('shell.mobileSidebar.primaryMenuAriaLabel')} className="menu">
            <ul className="menu__list">
              {manifest.site.navbar.items.map((item) =>
                item.sidebarId ? (
                  <li key={item.label} className="menu__item">
                    <button
                      type="button"
                      className="menu__link menu__link--button"
                      onClick={() => {
                        setChosen(item.sidebarId === sidebarIdAt(manifest, path) ? undefined : (item.sidebarId ?? undefined));
                        setPanel('secondary');
                      }}
                    >
                      {item.label} ›
                    </button>
                  </li>
                ) : (
                  <li key={item.label} className="menu__item">
                    <SmartLink className="menu__link" href={item.href}>
                      {item.label}
                    </SmartLink>
                  </li>
                ),
              )}
            </ul>
          </nav>
        ) : (
          <nav aria-label={t('theme.docs.sidebar.navAriaLabel')} className="menu">
            <button type="button" className="menu__back" onClick={() => setPanel('primary')}>
              {/* Docusaurus's text starts with the arrow, which a right-to-left page mirrors: it gets a span of its own. */}
              <span className="arrow">←</span> {t('theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel').replace(/^←\s*/, '')}
            </button>
            <DocSidebarItems items={sidebar ?? []} top={chosen === undefined} />
          </nav>
        )}
      </div>
    </div>
  );
}
