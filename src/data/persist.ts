/**
 * TanStack Query's cache in IndexedDB, through localforage (`store.ts`): a
 * small persister of our own, writing the same shape as react-query's
 * `dehydrate` (which would otherwise join the first page's shared chunk). The
 * manifest query is written after every change; blobs are stored
 * one by one under their hash by `loadBlob` (they never change, and keeping
 * them out of the dehydrated state avoids rewriting every opened page on each
 * save). Loaded after the first page (`updates.ts`), never before it.
 *
 * The saved manifest is the fallback of the manifest query when both the
 * network and the service worker fail (no worker: first visit, private mode,
 * or a browser without one), so the last manifest and the pages whose blobs
 * were stored still render offline. Online, the network's manifest always
 * wins: it matches the per-route HTML the reader just loaded.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { MANIFEST_VERSION, parseManifest, type ManifestRoot } from '../../manifest';
import { baseUrl } from '../config';
import { FetchError } from './fetchErrors';
import { readStored, writeStored } from './store';

/** Storage key of the dehydrated cache. */
const KEY = 'query-cache';
/** Writes are batched: a burst of query updates is saved once. */
const SAVE_DELAY_MS = 1000;

/** What is stored: the dehydrated cache, marked with the manifest version that wrote it. */
interface PersistedCache {
  /** `MANIFEST_VERSION` of the writer; another version's cache is ignored. */
  buster: number;
  /** When it was written, epoch ms. */
  savedAt: number;
  /** The persisted queries, as `dehydrate` writes them (the fields used here). */
  state: { queries: { queryKey: QueryKey; state: { data: unknown; dataUpdatedAt: number } }[] };
}

const isManifestQuery = (key: readonly unknown[]) => key[0] === 'manifest';

/** Saves the manifest query at once and after every successful refetch. Returns a function that stops. */
export function persistQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const queries = queryClient
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === 'success' && isManifestQuery(q.queryKey) })
      .map((q) => ({ queryKey: q.queryKey, state: { data: q.state.data, dataUpdatedAt: q.state.dataUpdatedAt } }));
    if (queries.length) void writeStored<PersistedCache>(KEY, { buster: MANIFEST_VERSION, savedAt: Date.now(), state: { queries } });
  };
  save();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isManifestQuery(event.query.queryKey)) return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
}

/** The manifest the last visit saved, with when it was fetched; null when none (or unreadable). */
export async function savedManifest(): Promise<{ manifest: ManifestRoot; savedAt: number } | null> {
  const saved = await readStored<PersistedCache>(KEY);
  if (!saved || saved.buster !== MANIFEST_VERSION) return null;
  const query = saved.state.queries.find((q) => isManifestQuery(q.queryKey));
  if (!query) return null;
  try {
    const manifest = parseManifest(query.state.data);
    // The database every site of the origin shared before may hold another site's manifest.
    return manifest.site.baseUrl === baseUrl() ? { manifest, savedAt: query.state.dataUpdatedAt } : null;
  } catch {
    return null;
  }
}

/**
 * Fallback of the manifest query when the network is unreachable: the saved
 * manifest, or the original error when there is none. HTTP errors are not
 * covered: the host answered, and the reader gets "Retry".
 */
export async function savedManifestOr(error: unknown): Promise<ManifestRoot> {
  const saved = error instanceof FetchError && error.status === 0 ? await savedManifest() : null;
  if (!saved) throw error;
  return saved.manifest;
}
