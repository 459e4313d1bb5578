/// <reference lib="webworker" />
/**
 * The service worker, served at `<baseUrl>sw.js`. `node/serviceWorker.ts`
 * bundles it and Workbox injects the precache list (the shell's core files and
 * the home page, used as the app shell) at `self.__WB_MANIFEST`.
 *
 * The precache is not filled when the worker installs: a reader who opens one
 * page pays for that page only. It is filled once a page says the reader means
 * to read on (`PRECACHE`: a second page view) or asks for offline mode
 * (`SAVE_ALL`); until then the worker stores what pages fetch.
 *
 * - Pages (navigations): network first (4 s), the stored copy when offline,
 *   else the app shell; every page opened is stored.
 * - A page's HTML the shell fetches (a large site's articles): network first,
 *   the stored copy when offline; not stored.
 * - The root manifest (`ROOT_MANIFEST`): network first, the stored copy as fallback.
 * - Blobs, search files and shell chunks: cache first (their names are hashes).
 * - Offline mode (`offline.ts`): every page of the manifest, with progress.
 *
 * A new worker with the same shell (a content-only build, or other
 * registration parameters) takes over at once; one with another shell waits
 * until the reader accepts "A new version is available".
 */
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { registerQuotaErrorCallback } from 'workbox-core';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { asAppShell, pageKey, withCurrentShell } from './html';
import { offlineOff, onNewManifest, saveAll, takeManifest, type OfflineContext } from './offline';
import { matchesName, MISMATCH_STATUS_TEXT } from './contentHash';
import { keepSearchEntries } from './searchFiles';
import type { ManifestRoot } from '../../manifest/types';
import { ROOT_MANIFEST } from '../../manifest/constants';
import { isShellAssetPath } from '../../manifest/paths';
import { cacheNames, decodeWorkerParams, LEGACY_CACHE_NAMES, type FromWorker, type ToWorker } from './protocol';
import { dropCached, fetchOk, findCached, isQuotaError, offlineCacheNames, setMeta, getMeta, stamped, storePage } from './storage';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Build-time facts about the shell, defined by `node/serviceWorker.ts`. */
declare const __DOCS_SW__: {
  /** Hash of the shell and of this worker: equal versions take over without asking. */
  version: string;
  /** Entry module and stylesheet below the base (`assets/main-<hash>.js`). */
  js: string;
  css: string;
  /** Shell files outside the precache, saved by offline mode. */
  extra: string[];
};

const CONFIG = __DOCS_SW__;
/** How long a page or the manifest may take before a stored copy is shown instead. */
const NETWORK_TIMEOUT_S = 4;

const params = decodeWorkerParams(self.location.search);
const scope = self.registration.scope;
const scopePath = new URL(scope).pathname;

const precache = new PrecacheController();
// Listed, not installed: `precacheShell` fills it once the reader shows intent.
precache.addToCacheList(self.__WB_MANIFEST);

/** Runtime caches named by this worker's scope: sites sharing the origin never touch each other's. */
const CACHES = cacheNames(scope);

const ctx: OfflineContext = {
  scope,
  names: CACHES,
  precache: precache.strategy.cacheName,
  extraShellFiles: CONFIG.extra,
  precacheShell: () => precacheShell(),
  async broadcast(message: FromWorker) {
    for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) client.postMessage(message);
  },
};

const reportQuota = (error: unknown) => void ctx.broadcast({ type: 'OFFLINE_ERROR', quota: true, network: false, message: String(error) });
registerQuotaErrorCallback(() => reportQuota('QuotaExceededError'));

// --- plugins ---------------------------------------------------------------

/** Stores only complete answers. */
const okOnly: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) };

/** A miss in the strategy's own cache may be in another one of this worker (offline mode stores into its own cache). */
const anyCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => cachedResponse ?? (await findCached(ctx, request.url)) ?? null,
};

/**
 * Files named by their content (blobs, search files) are checked against the
 * name: a stored copy that does not match is dropped and fetched
 * again; a network answer that does not match is neither stored nor passed on
 * (the page gets an HTTP error, and offers Retry or renders the markdown).
 */
const verified: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (!cachedResponse || (await matchesName(request.url, cachedResponse))) return cachedResponse ?? null;
    await dropCached(ctx, request.url);
    return null;
  },
  fetchDidSucceed: async ({ request, response }) =>
    !response.ok || (await matchesName(request.url, response)) ? response : new Response(null, { status: 502, statusText: MISMATCH_STATUS_TEXT }),
};

/** The manifest is stored with the time it was fetched, and a new one brings the stored pages up to date. */
const manifestPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response) : null),
  cacheDidUpdate: async ({ oldResponse, newResponse }) => {
    // Search starts offline on any page of the site: its entry is kept as soon as a manifest names it.
    await newResponse
      .clone()
      .json()
      .then((root: ManifestRoot) => keepSearchEntries(ctx, root))
      .catch(reportIfQuota);
    if (!oldResponse) return;
    const [before, after] = await Promise.all([oldResponse.clone().json(), newResponse.clone().json()]).catch(() => [null, null]);
    if (before && after && before.contentHash !== after.contentHash) await onNewManifest(ctx, after, before, { save: true }).catch(reportIfQuota);
  },
};

