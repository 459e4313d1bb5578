import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { memo, useEffect, useState } from 'react';
import { SIDEBAR_WINDOW, sidebarContains, sidebarTopAt, stripBase, unreachable, type SidebarCategory, type SidebarItem } from '../../manifest';
import { baseUrl } from '../config';
import { sidebarShardQueryOptions } from '../data/manifestQueries';
import { SmartLink } from '../markdown/SmartLink';
import { useTranslate } from '../hooks/useTranslate';
import { useSite } from './SiteContext';

/** The current route path below the base. */
function useRoutePath(): string {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return stripBase(pathname, baseUrl()) ?? pathname;
}

function Category({ item, open, onToggle, current }: { item: SidebarCategory; open: boolean; onToggle: () => void; current: string }) {
  const active = item.path === current;
  const queryClient = useQueryClient();
  const t = useTranslate(useSite().site);
  // A closed top-level category's children come with its sidebar shard: fetched when the pointer or focus
  // reaches the row, so they are there when it opens.
  const prefetch = () => {
    if (item.shard) void queryClient.prefetchQuery(sidebarShardQueryOptions(item.shard));
  };
  return (
    <li className={`menu__item${open ? '' : ' menu__item--collapsed'}${item.className ? ` ${item.className}` : ''}`}>
      <div className="menu__category" onPointerEnter={prefetch} onFocus={prefetch}>
        {item.path ? (
          // A category's page is preloaded on intent only: a long category's cards weigh tens of KB, and every
          // top-level category is in view on every docs page.
          <SmartLink
            href={item.path}
            preload="intent"
            className={`menu__link menu__link--category${active ? ' menu__link--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => !open && onToggle()}
          >
            {item.label}
          </SmartLink>
        ) : (
          <button
            type="button"
            className={`menu__link menu__link--category menu__link--button${item.collapsible ? ' menu__link--sublist' : ''}`}
            onClick={onToggle}
            aria-expanded={open}
          >
            {item.label}
          </button>
        )}
        {item.collapsible && item.path && (
          <button
            type="button"
            className="menu__caret"
            aria-label={
              open
                ? t('theme.DocSidebarItem.collapseCategoryAriaLabel', { label: item.label })
                : t('theme.DocSidebarItem.expandCategoryAriaLabel', { label: item.label })
            }
            aria-expanded={open}
            onClick={onToggle}
          />
        )}
      </div>
      {open && (item.shard ? <ShardItems name={item.shard} /> : <DocSidebarItems items={item.items} />)}
    </li>
  );
}

/** The children of a top-level category, from its sidebar shard (loaded by the route for the current one). */
function ShardItems({ name }: { name: string }) {
  const { data, isError, refetch } = useQuery(sidebarShardQueryOptions(name));
  const t = useTranslate(useSite().site);
  if (data) return <DocSidebarItems items={data.items} />;
  return (
    <ul className="menu__list">
      <li className="menu__item">
        {isError ? (
          <button type="button" className="menu__link menu__link--button" onClick={() => void refetch()}>
            {t('shell.sidebar.categoryFailed')}
          </button>
        ) : (
          <span className="menu__link" role="status">
            {t('shell.common.loading')}
          </span>
        )}
      </li>
    </ul>
  );
}

/**
 * The part of a long list the page shows: every item up to
 * `SIDEBAR_WINDOW`, else a window around the current page, so a page of a
 * 500-page category does not carry 500 links. The rest is one click away.
 */
function windowOf(items: SidebarItem[], current: string): { start: number; end: number } {
  if (items.length <= SIDEBAR_WINDOW) return { start: 0, end: items.length };
  const at = Math.max(
    0,
    items.findIndex((i) => sidebarContains(i, current)),
  );
  const start = Math.min(Math.max(0, at - Math.floor(SIDEBAR_WINDOW / 2)), items.length - SIDEBAR_WINDOW);
  return { start, end: start + SIDEBAR_WINDOW };
}

/**
 * A list of sidebar items; opening a category closes its siblings (categories
 * auto-collapse). The top level (`top`) learns which category holds the page
 * from the page's manifest entry, since that category's children may not be
 * loaded yet. Memoised: an update that leaves the sidebar's items as they are
 * re-renders none of its links.
 */
export const DocSidebarItems = memo(function DocSidebarItems({ items, top = false }: { items: SidebarItem[]; top?: boolean }) {
  const current = useRoutePath();
  const site = useSite();
  const t = useTranslate(site.site);
  const containing = top ? (sidebarTopAt(site, current) ?? -1) : items.findIndex((i) => i.type === 'category' && sidebarContains(i, current));
  const [openIndex, setOpenIndex] = useState<number>(containing);
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (containing >= 0) setOpenIndex(containing);
  }, [containing]);
  const { start, end } = whole ? { start: 0, end: items.length } : windowOf(items, current);
  const more = (count: number, where: 'above' | 'below') => (
    <li className="menu__item">
      <button type="button" className="menu__link menu__link--button menu__more" onClick={() => setWhole(true)}>
        {where === 'above' ? t('shell.sidebar.showMoreAbove', { count }) : t('shell.sidebar.showMoreBelow', { count })}
      </button>
    </li>
  );
  return (
    <ul className="menu__list">
      {start > 0 && more(start, 'above')}
      {items.slice(start, end).map((item, i) => {
        const index = start + i;
        switch (item.type) {
          case 'category': {
            const open = !item.collapsible || openIndex === index || (!item.collapsed && openIndex === -1);
            return <Category key={`${index}:${item.label}`} item={item} current={current} open={open} onToggle={() => setOpenIndex(open ? -2 : index)} />;
          }
          case 'html':
            // The build sanitized the markup with the pages' allow-list.
            return (
              <li
                key={index}
                className={`menu__item${item.defaultStyle ? ' menu__html--default' : ''}${item.className ? ` ${item.className}` : ''}`}
                dangerouslySetInnerHTML={{ __html: item.value }}
              />
            );
          case 'doc':
          case 'link': {
            const href = item.type === 'doc' ? item.path : item.href;
            const active = href === current;
            return (
              <li key={`${index}:${href}`} className={`menu__item${item.className ? ` ${item.className}` : ''}`}>
                <SmartLink href={href} className={`menu__link${active ? ' menu__link--active' : ''}`} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </SmartLink>
              </li>
            );
          }
          default:
            return unreachable(item, 'sidebar item type');
        }
      })}
      {end < items.length && more(items.length - end, 'below')}
    </ul>
  );
});

/** The button that hides (`hide`) or shows the desktop sidebar, labelled by Docusaurus's ids. */
function ToggleButton({ hide, onToggle, children }: { hide: boolean; onToggle: () => void; children: React.ReactNode }) {
  const t = useTranslate(useSite().site);
  const which = hide ? 'collapse' : 'expand';
  return (
    <button
      type="button"
      className={`doc-sidebar__${which}`}
      aria-label={t(`theme.docs.sidebar.${which}ButtonAriaLabel`)}
      title={t(`theme.docs.sidebar.${which}ButtonTitle`)}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}

/** The desktop docs sidebar, which the reader can hide. */
export function DocSidebar({ items, hidden, onToggle }: { items: SidebarItem[]; hidden: boolean; onToggle: () => void }) {
  const t = useTranslate(useSite().site);
  if (hidden) {
    return (
      <div className="doc-sidebar doc-sidebar--hidden">
        <ToggleButton hide={false} onToggle={onToggle}>
          ›
        </ToggleButton>
      </div>
    );
  }
  return (
    <aside className="doc-sidebar" aria-label={t('theme.docs.sidebar.navAriaLabel')}>
      <nav className="menu">
        <DocSidebarItems items={items} top />
      </nav>
      <ToggleButton hide onToggle={onToggle}>
        <span aria-hidden="true">‹ </span>
        {t('theme.docs.sidebar.collapseButtonTitle')}
      </ToggleButton>
    </aside>
  );
}
