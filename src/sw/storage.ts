/**
 * Cache Storage helpers of the worker: stamped copies, quota-aware writes, a
 * few small records, and the pages and files a manifest needs.
 */
import { indexFiles } from '../../manifest/localSearch';
import { pageAt } from '../../manifest/lookup';
import { fnv1a, shardNames } from '../../manifest/shards';
import type { LocaleStrings, Manifest, ManifestPage } from '../../manifest/types';
import { fetchBody, type FetchedBody } from '../lib/fetchBody';
import { fetchChecked, matchesName } from './contentHash';
import { articleOfHtml, blobOfHtml } from './html';
import { ARTICLE_HEADER, BLOB_HEADER, CONTENT_HEADER, SAVED_AT_HEADER, type CacheNames, type FromWorker } from './protocol';

/** What the worker's helpers need to know about where they run. */
export interface WorkerContext {
  /** The registration scope, an absolute URL ending in `/abp-react/`. */
  scope: string;
  /** This worker's runtime caches, named by its scope (`cacheNames(scope)`). */
  names: CacheNames;
  /** This worker's precache (Workbox names it by scope too). */
  precache: string;
  /** Tells every open page. */
  broadcast(message: FromWorker): Promise<void>;
}

/** The browser refused to store more (QuotaExceededError). */
class QuotaError extends Error {
  override name = 'QuotaError';
}

/** Whether an error is the browser's "storage is full". */
export function isQuotaError(error: unknown): boolean {
  return error instanceof QuotaError || (error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22));
}

/** Absolute URL of a file below the scope. */
export const fileUrl = (ctx: WorkerContext, rel: string) => new URL(rel.replace(/^\//, ''), ctx.scope).href;

/** Absolute URL (and cache key) of a route's page: `/docs/intro` → `…/abp-react/docs/intro`. */
export const routeUrl = (ctx: WorkerContext, route: string) => fileUrl(ctx, route === '/' ? '' : route.slice(1));

/**
 * Offline mode stores into this many caches, chosen by a hash of the URL:
 * Chromium refuses to list a cache past some 30,000 entries ("Operation too
 * large"), which one cache of a 10,000-page site reaches (HTML, article and
 * markdown of each page), and listing is how stale entries are found.
 */
export const OFFLINE_BUCKETS = 16;

/** Every cache offline mode stores into. */
export function offlineCacheNames(ctx: Pick<WorkerContext, 'names'>): string[] {
  return Array.from({ length: OFFLINE_BUCKETS }, (_, i) => `${ctx.names.offline}#${i}`);
}

/** The offline-mode cache that holds `url`. */
export function offlineCacheOf(ctx: Pick<WorkerContext, 'names'>, url: string): string {
  return `${ctx.names.offline}#${fnv1a(url) % OFFLINE_BUCKETS}`;
}

/** Where offline mode puts what it saves: each URL into its own bucket (`offlineCacheOf`). */
export function offlineStore(ctx: WorkerContext): Pick<Cache, 'put'> {
  const opened = new Map<string, Promise<Cache>>();
  return {
    put: async (key, response) => {
      const name = offlineCacheOf(ctx, key instanceof Request ? key.url : String(key));
      let cache = opened.get(name);
      if (!cache) opened.set(name, (cache = caches.open(name)));
      return (await cache).put(key, response);
    },
  };
}

/** The caches of this worker that may hold `url`: its offline bucket first (where a saved site has nearly everything), then the runtime caches. */
const cachesFor = (ctx: WorkerContext, url: string) => [offlineCacheOf(ctx, url), ...Object.values(ctx.names)];

/** Looks a request up in this worker's caches (precache included); other sites of the origin keep their own. */
export async function findCached(ctx: WorkerContext, url: string): Promise<Response | undefined> {
  for (const name of [...cachesFor(ctx, url), ctx.precache]) {
    // `caches.open` would create the caches it does not find.
    if (!(await caches.has(name))) continue;
    const found = await (await caches.open(name)).match(url, { ignoreVary: true, ignoreSearch: false });
    if (found) return found;
  }
  return undefined;
}

/** Removes a URL from every runtime cache of this worker (a stored copy that does not match its name). */
export async function dropCached(ctx: WorkerContext, url: string): Promise<void> {
  for (const name of cachesFor(ctx, url)) if (await caches.has(name)) await (await caches.open(name)).delete(url, { ignoreVary: true });
}

/**
 * A stored copy of `url` that may be served: one whose bytes match the hash in
 * its name. A copy that does not match is dropped, so the network
 * answers instead.
 */
async function findVerified(ctx: WorkerContext, url: string): Promise<Response | undefined> {
  const found = await findCached(ctx, url);
  if (!found || (await matchesName(url, found))) return found;
  await dropCached(ctx, url);
  return undefined;
}

/**
 * A storable copy of a response with `x-docs-saved-at` and extra headers. The
 * body is already decoded, so encoding and length headers are dropped.
 */
export async function stamped(response: Response, extra: Record<string, string> = {}, body?: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body ?? (await response.blob()), { status: response.status, statusText: response.statusText, headers });
}

/** `cache.put` that turns the browser's quota error into `QuotaError` (the caller tells the pages). */
export async function put(cache: Pick<Cache, 'put'>, key: string, response: Response): Promise<void> {
  try {
    await cache.put(key, response);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    throw new QuotaError('The browser has no more space for this site.', { cause: error });
  }
}

const metaKey = (ctx: WorkerContext, name: string) => fileUrl(ctx, `__docs-meta/${name}`);

/** Reads a small record, or null. */
export async function getMeta(ctx: WorkerContext, name: string): Promise<string | null> {
  const found = await (await caches.open(ctx.names.meta)).match(metaKey(ctx, name));
  return found ? found.text() : null;
}

/** Writes (or with null, removes) a small record. */
export async function setMeta(ctx: WorkerContext, name: string, value: string | null): Promise<void> {
  const cache = await caches.open(ctx.names.meta);
  if (value === null) await cache.delete(metaKey(ctx, name));
  else await put(cache, metaKey(ctx, name), new Response(value));
}

/** The network failed, or stalled, while the worker fetched a file: a save stopped by it resumes once the network is back. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** Runs a fetch of `url`, turning its failure (network, stall) into `NetworkError`. */
async function fetching<T>(url: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new NetworkError(`[docs] ${url} could not be fetched: the network failed or stopped answering.`, { cause });
  }
}

