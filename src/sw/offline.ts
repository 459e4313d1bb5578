/**
 * The worker's content logic: offline mode (save every page of the current
 * manifest, with progress), keeping the pages a reader opened current when a
 * new manifest arrives, and forgetting what it does not name.
 */
import { MANIFEST_VERSION, ROOT_MANIFEST } from '../../manifest/constants';
import { indexFiles } from '../../manifest/localSearch';
import { parseLocaleStrings, parseManifest, parseShard } from '../../manifest/parse';
import { addShard, emptyView, localeBlobNames, shardOf, sidebarShardNames } from '../../manifest/shards';
import { savedWithVersion, searchEntryOf, versionKey } from '../../manifest/lookup';
import type { LocaleStrings, Manifest, ManifestRoot, ManifestShard } from '../../manifest/types';
import { imagesOfHtml, routeOfKey, routeOfPageKey } from './html';
import {
  cachedSearchFiles,
  contentFiles,
  ensureFile,
  fetchOk,
  fileUrl,
  findCached,
  getMeta,
  isCurrentPage,
  isQuotaError,
  NetworkError,
  offlineCacheNames,
  offlineStore,
  routeFiles,
  put,
  routeUrl,
  setMeta,
  stamped,
  storePage,
  type WorkerContext,
} from './storage';

/** The worker's context plus the shell files outside the precache. */
export interface OfflineContext extends WorkerContext {
  /** Shell files offline mode saves too (Mermaid and other on-demand chunks). */
  extraShellFiles: string[];
  /** Fills the precache (the shell's core files and the app shell), which the worker leaves empty until the reader shows intent. */
  precacheShell(): Promise<void>;
}

const MANIFEST = ROOT_MANIFEST;
/** Parallel downloads while saving. */
const CONCURRENCY = 4;

/** Raised inside a save that offline mode was turned off during. */
class Cancelled extends Error {}

/**
 * Runs `task` over `items`, `limit` at a time. After a failure no lane takes
 * another item, and the failure is thrown once every lane has stopped: a lane
 * still at work must not report progress after the save reported its error.
 */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await task(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((l) => l.status === 'rejected');
  if (failure) throw failure.reason;
}

/** A stored root manifest, or null when missing or of a version this worker does not read. */
async function readManifest(response: Response): Promise<ManifestRoot | null> {
  try {
    const json = (await response.json()) as { manifestVersion?: unknown };
    return json.manifestVersion === MANIFEST_VERSION ? parseManifest(json) : null;
  } catch {
    return null;
  }
}

/** A JSON file below `blobs/` in one of this worker's caches, checked by `parse`, or null when missing or of another shape. */
async function cachedBlob<T>(ctx: WorkerContext, name: string, parse: (json: unknown, name: string) => T): Promise<T | null> {
  const found = await findCached(ctx, fileUrl(ctx, `blobs/${name}`));
  try {
    return found ? parse(await found.json(), name) : null;
  } catch {
    return null;
  }
}

/** A page shard in one of this worker's caches, or null. */
const cachedShard = (ctx: WorkerContext, name: string): Promise<ManifestShard | null> => cachedBlob(ctx, name, parseShard);

/** A stored blob of a locale other than the default one, or null. */
const cachedLocale = (ctx: WorkerContext, name: string): Promise<LocaleStrings | null> => cachedBlob(ctx, name, parseLocaleStrings);

/** The stored blobs of the locales a root names, by name (null for one not stored): they name their versions' sidebar shards. */
async function cachedLocales(ctx: WorkerContext, root: ManifestRoot): Promise<Record<string, LocaleStrings | null>> {
  const names = localeBlobNames(root);
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await cachedLocale(ctx, name)] as const)));
}

/** The view of a root with the shards the worker has stored (none fetched). */
async function cachedView(ctx: WorkerContext, root: ManifestRoot): Promise<Manifest> {
  const view = emptyView(root);
  for (const name of root.shards) {
    const shard = await cachedShard(ctx, name);
    if (shard) addShard(view, shard);
  }
  return view;
}

/** The view of a root with the shards of `routes` (every shard when null), fetching into `cache` what no cache holds. */
async function viewWith(ctx: WorkerContext, cache: Pick<Cache, 'put'>, root: ManifestRoot, routes: string[] | null): Promise<Manifest> {
  const view = emptyView(root);
  const names = routes ? [...new Set(routes.map((route) => shardOf(root, route)))] : root.shards;
  await pool(names, CONCURRENCY, async (name) => {
    await ensureFile(ctx, cache, fileUrl(ctx, `blobs/${name}`));
    const shard = await cachedShard(ctx, name);
    if (!shard) throw new Error(`The documentation index part ${name} could not be stored.`);
    addShard(view, shard);
  });
  return view;
}

/** The manifest the worker stored last, or null. */
async function storedManifest(ctx: WorkerContext): Promise<ManifestRoot | null> {
  const found = await (await caches.open(ctx.names.manifest)).match(fileUrl(ctx, MANIFEST), { ignoreVary: true });
  return found ? readManifest(found) : null;
}

