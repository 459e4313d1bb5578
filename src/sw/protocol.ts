/**
 * What the page and the service worker say to each other, and the names they
 * share (cache names, headers, registration parameters). Plain types and
 * constants only: this file is bundled into both the shell and `sw.js`.
 */

/** Offline-mode activation strategies: installed app, standalone window, `?offlineMode=true`. */
export type OfflineStrategy = 'appInstalled' | 'standalone' | 'queryString';

/** Messages the page sends to the worker. Every one is answered on its reply port. */
export type ToWorker =
  /** Cache resources the page loaded before the worker controlled it (first visit). */
  | { type: 'CACHE_URLS'; urls: string[] }
  /** Offline mode on: save every page of the current manifest (on a versioned site, of `version`, its `versionKey` (a locale's copy: `fr:1.0`), and outside the docs). */
  | { type: 'SAVE_ALL'; version?: string }
  /** Offline mode off: drop what offline mode saved (opened pages stay). */
  | { type: 'OFFLINE_OFF' }
  /** The reader accepted the new version (sent by workbox-window's `messageSkipWaiting`). */
  | { type: 'SKIP_WAITING' };

/** Messages the worker sends to every open page. */
export type FromWorker =
  /** Saving for offline reading: `done` of `total` pages stored. */
  | { type: 'OFFLINE_PROGRESS'; done: number; total: number }
  /** Every page of the manifest with this `contentHash` is stored. */
  | { type: 'OFFLINE_READY'; contentHash: string; total: number }
  /** Saving failed; `quota` when the browser refused the space, `network` when the network failed or stalled (the page resumes the save once it is back). */
  | { type: 'OFFLINE_ERROR'; quota: boolean; network: boolean; message: string };

/** What each runtime cache holds (the precache is Workbox's own, already named by scope). */
const CACHE_KINDS = {
  /** HTML of pages the reader opened. */
  pages: 'docs-pages',
  /** Blobs and search files the reader loaded (immutable, named by hash). */
  content: 'docs-content',
  /** Shell chunks outside the precache (Mermaid, rarely used grammars). */
  assets: 'docs-assets',
  /** Images and other unhashed files. */
  media: 'docs-media',
  /** `manifest.json`, network first. */
  manifest: 'docs-manifest',
  /** Everything offline mode saved; dropped when it is turned off. */
  offline: 'docs-offline',
  /** Small records the worker keeps: its version, the offline-mode state. */
  meta: 'docs-meta',
} as const;

/** The runtime cache names of one worker. */
export type CacheNames = { readonly [K in keyof typeof CACHE_KINDS]: string };

/**
 * The runtime cache names of the worker registered at `scope` (an absolute
 * URL): `docs-pages-https://user.github.io/abp-react/`. Sites on one origin
 * (project sites of `user.github.io`) each keep and clean their own caches
 * as Workbox names its precache.
 */
export function cacheNames(scope: string): CacheNames {
  const out = {} as Record<keyof typeof CACHE_KINDS, string>;
  for (const [kind, name] of Object.entries(CACHE_KINDS)) out[kind as keyof typeof CACHE_KINDS] = `${name}-${scope}`;
  return out;
}

/** Cache names without the worker's scope, shared by every site of the origin: only entries below a worker's own scope are its own. */
export const LEGACY_CACHE_NAMES: readonly string[] = Object.values(CACHE_KINDS);

/** Header the worker adds to what it stores: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-docs-saved-at';

/** Header on a stored page: the blob its static article was rendered from. */
export const BLOB_HEADER = 'x-docs-blob';
/** Header of a stored page: the article file its HTML was built with. */
export const ARTICLE_HEADER = 'x-docs-article';

/** Header on a page offline mode stored: the `contentHash` of the manifest it belongs to. */
export const CONTENT_HEADER = 'x-docs-content';

/** Registration parameters of `sw.js` (its query string, read by the worker at start). */
export interface WorkerParams {
  /** Offline mode was on when the page registered the worker. */
  offlineMode: boolean;
  /** The activation strategies the site uses. */
  strategies: OfflineStrategy[];
}

/** `offlineMode=true&strategies=appInstalled,standalone,queryString`. */
export function encodeWorkerParams(params: WorkerParams): string {
  return `offlineMode=${params.offlineMode}&strategies=${params.strategies.join(',')}`;
}

/** Reads the parameters back from the worker's own URL. */
export function decodeWorkerParams(search: string): WorkerParams {
  const q = new URLSearchParams(search);
  const strategies = (q.get('strategies') ?? '')
    .split(',')
    .filter((s): s is OfflineStrategy => s === 'appInstalled' || s === 'standalone' || s === 'queryString');
  return { offlineMode: q.get('offlineMode') === 'true', strategies };
}
