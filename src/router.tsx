/**
 * The app, as the browser hydrates it and the build renders it (`entry-server.tsx`):
 * one router over the route tree, with `{ queryClient }` as context, and the
 * providers around it. Both sides make it here, so their trees are the same.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import type { ManifestRoot } from '../manifest';
import { StrictMode, useEffect } from 'react';
import { BASE_PATH } from './config';
import { preloadAllowed } from './lib/preload';
import { NotFound, PageLoader, RouteError } from './components/ErrorScreens';
import { routeTree } from './routes/routeTree';

/**
 * When a link preloads its route (its loader: manifest shard and article), unless
 * Save-Data or 2g says not to. Once the link has been in view for
 * `defaultPreloadDelay` (50 ms): a link under the pointer is in view, so this
 * covers intent too; measured against hand-written in-view plus intent
 * preloading and against 'intent' alone. A large
 * site's article is its whole page's HTML (`ManifestRoot.articlesIn`), three
 * times the bytes, and a sidebar shows some 30 links: there, on intent only.
 */
export function preloadMode(articlesIn: ManifestRoot['articlesIn']): 'viewport' | 'intent' | false {
  if (!preloadAllowed()) return false;
  return articlesIn === 'routes' ? 'intent' : 'viewport';
}

/** The router of the app; `history` is the address bar's unless given (the build passes a memory history). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    basepath: BASE_PATH,
    context: { queryClient },
    ...(history ? { history } : {}),
    // The boot sets the large-site mode once the manifest says so.
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
