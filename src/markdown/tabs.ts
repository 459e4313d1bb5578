/**
 * The behaviour of MDX tabs (`<Tabs>`/`<TabItem>`, npm2yarn and `tab` code blocks). The markup is the pipeline's
 * (`manifest/mdx.ts`: a tablist of buttons and a panel per tab), the same in the build's HTML and in the shell's own
 * rendering; handlers on the article switch tabs, so no tab needs a component of its own to hydrate. A group
 * (`groupId`) switches together across the page and is remembered under Docusaurus's key, and a tab set with a
 * `queryString` takes its tab from the address and writes it back.
 */
import { useLayoutEffect, type DependencyList, type KeyboardEvent, type RefObject } from 'react';
import { localStore } from '../lib/storage';

/** Where Docusaurus keeps a tab group's choice, so a site moved here keeps its readers' choices. */
const tabStorageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

const CONTAINER = '.tabs-container';

const tabsOf = (container: Element) => [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];

/** Shows the tab of `container` whose value is `value`; false when it has none. */
function select(container: Element, value: string, focus = false): boolean {
  const tabs = tabsOf(container);
  const chosen = tabs.find((tab) => tab.dataset.value === value);
  if (!chosen) return false;
  for (const tab of tabs) {
    const on = tab === chosen;
    tab.setAttribute('aria-selected', on ? 'true' : 'false');
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.dataset.value !== value;
  if (focus) chosen.focus();
  return true;
}

/** A reader's choice: the tab, the other tab sets of its group on the page, the stored choice and the address. */
function choose(container: HTMLElement, value: string, focus: boolean): void {
  select(container, value, focus);
  const group = container.dataset.groupId;
  if (group) {
    localStore.set(tabStorageKey(group), value);
    for (const other of document.querySelectorAll(`${CONTAINER}[data-group-id="${CSS.escape(group)}"]`)) if (other !== container) select(other, value);
  }
  const query = container.dataset.queryString;
  if (query) {
    const url = new URL(window.location.href);
    url.searchParams.set(query, value);
    // The router keeps its own entry state: it is carried over, and the entry is replaced, as Docusaurus does.
    window.history.replaceState(window.history.state, '', url);
  }
}

/** The tab an event is on and its tab set, or null. */
function tabAt(target: EventTarget | null): { tab: HTMLElement; container: HTMLElement } | null {
  const tab = target instanceof Element ? target.closest<HTMLElement>('[role="tab"]') : null;
  const container = tab?.parentElement?.parentElement;
  return tab && container?.matches(CONTAINER) && tab.dataset.value !== undefined ? { tab, container } : null;
}

/** Handles a click inside an article: on a tab, shows it and returns true; any other click returns false. */
function tabsOnClick(target: EventTarget | null): boolean {
  const at = tabAt(target);
  if (!at) return false;
  choose(at.container, at.tab.dataset.value!, false);
  return true;
}

/** The keys of the tabs pattern: arrows move to the previous or next tab (and round), Home and End to the first and last. */
function tabsOnKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const at = tabAt(event.target);
  if (!at) return;
  const tabs = tabsOf(at.container);
  const i = tabs.indexOf(at.tab);
  const rtl = getComputedStyle(at.container).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
  const next = step !== undefined ? (i + step + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
  if (next < 0) return;
  event.preventDefault();
  choose(at.container, tabs[next]!.dataset.value!, true);
}

/** Each tab set of `root` on the tab the address names (`queryString`), else its group's stored choice. */
function restoreTabs(root: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  for (const container of root.querySelectorAll<HTMLElement>(CONTAINER)) {
    const query = container.dataset.queryString;
    const asked = query ? params.get(query) : null;
    if (asked !== null && select(container, asked)) continue;
    const group = container.dataset.groupId;
    const stored = group ? localStore.get(tabStorageKey(group)) : null;
    if (stored !== null) select(container, stored);
  }
}

/**
 * The tabs of the article in `ref`: before the browser paints each new markup (`deps`), every tab set shows the
 * reader's tab; returns the article's click handler (true when the click was on a tab) and key handler.
 */
export function useTabs(
  ref: RefObject<HTMLElement | null>,
  deps: DependencyList,
): { onClick: (target: EventTarget | null) => boolean; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  useLayoutEffect(() => {
    if (ref.current) restoreTabs(ref.current);
  }, [ref, ...deps]);
  return { onClick: tabsOnClick, onKeyDown: tabsOnKeyDown };
}
