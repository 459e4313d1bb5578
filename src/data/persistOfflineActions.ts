/**
 * Offline mode, page side (spec §4, §9): whether it is on, what the worker
 * reports while saving, and the space the site takes. It turns on when the app
 * is installed, runs standalone, or the URL has `offlineMode=true`; beyond the
 * spec, any reader turns it on or off with the control above the footer, and
 * that choice is remembered. Loaded after the first page.
 */
import { OFFLINE_QUERY } from '../../manifest';
import { assetUrl } from '../config';
import { SAVED_AT_HEADER, type FromWorker, type OfflineStrategy, type ToWorker } from '../sw/protocol';
import { localStore } from '../lib/storage';
import { offline } from './persistOffline';

/** Local-storage key of the reader's choice: `on` or `off`. */
const CHOICE_KEY = 'docs-offline-mode';
/** Local-storage key set when the browser reports the app installed. */
const INSTALLED_KEY = 'docs-app-installed';

// Storage blocked: the choice lasts for this page only.
const readLocal = (key: string) => localStore.get(key);
const writeLocal = (key: string, value: string) => void localStore.set(key, value);

/** Whether one activation strategy applies now. */
function strategyApplies(strategy: OfflineStrategy): boolean {
  switch (strategy) {
    case 'queryString':
      return new URLSearchParams(window.location.search).get(OFFLINE_QUERY.name) === OFFLINE_QUERY.value;
    case 'standalone':
      return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
    case 'appInstalled':
      return readLocal(INSTALLED_KEY) === '1';
  }
}

/**
 * Decides whether offline mode is on: the query string always turns it on
 * (and is remembered); otherwise the reader's choice wins over installed and
 * standalone.
 */
export function resolveOfflineMode(strategies: OfflineStrategy[]): boolean {
  window.addEventListener('appinstalled', () => {
    writeLocal(INSTALLED_KEY, '1');
    if (readLocal(CHOICE_KEY) !== 'off') void setOfflineMode(true);
  });
  let on: boolean;
  if (strategies.includes('queryString') && strategyApplies('queryString')) {
    writeLocal(CHOICE_KEY, 'on');
    on = true;
  } else {
    const choice = readLocal(CHOICE_KEY);
    on = choice === 'on' || (choice !== 'off' && strategies.some(strategyApplies));
  }
  offline.set({ enabled: on });
  return on;
}

/** Sends a message to the active worker and waits for its answer. */
export async function postToWorker(message: ToWorker): Promise<unknown> {
  const registration = await navigator.serviceWorker.getRegistration(assetUrl(''));
  const worker = registration?.active;
  if (!worker) throw new Error('[docs] No active service worker.');
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/** Asks the worker to save every page; progress arrives as messages. */
export function requestSave(): void {
  if (offline.get().worker !== 'ready') return;
  offline.set({ phase: 'saving', done: 0, total: 0, error: null });
  // Offline mode keeps the site across storage pressure where the browser allows it.
  void navigator.storage?.persist?.().catch(() => false);
  void postToWorker({ type: 'SAVE_ALL' }).catch((error: unknown) => offline.set({ phase: 'error', error: { quota: false, message: String(error) } }));
}

/** Turns offline mode on or off (the reader's choice, remembered). */
export async function setOfflineMode(on: boolean): Promise<void> {
  writeLocal(CHOICE_KEY, on ? 'on' : 'off');
  offline.set({ enabled: on, error: null, phase: on ? offline.get().phase : 'off' });
  if (on) requestSave();
  else if (offline.get().worker === 'ready') await postToWorker({ type: 'OFFLINE_OFF' }).catch(() => undefined);
  await refreshUsage();
}

/** Applies a message from the worker. */
export function onWorkerMessage(message: FromWorker): void {
  switch (message.type) {
    case 'OFFLINE_PROGRESS':
      if (offline.get().enabled) offline.set({ phase: 'saving', done: message.done, total: message.total, error: null });
      break;
    case 'OFFLINE_READY':
      if (offline.get().enabled) offline.set({ phase: 'ready', done: message.total, total: message.total, error: null });
      void refreshUsage();
      break;
    case 'OFFLINE_ERROR':
      offline.set({ phase: 'error', error: { quota: message.quota, message: message.message } });
      break;
  }
}

/** Reads how much the site stores on this device. */
export async function refreshUsage(): Promise<void> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    offline.set({ usage: estimate?.usage ?? null });
  } catch {
    offline.set({ usage: null });
  }
}

/**
 * When the content on screen was saved: the time the worker stored the
 * manifest, else the time the persisted query cache got it. Null when unknown.
 */
export async function contentSavedAt(): Promise<Date | null> {
  try {
    const stored = await caches.match(assetUrl('manifest.json'), { ignoreSearch: true, ignoreVary: true });
    const at = stored?.headers.get(SAVED_AT_HEADER);
    if (at) return new Date(at);
  } catch {
    // No Cache Storage (no worker, or blocked): try the query cache.
  }
  const saved = await (await import('./persist')).savedManifest().catch(() => null);
  return saved ? new Date(saved.savedAt) : null;
}
