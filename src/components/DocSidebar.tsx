import { useRouterState } from '@tanstack/react-router';
import { memo, useEffect, useState } from 'react';
import { sidebarContains, stripBase, type SidebarCategory, type SidebarItem } from '../../manifest';
import { BASE_URL } from '../config';
import { SmartLink } from '../markdown/SmartLink';

/** The current route path below the base. */
function useRoutePath(): string {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return stripBase(pathname, BASE_URL) ?? pathname;
}

function Category({ item, open, onToggle, current }: { item: SidebarCategory; open: boolean; onToggle: () => void; current: string }) {
  const active = item.path === current;
  return (
    <li className={`menu__item${open ? '' : ' menu__item--collapsed'}`}>
      <div className="menu__category">
        {item.path ? (
          <SmartLink href={item.path} className={`menu__link menu__link--category${active ? ' menu__link--active' : ''}`} aria-current={active ? 'page' : undefined} onClick={() => !open && onToggle()}>
            {item.label}
          </SmartLink>
        ) : (
          <button type="button" className={`menu__link menu__link--category menu__link--button${item.collapsible ? ' menu__link--sublist' : ''}`} onClick={onToggle} aria-expanded={open}>
            {item.label}
          </button>
        )}
        {item.collapsible && item.path && (
          <button type="button" className="menu__caret" aria-label={`${open ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`} aria-expanded={open} onClick={onToggle} />
        )}
      </div>
      {open && <DocSidebarItems items={item.items} />}
    </li>
  );
}

/**
 * A list of sidebar items; opening a category closes its siblings (spec §4,
 * auto-collapse). Memoised: a new manifest keeps an unchanged sidebar's items
 * (the query cache shares equal parts), so an update that leaves the sidebar
 * as it is re-renders none of its links (issue 16).
 */
export const DocSidebarItems = memo(function DocSidebarItems({ items }: { items: SidebarItem[] }) {
  const current = useRoutePath();
  const containing = items.findIndex((i) => i.type === 'category' && sidebarContains(i, current));
  const [openIndex, setOpenIndex] = useState<number>(containing);
  useEffect(() => {
    if (containing >= 0) setOpenIndex(containing);
  }, [containing]);
  return (
    <ul className="menu__list">
      {items.map((item, index) => {
        if (item.type === 'category') {
          const open = !item.collapsible || openIndex === index || (!item.collapsed && openIndex === -1);
          return <Category key={item.label} item={item} current={current} open={open} onToggle={() => setOpenIndex(open ? -2 : index)} />;
        }
        const href = item.type === 'doc' ? item.path : item.href;
        const active = href === current;
        return (
          <li key={href} className="menu__item">
            <SmartLink href={href} className={`menu__link${active ? ' menu__link--active' : ''}`} aria-current={active ? 'page' : undefined}>
              {item.label}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
});

/** The desktop docs sidebar, hideable (spec §4). */
export function DocSidebar({ items, hidden, onToggle }: { items: SidebarItem[]; hidden: boolean; onToggle: () => void }) {
  if (hidden) {
    return (
      <div className="doc-sidebar doc-sidebar--hidden">
        <button type="button" className="doc-sidebar__expand" aria-label="Expand sidebar" title="Expand sidebar" onClick={onToggle}>
          ›
        </button>
      </div>
    );
  }
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      <nav className="menu">
        <DocSidebarItems items={items} />
      </nav>
      <button type="button" className="doc-sidebar__collapse" aria-label="Collapse sidebar" title="Collapse sidebar" onClick={onToggle}>
        <span aria-hidden="true">‹ </span>Collapse sidebar
      </button>
    </aside>
  );
}
