/**
 * Offline mode, page side: whether it is on, what the worker
 * reports while saving, and the space the site takes. It turns on when the app
 * is installed, runs standalone, or the URL has `offlineMode=true`; besides those,
 * any reader turns it on or off with the control above the footer, and
 * that choice is remembered. Loaded after the first page.
 */
import {
  lastVersion,
  localeCodeAt,
  normalizeRoutePath,
  OFFLINE_QUERY,
  ROOT_MANIFEST,
  stripBase,
  versionHolding,
  versionKey,
  versionsIn,
  type DocVersion,
  type ManifestRoot,
} from '../../manifest';
import { localStore } from '../lib/storage';
import { assetUrl } from '../config';
import { SAVED_AT_HEADER, type FromWorker, type OfflineStrategy, type ToWorker } from '../sw/protocol';
import { keepTrying } from '../lib/keepTrying';
import { CHOICE_KEY, INSTALLED_KEY, offline, type SaveEstimate } from './persistOffline';
import { PREFERRED_VERSION_KEY, siteLocalStore } from './siteStorage';

/** Local-storage key set once the reader accepted what saving a large site stores. */
const LARGE_SAVE_KEY = 'docs-offline-large-accepted';

// By site (`siteStorage.ts`); storage blocked: the choice lasts for this page only.
const readLocal = (key: string) => siteLocalStore.get(key);
const writeLocal = (key: string, value: string) => void siteLocalStore.set(key, value);

/**
 * Above this estimate, offline mode says how much it will store and waits for
 * the reader before it starts: on a large site, saving every page is a lot to ask unannounced.
 */
export const LARGE_SAVE_BYTES = 50 * 1024 * 1024;

/**
 * What saving every page stores, about: the files the build counted
 * (`ManifestRoot.totals`), plus each page's HTML, taken as its article (the
 * build counted them all) and the rest of the page on screen (its HTML but
 * its article): pages differ mostly in their articles.
 */
export function saveEstimate(totals: Omit<ManifestRoot['totals'], 'versions'>, page: { htmlBytes: number; articleBytes: number }): SaveEstimate {
  return { pages: totals.pages, bytes: totals.bytes + totals.articles + totals.pages * Math.max(0, page.htmlBytes - page.articleBytes) };
}

/** Whether a save of this size waits for the reader: it is large and they never accepted one on this device. */
export function needsAcceptance(estimate: SaveEstimate | null, accepted: boolean): boolean {
  return !accepted && estimate !== null && estimate.bytes > LARGE_SAVE_BYTES;
}

type SaveRoot = Pick<ManifestRoot, 'totals' | 'versions' | 'site'>;

/** The root manifest, once the worker registration has said where to read it. */
let readRoot: () => SaveRoot | null = () => null;

/** Where `requestSave` reads the site's totals and versions from (the shell's current root manifest). */
export function setTotalsSource(read: () => SaveRoot | null): void {
  readRoot = read;
}

/**
 * On a site with several versions, the one offline mode saves (with the pages outside the docs): the version on
 * screen, else the preferred one, else the last. Null on a site with one version, which is saved whole.
 */
function versionToSave(root: SaveRoot): DocVersion | null {
  if (root.versions.length < 2) return null;
  const { pathname } = window.location;
  const path = normalizeRoutePath(stripBase(pathname, root.site.baseUrl) ?? pathname);
  // In another locale, its copy of the version: the locale on screen is saved with the version.
  const locale = localeCodeAt(root.site, path);
  const preferred = versionsIn(root, locale).find((version) => version.name === localStore.get(PREFERRED_VERSION_KEY));
  return versionHolding(root, path) ?? preferred ?? lastVersion(root, locale);
}

/** What a save stores: the site's totals, or the version's it saves. */
function totalsToSave(root: SaveRoot): Omit<ManifestRoot['totals'], 'versions'> {
  const version = versionToSave(root);
  return (version && root.totals.versions?.[versionKey(version)]) || root.totals;
}

/**
 * The size of the page on screen as the document stands, and of the article in
 * it: both of the same page, which after a client navigation is not the one
 * the browser loaded.
 */
function pageSizes(): { htmlBytes: number; articleBytes: number } {
  const size = (text: string) => new Blob([text]).size;
  return { htmlBytes: size(document.documentElement.outerHTML), articleBytes: size(document.querySelector('main .markdown')?.innerHTML ?? '') };
}

/** The estimate of a save started at this moment, or null when the totals are not known. */
function currentEstimate(): SaveEstimate | null {
  const root = readRoot();
  return root ? saveEstimate(totalsToSave(root), pageSizes()) : null;
}

