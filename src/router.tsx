/**
 * The app, as the browser hydrates it and the build renders it (`entry-server.tsx`):
 * one router over the route tree, with `{ queryClient }` as context, and the
 * providers around it. Both sides make it here, so their trees are the same.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { BASE_PATH } from './config';
import { preloadAllowed } from './lib/preload';
import { NotFound, PageLoader, RouteError } from './components/ErrorScreens';
import { routeTree } from './routes/routeTree';

/** The router of the app; `history` is the address bar's unless given (the build passes a memory history). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    basepath: BASE_PATH,
    context: { queryClient },
    ...(history ? { history } : {}),
    // The router preloads a link's route (its loader: manifest and article) once the link has been in view for
    // `defaultPreloadDelay` (50 ms); a link under the pointer is in view, so this covers intent too. Measured
    // against hand-written in-view plus intent preloading and against 'intent' alone (issue 14, see the commit).
    // Nothing is preloaded on Save-Data or 2g (spec §2).
    defaultPreload: preloadAllowed() ? 'viewport' : false,
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
