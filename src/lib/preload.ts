/** Generic: imports nothing of the shell. */

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

const connection = (): NetworkInformation | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** Whether pages may be preloaded: not on Save-Data or a 2g connection, where the reader pays for bytes they may never read. */
export function preloadAllowed(): boolean {
  const info = connection();
  return !(info?.saveData || (info?.effectiveType ?? '').includes('2g'));
}

/**
 * Whether pages the reader has not pointed at may be fetched ahead: preloading
 * is allowed and the connection is fast (4g, or a browser that does not say).
 * On a slower one only intent (hover, focus, touch) preloads a page.
 */
export function fastConnection(): boolean {
  const type = connection()?.effectiveType;
  return preloadAllowed() && (type === undefined || type === '4g');
}

/** Where `linksAhead` looks: the links most likely opened next, then a list to take the current link's neighbours from. */
export interface AheadSelectors {
  /** Links taken first, in this order, in view or not (the next page). */
  first: string;
  /** Links of a list (the sidebar), of which those in view nearest the current one (`aria-current="page"`) follow. */
  list: string;
}

/**
 * The hrefs of at most `limit` links the reader is likely to open next: the
 * `first` links, then the list's links in view, nearest the current one first.
 */
export function linksAhead(root: ParentNode, selectors: AheadSelectors, limit: number): string[] {
  const inView = (a: Element) => {
    const box = a.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const list = [...root.querySelectorAll<HTMLAnchorElement>(selectors.list)];
  const current = Math.max(
    0,
    list.findIndex((a) => a.getAttribute('aria-current') === 'page'),
  );
  const near = list
    .map((a, i) => ({ a, distance: Math.abs(i - current) }))
    .filter(({ a, distance }) => distance > 0 && inView(a))
    .sort((x, y) => x.distance - y.distance)
    .map(({ a }) => a);
  const hrefs = [...root.querySelectorAll<HTMLAnchorElement>(selectors.first), ...near].map((a) => a.href).filter(Boolean);
  return [...new Set(hrefs)].slice(0, limit);
}
