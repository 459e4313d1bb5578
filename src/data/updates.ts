/**
 * Content updates without rebuilding the shell, the part the entry
 * carries: the state the notices show and the triggers. The shell checks
 * `manifest.json` on navigation, on window focus, when the network returns and
 * every few minutes while the tab is visible; the check itself
 * (`updatesCheck.ts`) loads on first use. A manifest waiting for the reader is
 * taken before the next page loads, so that page opens fresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { DEV_CONTENT_EVENT, type DevContentDetail } from '../../manifest/devUpdates';
import { afterFirstPage, LATER_WORK_MS } from '../lib/afterFirstPage';
import { manifestQueryOptions } from './manifestQueries';
import { offline, offlineMayBeOn } from './persistOffline';
import { notePageView } from './readerIntent';
import { updates } from './updatesStore';

export { reloadForVersion, updates, type UpdatesState } from './updatesStore';

/** Replaced by esbuild (`define`); the shell has no Node types. */
declare const process: { env: { NODE_ENV?: string } };

/** How often an open, visible tab looks for a new manifest. */
const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;
/** Navigations closer together than this do not check again. */
const NAVIGATION_CHECK_GAP_MS = 60_000;
/** Focus changes closer together than this do not check again. */
const FOCUS_CHECK_GAP_MS = 5_000;

/** Looks for a new manifest (and a new shell) at once. */
function checkForUpdate(queryClient: QueryClient, router: AnyRouter): Promise<void> {
  return import('./updatesCheck').then((m) => m.checkForUpdate(queryClient, router));
}

/** Starts the checks. Returns a function that stops them. */
function startUpdateChecks(queryClient: QueryClient, router: AnyRouter): () => void {
  const check = () => void checkForUpdate(queryClient, router).catch(() => undefined);
  let lastNavigationCheck = Date.now();
  const stops = [
    router.subscribe('onBeforeNavigate', (event) => {
      const pending = updates.get().content;
      if (event.pathChanged && pending) {
        queryClient.setQueryData(manifestQueryOptions().queryKey, pending);
        updates.set({ content: null });
      }
    }),
    router.subscribe('onResolved', (event) => {
      notePageView(event.toLocation.pathname);
      if (!event.pathChanged || Date.now() - lastNavigationCheck < NAVIGATION_CHECK_GAP_MS) return;
      lastNavigationCheck = Date.now();
      check();
    }),
  ];
  // Focus and tab switches come in bursts; one check per few seconds is enough.
  let lastFocusCheck = 0;
  const onFocus = () => {
    if (Date.now() - lastFocusCheck < FOCUS_CHECK_GAP_MS) return;
    lastFocusCheck = Date.now();
    check();
  };
  const onVisible = () => document.visibilityState === 'visible' && onFocus();
  window.addEventListener('focus', onFocus);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(() => document.visibilityState === 'visible' && check(), UPDATE_CHECK_INTERVAL_MS);
  return () => {
    for (const stop of stops) stop();
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('online', check);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}

/**
 * `npm run dev` rebuilt the content: its page script asks the shell
 * to take the new manifest at once, in place (`updatesCheck.ts` `takeDevContent`),
 * rather than reload the page.
 */
function listenForDevContent(queryClient: QueryClient, router: AnyRouter): void {
  window.addEventListener(DEV_CONTENT_EVENT, (event) => {
    const detail = (event as CustomEvent<DevContentDetail>).detail;
    event.preventDefault();
    detail.taken = import('./updatesCheck').then((m) => m.takeDevContent(queryClient, router, detail));
  });
}

/**
 * What of content updates the boot starts: update checks at once; the persisted
 * query cache and (in production builds) the service worker, both loaded lazily
 * so the first page carries neither, after the first page when offline mode may
 * be on, else on a later idle (`LATER_WORK_MS`) or once the reader turns it on.
 */
export function startUpdates(queryClient: QueryClient, router: AnyRouter): void {
  notePageView(router.state.location.pathname);
  startUpdateChecks(queryClient, router);
  if (process.env.NODE_ENV !== 'production') listenForDevContent(queryClient, router);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    stop();
    void import('./persist').then((m) => m.persistQueryCache(queryClient)).catch(() => undefined);
    // Development builds run without a worker: live reload and a caching worker do not mix.
    if (process.env.NODE_ENV !== 'production') offline.set({ worker: 'none' });
    else void import('./updatesWorker').then((m) => m.registerWorker(queryClient)).catch(() => offline.set({ worker: 'none' }));
  };
  // The reader turning offline mode on needs the worker now.
  const stop = offline.subscribe(() => offline.get().enabled && start());
  afterFirstPage(start, 2000, offlineMayBeOn() ? 0 : LATER_WORK_MS);
}