function reportIfQuota(error: unknown): void {
  if (isQuotaError(error)) reportQuota(error);
}

// --- routes ----------------------------------------------------------------

const assetsStrategy = new CacheFirst({ cacheName: CACHES.assets, plugins: [anyCache, okOnly], matchOptions: { ignoreVary: true } });
const mediaStrategy = new StaleWhileRevalidate({ cacheName: CACHES.media, plugins: [anyCache, okOnly], matchOptions: { ignoreVary: true } });

const router = new Router();
const below = (url: URL, dir: string) => url.origin === self.location.origin && url.pathname.startsWith(scopePath + dir);
/** A file of a shell (named by its hash), not a static file of the site that lies below `assets/` too. */
const shellAsset = (url: URL) => below(url, 'assets/') && isShellAssetPath(url.pathname.slice(scopePath.length));

router.registerRoute(
  new Route(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname.startsWith(scopePath),
    ({ request, event }) => handleNavigation(request as Request, event as FetchEvent),
  ),
);
// A file of the precache list: the precached copy once the precache is filled, else cached as the runtime routes below cache it.
router.registerRoute(
  new Route(
    ({ url }) => precache.getCacheKeyForURL(url.origin + url.pathname) !== undefined,
    async ({ request, event, url }) =>
      (await precache.matchPrecache(url.origin + url.pathname)) ??
      (shellAsset(url) ? assetsStrategy : mediaStrategy).handle({ event: event as FetchEvent, request: request as Request }),
  ),
);
// A page's HTML fetched by the shell, which takes the article from it on a large site (`ManifestRoot.articlesIn`).
// Not stored: the shell fetches the pages its links point to ahead of a click, and keeps the articles itself.
router.registerRoute(
  new Route(
    ({ request, url }) => request.mode !== 'navigate' && url.pathname.endsWith('.html') && below(url, '') && !below(url, 'blobs/') && !below(url, 'assets/'),
    async ({ request, event }) => {
      const { fresh, saved, network } = await networkOrStoredPage(request as Request, event as FetchEvent, { store: false });
      return fresh ?? saved ?? network;
    },
  ),
);
router.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && url.pathname === scopePath + ROOT_MANIFEST,
    new NetworkFirst({
      cacheName: CACHES.manifest,
      networkTimeoutSeconds: NETWORK_TIMEOUT_S,
      plugins: [manifestPlugin],
      matchOptions: { ignoreVary: true, ignoreSearch: true },
    }),
  ),
);
router.registerRoute(
  new Route(
    ({ url }) => below(url, 'blobs/') || below(url, 'search/'),
    new CacheFirst({ cacheName: CACHES.content, plugins: [anyCache, verified, okOnly], matchOptions: { ignoreVary: true } }),
  ),
);
router.registerRoute(new Route(({ url }) => shellAsset(url), assetsStrategy));
router.registerRoute(
  new Route(({ url }) => below(url, '') && url.pathname !== scopePath + 'sw.js' && !url.pathname.startsWith(scopePath + '__'), mediaStrategy),
);

/**
 * A page's HTML: the network's answer if it comes within the timeout (with
 * `store`, stored under the page's canonical URL as it arrives), else the
 * stored copy; the network's answer to wait for when neither.
 */
async function networkOrStoredPage(
  request: Request,
  event: FetchEvent,
  { store }: { store: boolean },
): Promise<{ fresh: Response | null; saved: Response | null; network: Promise<Response> }> {
  const key = pageKey(new URL(request.url), scope);
  const network = fetch(request);
  const stored = network.then(async (response) => {
    if (store && response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      // Cloned before any await: once the page is answered, the browser reads the body and a clone fails.
      const copy = response.clone();
      await storePage(ctx, await caches.open(CACHES.pages), key, copy);
    }
  });
  event.waitUntil(stored.catch(reportIfQuota));
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_S * 1000));
  const fresh = await Promise.race([network.catch(() => null), timeout]);
  return { fresh, saved: fresh ? null : ((await findCached(ctx, key)) ?? null), network };
}

/**
 * Network first with a timeout; every page that loads is stored under its
 * canonical URL. Offline (or slow), the stored copy, pointed at the current
 * shell; for a page never stored, the app shell, which renders the route from
 * the stored manifest and blob or says it could not load it.
 */