/** The estimate of a save started at this moment when it waits for the reader's answer (`needsAcceptance`), else null. */
function estimateToAccept(): SaveEstimate | null {
  const estimate = currentEstimate();
  return needsAcceptance(estimate, readLocal(LARGE_SAVE_KEY) === '1') ? estimate : null;
}

/** Whether a save started at this moment waits for the reader's answer (`needsAcceptance`). */
export const saveNeedsAcceptance = (): boolean => estimateToAccept() !== null;

/** Whether one activation strategy applies at this moment. */
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

/**
 * A save the worker sends no word of for this long is asked for again: the
 * browser may have stopped the worker, and its save with it. Asking a worker
 * that is still saving costs one more pass over what it stored.
 */
export const SAVE_SILENCE_MS = 30_000;
let silence: ReturnType<typeof setTimeout> | undefined;

/** Asks the worker to save; an error of the asking is the save's error. */
function postSave(): void {
  const root = readRoot();
  const version = root && versionToSave(root);
  void postToWorker(version ? { type: 'SAVE_ALL', version: versionKey(version) } : { type: 'SAVE_ALL' }).catch((error: unknown) =>
    offline.set({ phase: 'error', error: { quota: false, network: false, message: String(error) } }),
  );
  awaitWord();
}

/** While saving, waits for the worker's next word, and asks again when none comes. */
function awaitWord(): void {
  clearTimeout(silence);
  const saving = () => offline.get().enabled && offline.get().phase === 'saving';
  // Checked again when the time comes: offline mode may have been turned off meanwhile.
  if (saving()) silence = setTimeout(() => saving() && postSave(), SAVE_SILENCE_MS);
}

/**
 * Asks the worker to save every page; progress arrives as messages. A large
 * save first shows its estimate (`confirm`) and starts when the reader
 * accepts it (`accepted`), which is remembered.
 */
export function requestSave(options: { accepted?: boolean } = {}): void {
  if (offline.get().worker !== 'ready') return;
  if (options.accepted) writeLocal(LARGE_SAVE_KEY, '1');
  else {
    const estimate = estimateToAccept();
    if (estimate) {
      offline.set({ phase: 'confirm', estimate, error: null });
      return;
    }
  }
  offline.set({ phase: 'saving', done: 0, total: 0, error: null, estimate: null });
  // Offline mode keeps the site across storage pressure where the browser allows it.
  void navigator.storage?.persist?.().catch(() => false);
  postSave();
}

/** Retries of a save the network stopped: 2 s, doubling up to a minute, and at once when the browser is back online. */
const RESUME = { firstDelayMs: 2_000, maxDelayMs: 60_000 };
let resuming = false;

/** Whether the save stands stopped by the network. */
const stoppedByNetwork = () => offline.get().enabled && offline.get().phase === 'error' && offline.get().error?.network === true;

/** Resolves once the save in progress has ended (saved, failed, or offline mode turned off). */
const saveEnded = () =>
  new Promise<void>((resolve) => {
    const stop = offline.subscribe(() => {
      if (offline.get().phase !== 'saving') {
        stop();
        resolve();
      }
    });
  });

/** Resumes a save the network stopped, in the background, until it is saved or it fails for another reason. */
function resumeWhenBack(): void {
  if (resuming) return;
  resuming = true;
  keepTrying(
    async () => {
      if (stoppedByNetwork()) {
        requestSave();
        // Not saving when the worker is gone, or when a large save waits for the reader.
        if (offline.get().phase === 'saving') await saveEnded();
      }
      const done = !stoppedByNetwork();
      if (done) resuming = false;
      return done;
    },
    { ...RESUME, target: window, wakeOn: ['online'] },
  );
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
      awaitWord();
      break;
    case 'OFFLINE_READY':
      if (offline.get().enabled) offline.set({ phase: 'ready', done: message.total, total: message.total, error: null });
      awaitWord();
      void refreshUsage();
      break;
    case 'OFFLINE_ERROR':
      offline.set({ phase: 'error', error: { quota: message.quota, network: message.network === true, message: message.message } });
      awaitWord();
      if (message.network) resumeWhenBack();
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
    const stored = await caches.match(assetUrl(ROOT_MANIFEST), { ignoreSearch: true, ignoreVary: true });
    const at = stored?.headers.get(SAVED_AT_HEADER);
    if (at) return new Date(at);
  } catch {
    // No Cache Storage (no worker, or blocked): try the query cache.
  }
  const saved = await (await import('./persist')).savedManifest().catch(() => null);
  return saved ? new Date(saved.savedAt) : null;
}