/** Stores the files a route shows besides its HTML (`routeFiles`), unless some cache holds them already (not read back: `ensureFile`). */
async function ensurePageFiles(ctx: WorkerContext, cache: Pick<Cache, 'put'>, manifest: Manifest, route: string): Promise<void> {
  for (const file of routeFiles(manifest, route)) await ensureFile(ctx, cache, fileUrl(ctx, file), { verifyStored: false });
}

/**
 * Fetches and stores a route's HTML, the files it shows besides (`routeFiles`)
 * and its images into `cache`. The HTML is stored last: a stored page is a
 * whole one, which a save that resumes after a failure skips.
 */
async function savePage(ctx: WorkerContext, cache: Pick<Cache, 'put'>, manifest: Manifest, route: string): Promise<void> {
  const key = routeUrl(ctx, route);
  const response = await fetchOk(key, { cache: 'no-cache' });
  const html = await response.clone().text();
  await ensurePageFiles(ctx, cache, manifest, route);
  for (const src of imagesOfHtml(html, new URL(ctx.scope).pathname)) {
    // An image the host lost does not stop the page from being readable; a failing network or a full storage does.
    await ensureFile(ctx, cache, new URL(src, ctx.scope).href).catch((error: unknown) => {
      if (isQuotaError(error) || error instanceof NetworkError) throw error;
    });
  }
  await storePage(ctx, cache, key, response, manifest.contentHash);
}

/**
 * After a new manifest was stored: brings the pages the reader opened up to
 * date (only those whose blob changed), drops blobs and search files that
 * neither this nor the previous manifest names (an open tab may still read the
 * previous one), and saves the new pages when offline mode is on.
 */
export async function onNewManifest(ctx: OfflineContext, root: ManifestRoot, previousRoot: ManifestRoot | null, options: { save: boolean }): Promise<void> {
  if (root.manifestVersion !== MANIFEST_VERSION) return;
  const pages = await caches.open(ctx.names.pages);
  const requests = await pages.keys();
  // Only the shards of the pages the reader stored are fetched.
  const stored = requests.map((r) => routeOfPageKey(r.url, ctx.scope)).filter((route) => route !== null);
  const manifest = await viewWith(ctx, await caches.open(ctx.names.content), root, stored).catch(() => cachedView(ctx, root));
  for (const request of requests) {
    const route = routeOfPageKey(request.url, ctx.scope);
    const saved = await pages.match(request);
    if (!saved || route === null || !manifest.routes[route]) {
      await pages.delete(request);
    } else if (!isCurrentPage(saved, manifest, route)) {
      await savePage(ctx, pages, manifest, route).catch((error: unknown) => {
        // Offline again: the older copy stays readable.
        if (isQuotaError(error)) throw error;
      });
    }
  }
  const previous = previousRoot && (await cachedView(ctx, previousRoot));
  const named = [...contentFiles(await cachedView(ctx, root), await cachedLocales(ctx, root)), ...(await cachedSearchFiles(ctx, root))];
  if (previous) named.push(...contentFiles(previous, await cachedLocales(ctx, previous)), ...(await cachedSearchFiles(ctx, previous)));
  const keep = new Set(named.map((f) => fileUrl(ctx, f)));
  for (const name of [ctx.names.content, ...offlineCacheNames(ctx)]) {
    // `caches.open` would create the caches it does not find.
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      // Only files below this worker's scope are its own.
      if (request.url.startsWith(ctx.scope) && /\/(blobs|search)\/[^/]+$/.test(new URL(request.url).pathname) && !keep.has(request.url))
        await cache.delete(request);
    }
  }
  if (options.save && (await getMeta(ctx, 'offline-mode')) === '1') await saveAll(ctx, root);
}

/** Stores a manifest fetched from the network and reacts when it is new. */
export async function takeManifest(ctx: OfflineContext, response: Response, options: { save: boolean }): Promise<ManifestRoot | null> {
  const manifest = await readManifest(response.clone());
  const previous = await storedManifest(ctx);
  await put(await caches.open(ctx.names.manifest), fileUrl(ctx, MANIFEST), await stamped(response));
  if (manifest && previous && previous.contentHash !== manifest.contentHash) await onNewManifest(ctx, manifest, previous, options);
  return manifest;
}

/** The newest manifest: from the network, else the stored one. */
async function latestManifest(ctx: OfflineContext): Promise<ManifestRoot | null> {
  try {
    return await takeManifest(ctx, await fetchOk(fileUrl(ctx, MANIFEST), { cache: 'no-cache' }), { save: false });
  } catch (error) {
    if (isQuotaError(error)) throw error;
    return storedManifest(ctx);
  }
}

/** Bumped when offline mode is turned off, so a save in progress stops. */
let generation = 0;
let current: Promise<void> | null = null;
let queued: { manifest: ManifestRoot | null; version?: string } | null = null;

/**
 * Offline mode: saves every route of the manifest (HTML, `routeFiles`, images), then
 * the search files, the web app manifest and the rest of the shell. Pages
 * already stored and current are not downloaded again. One save runs at a
 * time; a request during a save runs once more after it, with its manifest.
 */
