/**
 * The app, as the browser hydrates it and the build renders it (`entry-server.tsx`):
 * one router over the route tree, with `{ queryClient }` as context, and the
 * providers around it. Both sides make it here, so their trees are the same.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import type { ManifestRoot } from '../manifest';
import { StrictMode, useEffect } from 'react';
import { basePath } from './config';
import { fastConnection, preloadAllowed } from './lib/preload';
import { NotFound, PageLoader, RouteError } from './components/ErrorScreens';
import { routeTree } from './routes/routeTree';

/**
 * When a link preloads its route (its loader: manifest shard and article), unless
 * Save-Data or 2g says not to: on intent (hover, focus, touch), or with
 * `viewport`, once it has been in view for `defaultPreloadDelay` (50 ms), which
 * the boot turns on for the links a reader uncovers in the sidebar on a fast
 * connection. A first screen shows many links, and preloading each of them cost a
 * first visit more than its article: the boot preloads a few of them itself
 * (`linksAhead`). A large site's article is its whole page's HTML
 * (`ManifestRoot.articlesIn`), three times the bytes: there, on intent only.
 */
export function preloadMode(articlesIn: ManifestRoot['articlesIn'], viewport = false): 'viewport' | 'intent' | false {
  if (!preloadAllowed()) return false;
  return viewport && articlesIn !== 'routes' && fastConnection() ? 'viewport' : 'intent';
}

/** The router of the app; `history` is the address bar's unless given (the build passes a memory history). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    basepath: basePath() || '/',
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: preloadMode('blobs'),
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 200,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: false,
  });
}

/** The router of this app. */
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Calls `onMounted` once React has committed the first tree (it renders nothing, on either side). */
function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}

/** The whole app below `#root`. */
export function App({ queryClient, router, onMounted }: { queryClient: QueryClient; router: AppRouter; onMounted?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Mounted onMounted={onMounted} />
      </QueryClientProvider>
    </StrictMode>
  );
}
