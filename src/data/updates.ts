/**
 * Content updates without rebuilding the shell (issue 5), the part the entry
 * carries: the state the notices show and the triggers. The shell checks
 * `manifest.json` on navigation, on window focus, when the network returns and
 * every few minutes while the tab is visible; the check itself
 * (`updatesCheck.ts`) loads on first use. A manifest waiting for the reader is
 * taken before the next page loads, so that page opens fresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { Manifest, ManifestVersionError } from '../../manifest';
import { sessionStore } from '../lib/storage';
import { manifestQueryOptions } from './manifest';
import { offline } from './persistOffline';
import { createStore } from './updatesStore';

/** Replaced by esbuild (`define`); the shell has no Node types. */
declare const process: { env: { NODE_ENV?: string } };

/** How often an open, visible tab looks for a new manifest. */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;
/** Navigations closer together than this do not check again. */
const NAVIGATION_CHECK_GAP_MS = 60_000;
/** Focus changes closer together than this do not check again. */
const FOCUS_CHECK_GAP_MS = 5_000;

/** What the update notices show. */
export interface UpdatesState {
  /** A newer manifest that changes the page on screen, waiting for the reader. */
  content: Manifest | null;
  /** A new shell is installed and waiting: calling this activates it and reloads. */
  shell: (() => void) | null;
  /** Bumped by every swap that replaces the page on screen; the root layout keys its outlet with it. */
  generation: number;
}

/** The update state. */
export const updates = createStore<UpdatesState>({ content: null, shell: null, generation: 0 });

let checkWorker: (() => Promise<unknown>) | null = null;

/** Called by the registration: lets the update checks look for a new `sw.js` too. */
export function setWorkerUpdateCheck(check: () => Promise<unknown>): void {
  checkWorker = check;
}

/** Asks the browser to look for a new `sw.js`, once a worker is registered. */
export function checkWorkerUpdate(): void {
  void checkWorker?.().catch(() => undefined);
}

/** Remembers the manifest version a reload was tried for, so a host serving mixed builds cannot cause a reload loop. */
const RELOAD_FLAG = 'docs-manifest-version-reload';

/**
 * A manifest this shell cannot read: the matching shell is a reload away
 * (through a waiting worker if there is one). Once per manifest version: a
 * second time, returns false and the caller shows the error instead.
 */
export function reloadForVersion(error: ManifestVersionError): boolean {
  const found = String(error.found);
  // A flag that cannot outlive the reload (storage blocked) could not stop a loop: no reload then.
  if (sessionStore.get(RELOAD_FLAG) === found || !sessionStore.set(RELOAD_FLAG, found)) return false;
  const activate = updates.get().shell;
  if (activate) activate();
  else window.location.reload();
  return true;
}

/** Looks for a new manifest (and a new shell) now. */
export function checkForUpdate(queryClient: QueryClient, router: AnyRouter): Promise<void> {
  return import('./updatesCheck').then((m) => m.checkForUpdate(queryClient, router));
}

/** Starts the checks. Returns a function that stops them. */
export function startUpdateChecks(queryClient: QueryClient, router: AnyRouter): () => void {
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
 * Runs `task` once the first page has loaded and the browser is idle, or
 * `maxWaitMs` after the load at the latest: a browser that produces no frames
 * (a hidden or headless tab) may report no idle period for a long while.
 */
export function afterFirstPage(task: () => void, maxWaitMs = 2000): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: maxWaitMs });
    else setTimeout(task, Math.min(maxWaitMs, 200));
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Everything of issue 5 the boot starts: update checks now; after the first
 * page, the persisted query cache and (in production builds) the service
 * worker, both loaded lazily so the first page carries neither.
 */
export function startUpdates(queryClient: QueryClient, router: AnyRouter): void {
  startUpdateChecks(queryClient, router);
  afterFirstPage(() => {
    void import('./persist').then((m) => m.persistQueryCache(queryClient)).catch(() => undefined);
    // Development builds run without a worker: live reload and a caching worker do not mix.
    if (process.env.NODE_ENV !== 'production') offline.set({ worker: 'none' });
    else void import('./updatesWorker').then((m) => m.registerWorker(queryClient)).catch(() => offline.set({ worker: 'none' }));
  });
}