export function saveAll(ctx: OfflineContext, manifest: ManifestRoot | null = null, version?: string): Promise<void> {
  if (current) {
    queued = { manifest, version };
    return current;
  }
  current = (async () => {
    let next: { manifest: ManifestRoot | null; version?: string } | null = { manifest, version };
    while (next) {
      queued = null;
      await saveOnce(ctx, next.manifest, next.version);
      next = queued;
    }
  })().finally(() => {
    current = null;
  });
  return current;
}

/**
 * One save. On a site with several versions it saves one: `version` (the one on the reader's screen), else the one
 * the last save was told (a save the worker resumes by itself after a deploy).
 */
async function saveOnce(ctx: OfflineContext, given: ManifestRoot | null, asked: string | undefined): Promise<void> {
  const mine = generation;
  const check = () => {
    if (mine !== generation) throw new Cancelled();
  };
  try {
    await setMeta(ctx, 'offline-mode', '1');
    if (asked !== undefined) await setMeta(ctx, 'offline-version', asked);
    // Before the check below: a new shell's worker starts with an empty precache, whatever the content saved.
    await ctx.precacheShell();
    const root = given ?? (await latestManifest(ctx));
    if (!root) throw new Error('The documentation index could not be loaded. Connect to the network and try again.');
    const stored = root.versions.length > 1 ? await getMeta(ctx, 'offline-version') : null;
    const version = root.versions.find((v) => versionKey(v) === stored) ?? null;
    const complete = version ? `${root.contentHash}:${versionKey(version)}` : root.contentHash;
    if ((await getMeta(ctx, 'offline-complete')) === complete) {
      await ctx.broadcast({
        type: 'OFFLINE_READY',
        contentHash: root.contentHash,
        total: (version && root.totals.versions?.[versionKey(version)]?.pages) || root.totals.pages,
      });
      return;
    }
    const cache = offlineStore(ctx);
    // Every shard: the index of every page, then the sidebar's (of the version saved).
    const manifest = await viewWith(ctx, cache, root, null);
    // The blob of the locale saved (of every other locale when the whole site is): its shell texts, its versions' sidebars.
    const locales: Record<string, LocaleStrings> = {};
    for (const { code, strings } of root.site.locales) {
      if (!strings || (version && version.locale !== code)) continue;
      await ensureFile(ctx, cache, fileUrl(ctx, `blobs/${strings}`));
      const locale = await cachedLocale(ctx, strings);
      if (!locale) throw new Error(`The documentation index part ${strings} could not be stored.`);
      locales[strings] = locale;
    }
    for (const name of sidebarShardNames(root, version ? [version] : root.versions, locales)) await ensureFile(ctx, cache, fileUrl(ctx, `blobs/${name}`));
    const routes = Object.keys(manifest.routes).filter((route) => !version || savedWithVersion(root, route, versionKey(version)));
    const total = routes.length;
    let done = 0;
    await ctx.broadcast({ type: 'OFFLINE_PROGRESS', done, total });
    await pool(routes, CONCURRENCY, async (route) => {
      check();
      const saved = await findCached(ctx, routeUrl(ctx, route));
      if (!saved || !isCurrentPage(saved, manifest, route)) {
        await savePage(ctx, cache, manifest, route);
      } else {
        await ensurePageFiles(ctx, cache, manifest, route);
      }
      done++;
      await ctx.broadcast({ type: 'OFFLINE_PROGRESS', done, total });
    });
    // The whole local index, so every query is answered offline: the entry, chunks and directories name the rest.
    const search = await indexFiles(searchEntryOf(manifest, version ? versionKey(version) : undefined), async (path) => {
      check();
      await ensureFile(ctx, cache, fileUrl(ctx, path));
      return (await findCached(ctx, fileUrl(ctx, path)))?.text() ?? null;
    });
    const files = [...search, 'manifest.webmanifest', ...ctx.extraShellFiles];
    await pool(files, CONCURRENCY, async (file) => {
      check();
      await ensureFile(ctx, cache, fileUrl(ctx, file), { verifyStored: false });
    });
    // Pages of routes the manifest does not have.
    for (const name of offlineCacheNames(ctx)) {
      if (!(await caches.has(name))) continue;
      const bucket = await caches.open(name);
      for (const request of await bucket.keys()) {
        const route = routeOfKey(request.url, ctx.scope);
        if (route !== null && !manifest.routes[route]) await bucket.delete(request);
      }
    }
    check();
    await setMeta(ctx, 'offline-complete', complete);
    await ctx.broadcast({ type: 'OFFLINE_READY', contentHash: manifest.contentHash, total });
  } catch (error) {
    if (error instanceof Cancelled) return;
    await ctx.broadcast({
      type: 'OFFLINE_ERROR',
      quota: isQuotaError(error),
      network: error instanceof NetworkError,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Offline mode off: stops a save and drops what offline mode stored (opened pages stay). */
export async function offlineOff(ctx: WorkerContext): Promise<void> {
  generation++;
  await current?.catch(() => undefined);
  await setMeta(ctx, 'offline-mode', null);
  await setMeta(ctx, 'offline-complete', null);
  for (const name of [ctx.names.offline, ...offlineCacheNames(ctx)]) await caches.delete(name);
}
