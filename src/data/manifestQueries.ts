/**
 * Loading the manifest: the root `manifest.json`, the only file
 * whose freshness matters, and its shards, immutable files below `blobs/`
 * named by their hash. A route's data is in one page shard (`shardOf`); a
 * doc's sidebar category in one sidebar shard. The shell works on a view of
 * the root plus the shards loaded so far (`viewOf`), so a page needs the
 * shards of that page, whatever the site's size.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  addShard,
  emptyView,
  openSidebarShards,
  parseManifest,
  parseShard,
  parseLocaleStrings,
  parseSidebarShard,
  localeBlobOf,
  ROOT_MANIFEST,
  shardOf,
  sidebarIdAt,
  sidebarsOf,
  versionAt,
  type AnyShard,
  type LinkContext,
  type Manifest,
  type ManifestRoot,
  type ManifestShard,
  type SidebarShard,
} from '../../manifest';
import { CHUNK_LOAD_MS, within } from '../lib/fetchBody';
import { fetchText } from './fetchText';
import { fetchTextOrStored } from './store';

/** Fetches and checks `manifest.json`. `cache: 'no-cache'` revalidates with the server (ETag). */
export async function fetchManifest(): Promise<ManifestRoot> {
  const text = await fetchText(ROOT_MANIFEST, { cache: 'no-cache' });
  return parseManifest(JSON.parse(text));
}

/**
 * Query options for the root manifest. Never refetched by Query itself: the
 * update checker (`updates.ts`) decides when a new one is taken. Unreachable
 * network: the root the last visit saved (`persist.ts`).
 */
export function manifestQueryOptions() {
  return queryOptions({
    queryKey: ['manifest'],
    queryFn: () =>
      fetchManifest().catch(async (error: unknown) => {
        const persist = await within(import('./persist'), CHUNK_LOAD_MS, 'The saved manifest').catch(() => null);
        if (!persist) throw error;
        return persist.savedManifestOr(error);
      }),
    staleTime: Infinity,
  });
}

/** A shard's JSON: network (or the service worker's cache) first, the stored copy offline. */
const loadShardJson = async (name: string): Promise<unknown> => JSON.parse(await fetchTextOrStored(`blobs/${name}`, `blob:${name}`));

/** Query options for a page shard. Its name is its hash: it never goes stale. */
function shardQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['shard', name],
    queryFn: async () => parseShard(await loadShardJson(name), name),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Query options for a sidebar shard: the children of one top-level category. */
export function sidebarShardQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['sidebar', name],
    queryFn: async () => parseSidebarShard(await loadShardJson(name), name),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Query options for a locale's translations of the shell's texts (`SiteLocale.strings`). */
export function localeStringsQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['strings', name],
    queryFn: async () => parseLocaleStrings(await loadShardJson(name), name),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Puts shards the caller already has (the server render's) into the cache. */
export function seedShards(queryClient: QueryClient, shards: Record<string, AnyShard>): void {
  for (const [name, shard] of Object.entries(shards)) {
    if ('items' in shard) queryClient.setQueryData(sidebarShardQueryOptions(name).queryKey, shard);
    else if ('strings' in shard) queryClient.setQueryData(localeStringsQueryOptions(name).queryKey, shard);
    else queryClient.setQueryData(shardQueryOptions(name).queryKey, shard);
  }
}

/** The view of each root, and the shards already in it. */
const views = new WeakMap<ManifestRoot, { view: Manifest; loaded: Set<string> }>();

function entryOf(root: ManifestRoot) {
  let entry = views.get(root);
  if (!entry) {
    entry = { view: emptyView(root), loaded: new Set() };
    views.set(root, entry);
  }
  return entry;
}

/**
 * Forgets the loaded shards (query cache and view), so the next page reads
 * them again: after a crash, the data the page could not render may be theirs.
 */
export function forgetShards(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['shard'] });
  const root = queryClient.getQueryData(manifestQueryOptions().queryKey);
  if (root) views.delete(root);
}

/** The view of a root: the root plus the shards loaded so far (it grows; entries never change). */
export function viewOf(root: ManifestRoot): Manifest {
  return entryOf(root).view;
}

/** Adds a page shard to the view of `root`, loading it when needed. */
async function withShard(queryClient: QueryClient, root: ManifestRoot, name: string): Promise<Manifest> {
  const entry = entryOf(root);
  if (!entry.loaded.has(name)) {
    const shard = await queryClient.ensureQueryData(shardQueryOptions(name));
    if (!entry.loaded.has(name)) {
      addShard(entry.view, shard);
      entry.loaded.add(name);
    }
  }
  return entry.view;
}

/** The view of `root` with the shard that holds `path` (a route path below the base). */
export function manifestWithRoute(queryClient: QueryClient, root: ManifestRoot, path: string): Promise<Manifest> {
  return withShard(queryClient, root, shardOf(root, path));
}

/** The current manifest's view with the shard that holds `path`. */
export async function ensureManifestFor(queryClient: QueryClient, path: string): Promise<Manifest> {
  return manifestWithRoute(queryClient, await queryClient.ensureQueryData(manifestQueryOptions()), path);
}

/** Loads the sidebar shards the docs page at `path` shows open, `top` being the index of the category that holds it in its version's sidebar. */
export async function ensureSidebarShard(queryClient: QueryClient, manifest: Manifest, top: number | null, path: string): Promise<void> {
  const version = versionAt(manifest, path);
  // A locale other than the default one has its sidebars in its blob, which the root route's loader has read.
  const blob = localeBlobOf(manifest.site, version);
  const locale = blob === undefined ? undefined : await queryClient.ensureQueryData(localeStringsQueryOptions(blob));
  const sidebarId = sidebarIdAt(manifest, path);
  const items = sidebarId === null ? [] : (sidebarsOf(version, locale)[sidebarId] ?? []);
  await Promise.all(openSidebarShards(items, top).map((name) => queryClient.ensureQueryData(sidebarShardQueryOptions(name))));
}

/**
 * The link-resolution context of a view, for markdown the shell renders
 * itself: the build has checked every link, so every route is trusted, and
 * `.md` links resolve through the sources the page's shard lists.
 */
export function linkContext(manifest: Manifest): LinkContext {
  return { baseUrl: manifest.site.baseUrl, routes: null, routeBySource: manifest.sources, files: manifest.files };
}
