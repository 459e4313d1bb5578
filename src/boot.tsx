/**
 * The shell's start, imported by `main.tsx`: one QueryClient, one router with `{ queryClient }` as context. The
 * build's HTML is the server rendering of the same app: once the
 * route's data is loaded (the manifest, preloaded by the HTML; the article
 * taken from the page itself), React hydrates it, keeping its nodes.
 */
import { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ManifestVersionError, normalizeRoutePath, stripBase, type ManifestRoot } from '../manifest';
import { basePath, baseUrl } from './config';
import { seedArticle } from './data/blob';
import { retryOnceUnlessStalled } from './data/fetchErrors';
import { App, createAppRouter, preloadMode } from './router';
import { manifestQueryOptions, viewOf } from './data/manifestQueries';
import { reloadForVersion, startUpdates } from './data/updates';
import { setPageLoader } from './data/updatesStore';
import { loadArticle } from './routes/-components/resolve';
import { keepTrying } from './lib/keepTrying';
import { afterFirstPage } from './lib/afterFirstPage';
import { fastConnection, linksAhead, type AheadSelectors } from './lib/preload';

// `x.html` and `x/index.html` name the same page as `x`; canonicalise the address bar before routing.
{
  const { pathname, search, hash } = window.location;
  const route = stripBase(pathname, baseUrl());
  if (route !== null && /(\.html|\/)$/.test(pathname) && pathname !== baseUrl()) {
    const clean = basePath() + normalizeRoutePath(route).replace(/^\/$/, '/');
    window.history.replaceState(window.history.state, '', clean + search + hash);
  }
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryOnceUnlessStalled, refetchOnWindowFocus: false } } });

const router = createAppRouter(queryClient);

/**
 * The page's article, as its HTML carries it, goes to the query cache under
 * its name (`<meta name="docs-article">`): the route needs no fetch for it,
 * and hydration finds the same text.
 */
function seedStaticArticle(container: HTMLElement): void {
  const name = document.querySelector('meta[name="docs-article"]')?.getAttribute('content');
  const article = container.querySelector('main .markdown');
  if (name && article) seedArticle(queryClient, name, article.innerHTML);
}

/** Whether `#root` holds the build's rendering of what the router shows: its route, or the not-found page. */
function renderedByBuild(container: HTMLElement): boolean {
  const built = container.getAttribute('data-static-route');
  const route = stripBase(window.location.pathname, baseUrl());
  if (route === null) return false;
  if (built === '*') {
    // The route's loader has read the shard that would hold the address.
    const root = queryClient.getQueryData(manifestQueryOptions().queryKey);
    return !root || !viewOf(root).routes[normalizeRoutePath(route)];
  }
  return built === normalizeRoutePath(route);
}

/** Retries of the manifest while the static page stands in for the shell: 2 s, doubling up to a minute. */
const MANIFEST_RETRY = { firstDelayMs: 2_000, maxDelayMs: 60_000 };

/** The notice over a static page whose shell could not start. */
const STATIC_NOTICE = 'The site is not answering right now. You can read this page; navigation will reload pages until the site answers.';

/** Whether `#root` holds the build's rendering of the page in the address bar (not an app shell of another route). */
function hasStaticPage(container: HTMLElement): boolean {
  const route = stripBase(window.location.pathname, baseUrl());
  return (
    route !== null && container.getAttribute('data-static-route') === normalizeRoutePath(route) && Boolean(container.querySelector('main')?.hasChildNodes())
  );
}

/**
 * Loads the manifest; false when it cannot be had (HTTP error, truncated,
 * invalid, unknown version). An unknown version first reloads the page, once
 * per version (the matching shell may be a reload away).
 */
async function manifestLoads(): Promise<boolean> {
  try {
    await queryClient.ensureQueryData(manifestQueryOptions());
    return true;
  } catch (error) {
    if (error instanceof ManifestVersionError && reloadForVersion(error)) await new Promise<never>(() => {});
    console.warn('[docs] the manifest could not be loaded; the page stays as the build wrote it.', error);
    return false;
  }
}

