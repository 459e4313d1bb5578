/**
 * Registers the service worker with workbox-window
 * (`<baseUrl>sw.js?<params>`, the parameters carrying the offline-mode
 * settings). Loaded lazily after the first page (`updates.ts`), so neither
 * workbox-window nor this module weighs on it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Workbox } from 'workbox-window';
import type { Manifest } from '../../manifest';
import { assetUrl, baseUrl } from '../config';
import { encodeWorkerParams, type FromWorker, type OfflineStrategy } from '../sw/protocol';
import { manifestQueryOptions } from './manifestQueries';
import { offline } from './persistOffline';
import { onWorkerMessage, postToWorker, refreshUsage, requestSave, resolveOfflineMode, saveNeedsAcceptance, setTotalsSource } from './persistOfflineActions';
import { setWorkerUpdateCheck, updates } from './updatesStore';
import { readerIntent } from './readerIntent';
import { preloadAllowed } from '../lib/preload';

const ALL_STRATEGIES: OfflineStrategy[] = ['appInstalled', 'standalone', 'queryString'];
/** If the new worker has not taken control by then, reload anyway. */
const RELOAD_FALLBACK_MS = 3000;
/** How long to wait for the first worker to claim the page before handing over what it loaded. */
const CONTROL_TIMEOUT_MS = 10_000;

/** What this page loaded before a worker controlled it (its first visit), for the worker to store. */
function loadedUrls(): string[] {
  const base = new URL(baseUrl(), window.location.href).href;
  const resources = performance.getEntriesByType('resource').map((e) => e.name);
  return [window.location.href, ...resources].filter((url) => url.startsWith(base));
}

/** Resolves once a worker controls the page (the first worker claims it on activation), or after a while. */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    setTimeout(resolve, CONTROL_TIMEOUT_MS);
  });
}

/**
 * Resolves once a worker this page's registration installs (other parameters, or a new shell) has settled: active,
 * gone, or waiting for the reader. Messages go to the active worker, and a same-shell worker takes over only once
 * the active one has no event in flight: a save posted before would keep the old worker, and put off the
 * takeover, until the save ends, and a navigation that reaches the old worker as it is replaced may never be answered.
 */
function settled(wb: Workbox, worker: ServiceWorker | null): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    };
    worker.addEventListener('statechange', check);
    wb.addEventListener('waiting', () => resolve());
    setTimeout(resolve, CONTROL_TIMEOUT_MS);
    check();
  });
}

/** Registers the worker and wires its events to the update and offline states. */
export async function registerWorker(queryClient: QueryClient): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    offline.set({ worker: 'none' });
    return;
  }
  const manifest = queryClient.getQueryData<Manifest>(manifestQueryOptions().queryKey);
  const strategies = manifest?.site.offlineModeActivationStrategies ?? ALL_STRATEGIES;
  const offlineMode = resolveOfflineMode(strategies);
  setTotalsSource(() => queryClient.getQueryData<Manifest>(manifestQueryOptions().queryKey) ?? null);
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  // A worker told offline mode is on keeps every page saved after each deploy: not before the reader accepts a large save.
  const workerOffline = offlineMode && !saveNeedsAcceptance();
  const wb = new Workbox(`${assetUrl('sw.js')}?${encodeWorkerParams({ offlineMode: workerOffline, strategies })}`, { scope: baseUrl() });

  // A new shell waits for the reader: 'A new version is available' with Reload.
  wb.addEventListener('waiting', () => {
    updates.set({
      shell: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
        setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
      },
    });
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    if (event.data && typeof event.data.type === 'string') onWorkerMessage(event.data);
  });

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register();
  } catch {
    // Blocked (private mode, policy) or failing: the site works online, in memory.
    offline.set({ worker: 'none' });
    return;
  }
  setWorkerUpdateCheck(() => wb.update());
  // `ready` rather than `wb.active`: it also settles for a page loaded without the worker (a hard reload).
  await navigator.serviceWorker.ready;
  await settled(wb, registration?.installing ?? null);
  offline.set({ worker: 'ready' });
  if (!controlledAtLoad) {
    // Once the worker controls the page every request passes through it; what came before is handed over.
    await controlled();
    await postToWorker({ type: 'CACHE_URLS', urls: loadedUrls() }).catch(() => undefined);
  }
  if (offlineMode) requestSave();
  else void refreshUsage();
  precacheOnIntent();
}

/**
 * Asks the worker to fill its precache once the reader has opened a second
 * page, never on Save-Data or 2g: until then it holds the pages opened and
 * what they loaded. Offline mode asks for it with its save.
 */
function precacheOnIntent(): void {
  let stop = () => {};
  const check = () => {
    if (!readerIntent.get().shown || !preloadAllowed()) return;
    stop();
    void postToWorker({ type: 'PRECACHE' }).catch(() => undefined);
  };
  stop = readerIntent.subscribe(check);
  check();
}
