/**
 * The update check and the swap, loaded on first use. A new manifest
 * that leaves the page on screen as it is, is taken at once; one that changes
 * it waits for the reader ('This page was updated'). Taking it swaps the
 * content in place: blobs are named by hash, so only pages that changed are
 * downloaded again. A manifest this shell cannot read reloads the page, once
 * per version, so a reader never sees a page half read by the wrong shell.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { ManifestVersionError, normalizeRoutePath, pageAt, stripBase, unreachable, type Manifest, type ManifestRoot } from '../../manifest';
import type { DevContentDetail } from '../../manifest/devUpdates';
import { assetUrl, baseUrl } from '../config';
import { articleQueryOptions } from './blob';
import { entryScript } from './chunks';
import { fetchManifest, manifestQueryOptions, manifestWithRoute } from './manifestQueries';
import { checkWorkerUpdate, loadPageForUpdate, reloadForVersion, updates } from './updatesStore';

/** The route path on screen. */
function currentRoute(router: AnyRouter): string {
  const { pathname } = router.state.location;
  return normalizeRoutePath(stripBase(pathname, baseUrl()) ?? pathname);
}

/**
 * Whether a new manifest changes what a route shows (its blob or title,
 * category cards, home texts). Both views hold the route's shard.
 */
export function routeChanged(before: Manifest, after: Manifest, route: string): boolean {
  const a = before.routes[route];
  const b = after.routes[route];
  if (JSON.stringify(a) !== JSON.stringify(b)) return true;
  if (!a) return false;
  const pa = pageAt(before, route);
  const pb = pageAt(after, route);
  if (pa || pb) return pa?.blob !== pb?.blob || pa?.article !== pb?.article || pa?.title !== pb?.title;
  switch (a.kind) {
    case 'category':
      return JSON.stringify(before.categories[a.slug]) !== JSON.stringify(after.categories[a.slug]);
    case 'tags':
    case 'tag':
      return JSON.stringify(before.tags[route]) !== JSON.stringify(after.tags[route]);
    case 'home':
      return JSON.stringify(before.site.home) !== JSON.stringify(after.site.home);
    case 'doc':
    case 'docsRoot':
    case 'page':
    case 'search':
      return false;
    default:
      return unreachable(a, 'route kind');
  }
}

/**
 * Takes a new manifest. The page's blob (and the renderer) load before anything
 * changes on screen; the article on screen follows the new one in place
 * (`Article`). With `replacePage` the outlet remounts too, so the whole page
 * is rendered anew. The scroll position is kept either way.
 */
export async function applyUpdate(queryClient: QueryClient, router: AnyRouter, next: ManifestRoot, replacePage: boolean): Promise<void> {
  const page = pageAt(await manifestWithRoute(queryClient, next, currentRoute(router)), currentRoute(router));
  if (page) await loadPageForUpdate(queryClient, page, next);
  const scrollY = window.scrollY;
  queryClient.setQueryData(manifestQueryOptions().queryKey, next);
  updates.set({ content: null });
  // The router scrolls to the top once it has rendered the reloaded route; it is the same page, so the
  // position goes back in the same task, before the browser paints.
  const keepScroll = router.subscribe('onRendered', () => window.scrollTo(0, scrollY));
  try {
    await router.invalidate();
  } finally {
    keepScroll();
  }
  if (replacePage) {
    updates.set({ generation: updates.get().generation + 1 });
    requestAnimationFrame(() => window.scrollTo(0, scrollY));
  }
  holdScroll(router, scrollY);
}

/** What a reader does to scroll: the page stops holding its position then. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Holds the scroll position at `y` while the page settles: the article can render after the route did (its new
 * text arrives, a renderer chunk loads), and while it is shorter the browser moves the position up, which stays there
 * once the page is long again. Each change of the page's size puts it back, until the reader scrolls, another page
 * opens or `ms` pass.
 */
function holdScroll(router: AnyRouter, y: number, ms = 5000): void {
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
  });
  // Once another page opens, its position is the router's to set.
  const navigating = router.subscribe('onBeforeNavigate', () => release());
  const release = () => {
    observer.disconnect();
    navigating();
    clearTimeout(timer);
    for (const type of READER_SCROLLS) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, ms);
  for (const type of READER_SCROLLS) window.addEventListener(type, release, { capture: true, passive: true });
  observer.observe(document.documentElement);
}

/** The dev server's updates, one after the other: a later rebuild is taken after an earlier one. */
let devQueue: Promise<unknown> = Promise.resolve();

/**
 * `npm run dev` rebuilt the content: the new manifest is taken at
 * once, with no notice, and the page on screen shows its new text in place
 * (`Article` follows its article's name), keeping the scroll position. The
 * page's new article, when the server named it, loads alongside the manifest.
 * Resolves false when the shell has no manifest to update yet.
 */
export function takeDevContent(queryClient: QueryClient, router: AnyRouter, { contentHash, articles }: DevContentDetail): Promise<boolean> {
  const route = currentRoute(router);
  const article = articles[route];
  const articlesIn = queryClient.getQueryData(manifestQueryOptions().queryKey)?.articlesIn ?? 'blobs';
  if (article) void queryClient.prefetchQuery(articleQueryOptions({ article, path: route }, articlesIn));
  const take = async () => {
    const current = queryClient.getQueryData(manifestQueryOptions().queryKey);
    if (!current) return false;
    if (current.contentHash === contentHash) return true;
    const next = await fetchManifest();
    if (next.contentHash !== current.contentHash) await applyUpdate(queryClient, router, next, false);
    return true;
  };
  const taken = devQueue.then(take);
  devQueue = taken.catch(() => undefined);
  return taken;
}

/**
 * A shell deploy no service worker tells this tab of (none controls it): the
 * manifest names another shell than the one running, so the reload is offered
 * ("A new version is available") before a missing chunk forces it. A tab a
 * worker controls learns of it from the worker's own update.
 */
export function offerNewShell(next: Pick<ManifestRoot, 'shell'>): void {
  const running = entryScript();
  if (!next.shell || !running || navigator.serviceWorker?.controller || updates.get().shell) return;
  if (new URL(assetUrl(next.shell), window.location.href).href !== running) updates.set({ shell: () => window.location.reload() });
}

let inFlight: Promise<void> | null = null;

/** Looks for a new manifest and a new shell; concurrent calls share one request. */
export function checkForUpdate(queryClient: QueryClient, router: AnyRouter): Promise<void> {
  inFlight ??= (async () => {
    if (!navigator.onLine) return;
    checkWorkerUpdate();
    let next: ManifestRoot;
    let before: Manifest;
    let after: Manifest;
    const route = currentRoute(router);
    try {
      next = await fetchManifest();
      offerNewShell(next);
      const current = queryClient.getQueryData(manifestQueryOptions().queryKey);
      if (!current || next.contentHash === current.contentHash) {
        updates.set({ content: null });
        return;
      }
      // Only the shard of the page on screen is fetched: a one-page deploy costs the root and one shard.
      [before, after] = await Promise.all([manifestWithRoute(queryClient, current, route), manifestWithRoute(queryClient, next, route)]);
    } catch (error) {
      if (error instanceof ManifestVersionError) reloadForVersion(error);
      return;
    }
    if (routeChanged(before, after, route)) updates.set({ content: next });
    else await applyUpdate(queryClient, router, next, false);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
