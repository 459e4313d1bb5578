/**
 * Boot: one QueryClient, one router with `{ queryClient }` as context. The first
 * render waits for the route's data (the manifest, preloaded by the HTML; the article comes with it),
 * so React replaces the static rendering in one step, without a loading flash.
 */
import { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ManifestVersionError, normalizeRoutePath, stripBase } from '../manifest';
import { BASE_PATH, BASE_URL } from './config';
import { NotFound, PageLoader, RouteError } from './components/ErrorScreens';
import { captureStaticArticle, releaseStaticArticle } from './markdown/initialArticle';
import { routeTree } from './routes/routeTree';
import { manifestQueryOptions } from './data/manifest';
import { reloadForVersion, startUpdates } from './data/updates';
import { keepTrying } from './lib/keepTrying';
import './styles.css';

// Spec §2: `x.html` and `x/index.html` are `x`; canonicalise the address bar before routing.
{
  const { pathname, search, hash } = window.location;
  const route = stripBase(pathname, BASE_URL);
  if (route !== null && /(\.html|\/)$/.test(pathname) && pathname !== BASE_URL) {
    const clean = BASE_PATH + normalizeRoutePath(route).replace(/^\/$/, '/');
    window.history.replaceState(window.history.state, '', clean + search + hash);
  }
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

const router = createRouter({
  routeTree,
  basepath: BASE_PATH,
  context: { queryClient },
  defaultPreload: false,
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 200,
  defaultPendingComponent: PageLoader,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: false,
});

/** Marks the static rendering as replaced once React has committed (tests and CSS read it). */
function Mounted({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute('data-static-route'), [container]);
  return null;
}

/** Retries of the manifest while the static page stands in for the shell: 2 s, doubling up to a minute. */
const MANIFEST_RETRY = { firstDelayMs: 2_000, maxDelayMs: 60_000 };

/** The notice over a static page whose shell could not start (issue 13). */
const STATIC_NOTICE = 'The site is not answering right now. You can read this page; navigation will reload pages until the site answers.';

/** Whether `#root` holds the build's rendering of the page in the address bar (not an app shell of another route). */
function hasStaticPage(container: HTMLElement): boolean {
  const route = stripBase(window.location.pathname, BASE_URL);
  return route !== null && container.getAttribute('data-static-route') === normalizeRoutePath(route) && Boolean(container.querySelector('main')?.hasChildNodes());
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
 * A readable page is never replaced by an error (issue 13): when the manifest
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

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  captureStaticArticle(container);
  if (hasStaticPage(container) && !(await manifestLoads())) return keepStaticPage(container);
  await start(container);
}

/** Renders the shell over the static page once the current route's data is loaded. */
async function start(container: HTMLElement): Promise<void> {
  router.subscribe('onResolved', (event) => {
    // The first resolution (the page the HTML was built for) keeps the static article.
    if (event.fromLocation && event.pathChanged) releaseStaticArticle();
  });
  try {
    await router.load();
  } catch {
    // The router keeps the error in its state; the error component shows it.
  }
  // A transition: React renders the first tree in slices, yielding to the browser between them, while the
  // static rendering stays on screen; the commit swaps it in one step.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Mounted container={container} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // Update checks now; the service worker and the persisted query cache after the first page (issue 5).
  startUpdates(queryClient, router);
}

void boot();