async function handleNavigation(request: Request, event: FetchEvent): Promise<Response> {
  const { fresh, saved, network } = await networkOrStoredPage(request, event, { store: true });
  if (fresh) return fresh;
  if (saved) return htmlResponse(withCurrentShell(await saved.text(), CONFIG), saved);
  try {
    return await network;
  } catch (error) {
    const shell = await precache.matchPrecache('index.html');
    if (!shell) throw error;
    return htmlResponse(asAppShell(withCurrentShell(await shell.text(), CONFIG)), shell);
  }
}

function htmlResponse(html: string, from: Response): Response {
  const headers = new Headers(from.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(html, { status: 200, headers });
}

self.addEventListener('fetch', (event) => {
  const response = router.handleRequest({ event, request: event.request });
  if (response) event.respondWith(response);
});

// --- lifecycle -------------------------------------------------------------

self.addEventListener('install', (event) => {
  // The first worker, or one with the same shell, takes over at once; another shell waits for the reader.
  event.waitUntil(
    (async () => {
      if (!self.registration.active || (await getMeta(ctx, 'version')) === CONFIG.version) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  // Drops what older workers precached and this one does not list (Workbox's own clean-up).
  void precache.activate(event);
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      await setMeta(ctx, 'version', CONFIG.version);
      if (params.offlineMode) await setMeta(ctx, 'offline-mode', '1');
      // Chunks of older shells: no page of this shell asks for them.
      const shellFiles = new Set([...precache.getCachedURLs(), ...CONFIG.extra.map((f) => new URL(f, scope).href)]);
      // Offline mode stored into one cache before it used buckets (`offlineCacheNames`); a big one cannot be listed: save again.
      if (await caches.delete(CACHES.offline)) await setMeta(ctx, 'offline-complete', null);
      for (const name of [CACHES.assets, ...offlineCacheNames(ctx)]) {
        if (!(await caches.has(name))) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) if (shellAsset(new URL(request.url)) && !shellFiles.has(request.url)) await cache.delete(request);
      }
      // Caches without a scope in their name are shared by every site of the origin: drop only this scope's entries.
      for (const name of LEGACY_CACHE_NAMES) {
        if (!(await caches.has(name))) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) if (request.url.startsWith(scope)) await cache.delete(request);
        if ((await cache.keys()).length === 0) await caches.delete(name);
      }
    })(),
  );
});

// --- the precache ------------------------------------------------------------

let filling: Promise<void> | null = null;

/**
 * Fills the precache with the files of its list it lacks. A copy the runtime
 * caches hold (a chunk a page loaded) is taken from there; the rest is fetched,
 * through the HTTP cache for hashed names, afresh for the others (Workbox's
 * revision). One fill runs at a time; a failed one is tried again on the next signal.
 */
function precacheShell(): Promise<void> {
  filling ??= (async () => {
    const cache = await caches.open(precache.strategy.cacheName);
    for (const [url, cacheKey] of precache.getURLsToCacheKeys()) {
      if (await cache.match(cacheKey)) continue;
      const revisioned = cacheKey !== url;
      const response =
        (!revisioned && (await findCached(ctx, url))) || (await fetchOk(url, { cache: revisioned ? 'reload' : 'default', credentials: 'same-origin' }));
      await cache.put(cacheKey, response);
    }
  })().finally(() => {
    filling = null;
  });
  return filling;
}

// --- messages from pages -----------------------------------------------------

/**
 * Stores what a page loaded before this worker controlled it (its first visit):
 * the page itself and, through the routes above, the manifest, blob and chunks.
 */
async function cacheUrls(urls: string[], event: ExtendableEvent): Promise<void> {
  for (const raw of urls) {
    const url = new URL(raw, scope);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(scopePath)) continue;
    const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    try {
      if (!below(url, 'blobs/') && (!/\.[a-z0-9]+$/i.test(last) || last.endsWith('.html'))) {
        const key = pageKey(url, scope);
        if (!(await findCached(ctx, key))) await storePage(ctx, await caches.open(CACHES.pages), key, await fetchOk(key));
      } else if (url.pathname === scopePath + ROOT_MANIFEST) {
        const root = await takeManifest(ctx, await fetchOk(url.href, { cache: 'no-cache' }), { save: true });
        if (root) await keepSearchEntries(ctx, root);
      } else {
        await router.handleRequest({ event, request: new Request(url.href) });
      }
    } catch (error) {
      reportIfQuota(error);
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as ToWorker | null;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  switch (data?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      reply(true);
      break;
    case 'CACHE_URLS':
      event.waitUntil(cacheUrls(data.urls, event).then(() => reply(true)));
      break;
    case 'PRECACHE':
      event.waitUntil(
        precacheShell().then(
          () => reply(true),
          (error: unknown) => {
            reportIfQuota(error);
            reply(false);
          },
        ),
      );
      break;
    case 'SAVE_ALL':
      event.waitUntil(saveAll(ctx, null, data.version).then(() => reply(true)));
      break;
    case 'OFFLINE_OFF':
      event.waitUntil(offlineOff(ctx).then(() => reply(true)));
      break;
    default:
      break;
  }
});
