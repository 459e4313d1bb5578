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
import { normalizeRoutePath, stripBase } from '../manifest';
import { BASE_PATH, BASE_URL } from './config';
import { NotFound, PageLoader, RouteError } from './components/ErrorScreens';
import { captureStaticArticle, releaseStaticArticle } from './markdown/initialArticle';
import { routeTree } from './routes/routeTree';
import { startUpdates } from './data/updates';
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

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  captureStaticArticle(container);
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
}

void boot().then(() => {
  // Update checks now; the service worker and the persisted query cache after the first page (issue 5).
  startUpdates(queryClient, router);
});