/**
 * A readable page is never replaced by an error: when the manifest
 * fails on the first load, the build's HTML stays (its links are plain links,
 * so navigation loads whole pages), a small notice says so, and the manifest is
 * retried in the background until the shell can start.
 */
function keepStaticPage(container: HTMLElement): void {
  const notice = document.createElement('div');
  notice.className = 'offline-notice';
  notice.setAttribute('role', 'status');
  notice.textContent = STATIC_NOTICE;
  const navbar = container.querySelector('.navbar');
  if (navbar) navbar.after(notice);
  else container.prepend(notice);
  keepTrying(
    async () => {
      if (!(await manifestLoads())) return false;
      notice.remove();
      void start(container);
      return true;
    },
    { ...MANIFEST_RETRY, target: window, wakeOn: ['online', 'focus'] },
  );
}

/** How many links a page preloads before the reader points at one. */
const LINKS_AHEAD = 2;
/** The next and previous pages, then the sidebar's doc links (`DocSidebar`, `Paginator`); a category's page waits for intent, its cards being heavy. */
const AHEAD: AheadSelectors = {
  first: '.pagination-nav__link--next, .pagination-nav__link--prev',
  list: 'aside a.menu__link[href]:not(.menu__link--category)',
};

/**
 * On a fast connection, once the page is idle, preloads the few links a reader
 * is likeliest to open next; and once the reader clicks in the sidebar (a
 * category opened), the links it uncovers preload as they come into view, so
 * the click after it is as fast as ever. Other links preload on intent.
 */
function preloadAhead(articlesIn: ManifestRoot['articlesIn']): void {
  if (!fastConnection() || articlesIn === 'routes') return;
  afterFirstPage(() => {
    const base = new URL(baseUrl(), window.location.href);
    for (const href of linksAhead(document, AHEAD, LINKS_AHEAD)) {
      const target = new URL(href);
      const route = target.origin === base.origin ? stripBase(target.pathname, baseUrl()) : null;
      if (route !== null) void router.preloadRoute({ to: route }).catch(() => undefined);
    }
  });
  const onClick = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('aside')) return;
    document.removeEventListener('click', onClick, true);
    router.update({ ...router.options, defaultPreload: preloadMode(articlesIn, true) });
  };
  // Capturing: the router reads the mode when the links the click uncovers render.
  document.addEventListener('click', onClick, true);
}

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  seedStaticArticle(container);
  if (hasStaticPage(container) && !(await manifestLoads())) return keepStaticPage(container);
  await start(container);
}

/** Starts the shell on the page once the current route's data is loaded: hydrating the build's HTML, or rendering anew. */
async function start(container: HTMLElement): Promise<void> {
  try {
    await router.load();
  } catch {
    // The router keeps the error in its state; the error component shows it.
  }
  const manifest = queryClient.getQueryData(manifestQueryOptions().queryKey);
  if (manifest) {
    router.update({ ...router.options, defaultPreload: preloadMode(manifest.articlesIn) });
    preloadAhead(manifest.articlesIn);
  }
  // Marks the static rendering as taken over once React has committed (tests and CSS read it).
  const app = <App queryClient={queryClient} router={router} onMounted={() => container.removeAttribute('data-static-route')} />;
  if (renderedByBuild(container)) {
    // Tells the router its first tree is a server rendering: it then renders the same Suspense-free
    // structure as on the server, as TanStack's own hydration does.
    router.ssr = { manifest: undefined };
    // In a transition React hydrates in slices and yields to the browser between them, so no long task
    // blocks input while the page's tree is attached (a synchronous hydration is one long task on a phone).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error("[docs] hydration did not match the build's HTML; React rendered the part again.", error),
      });
    });
  } else {
    // Another page's HTML (the worker's app shell, say): a transition renders the tree in slices while
    // that page stays on screen, and the commit swaps it in one step.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  // Update checks at once; the service worker and the persisted query cache after the first page.
  setPageLoader(loadArticle);
  startUpdates(queryClient, router);
}

void boot();