/** A fetched body as a response to store; throws on a non-2xx status. */
function okResponse(url: string, { response, bytes }: FetchedBody): Response {
  if (!response.ok) throw new Error(`[docs] ${url} answered HTTP ${response.status}.`);
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** GETs a file for storing; throws `NetworkError` on a network failure or a stall, an error on a non-2xx status. */
export async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  return okResponse(url, await fetching(url, () => fetchBody(url, init)));
}

/**
 * Stores a file unless a cache of this worker already holds it (blobs and
 * hashed files never change). A file named by its content is stored only when
 * its bytes match the name (`fetchChecked`, which asks past the HTTP cache
 * for a wrong one). A stored copy is read and hashed first unless
 * `verifyStored` is false: the worker checks a copy before serving it anyway,
 * and after a deploy a saved site of 10,000 pages looks through 20,000 of them.
 */
export async function ensureFile(ctx: WorkerContext, cache: Pick<Cache, 'put'>, url: string, { verifyStored = true } = {}): Promise<void> {
  if (await (verifyStored ? findVerified(ctx, url) : findCached(ctx, url))) return;
  const fetched = await fetching(url, () => fetchChecked(url));
  if (!fetched.intact) throw new Error(`[docs] ${url} does not match the hash in its name; it was not stored.`);
  await put(cache, url, await stamped(okResponse(url, fetched)));
}

/**
 * Stores a page's HTML with the blob and article it was built from (named by
 * its meta tags) so a later manifest tells whether the copy is current.
 */
export async function storePage(ctx: WorkerContext, cache: Pick<Cache, 'put'>, key: string, response: Response, contentHash?: string): Promise<string> {
  const html = await response.text();
  const extra: Record<string, string> = { [BLOB_HEADER]: blobOfHtml(html) ?? '', [ARTICLE_HEADER]: articleOfHtml(html) ?? '' };
  if (contentHash) extra[CONTENT_HEADER] = contentHash;
  await put(cache, key, await stamped(response, extra, html));
  return html;
}

/**
 * Whether a stored page matches the manifest: same blob and article (an
 * article also changes when a page it links to moves), or for pages without
 * them the same manifest.
 */
export function isCurrentPage(saved: Response, manifest: Manifest, route: string): boolean {
  const page = pageAt(manifest, route);
  if (page) return saved.headers.get(BLOB_HEADER) === page.blob && saved.headers.get(ARTICLE_HEADER) === page.article;
  return saved.headers.get(CONTENT_HEADER) === manifest.contentHash;
}

/** A page's files below the scope besides its HTML: its article and its markdown, unless the HTML is the page's one file (`articlesIn`). */
const pageFiles = (manifest: Pick<Manifest, 'articlesIn'>, page: Pick<ManifestPage, 'article' | 'blob'>) =>
  manifest.articlesIn === 'routes' ? [] : [`blobs/${page.article}`, `blobs/${page.blob}`];

/** The files below the scope a route shows besides its HTML: a page's (`pageFiles`), a long category's further cards. */
export function routeFiles(manifest: Manifest, route: string): string[] {
  const page = pageAt(manifest, route);
  if (page) return pageFiles(manifest, page);
  const target = manifest.routes[route];
  const more = target?.kind === 'category' ? manifest.categories[target.slug]?.more : null;
  return more ? [`blobs/${more.file}`] : [];
}

/**
 * Every file a manifest view names below the scope: its shards (`locales` holding the other locales' blobs, which
 * name their sidebar shards), the blobs (article and markdown, long categories' further cards) of the shards it
 * holds, the local search index's entry (the rest of the index: `indexFiles`).
 */
export function contentFiles(manifest: Manifest, locales: Readonly<Record<string, LocaleStrings | null>>): string[] {
  const blobs = [...Object.values(manifest.docs), ...Object.values(manifest.pages)].flatMap((page) => pageFiles(manifest, page));
  for (const { more } of Object.values(manifest.categories)) if (more) blobs.push(`blobs/${more.file}`);
  return [...new Set(blobs), ...shardNames(manifest, locales).map((name) => `blobs/${name}`), manifest.search.entry];
}

/** The local index's files the worker's caches can still name, from the entry a manifest names (`indexFiles`). */
export async function cachedSearchFiles(ctx: WorkerContext, manifest: Pick<Manifest, 'search'>): Promise<string[]> {
  // Every version's index (a versioned site's), of which offline mode saved one.
  const entries = [...new Set([manifest.search.entry, ...Object.values(manifest.search.entries ?? {})])];
  const files = await Promise.all(entries.map((entry) => indexFiles(entry, async (path) => (await findCached(ctx, fileUrl(ctx, path)))?.text() ?? null)));
  return files.flat();
}
