/**
 * The local search index at run time, for every reader (offline mode saves all of it, `offline.ts`): the worker keeps
 * each entry file a manifest names as soon as it sees the manifest, so search starts without the network; the chunks,
 * directories and fragments a search reads are kept by the cache-first route as they pass (`sw.ts`). All of them are
 * named by their content, so a kept copy is never stale, and they go where the pages' other files go (the content
 * cache), which a new manifest clears of what it no longer names (`onNewManifest`).
 */
import type { ManifestRoot } from '../../manifest/types';
import { ensureFile, fileUrl, type WorkerContext } from './storage';

/** Stores the search entry of each version a manifest names, unless a cache of the worker holds it. */
export async function keepSearchEntries(ctx: WorkerContext, root: Pick<ManifestRoot, 'search'>): Promise<void> {
  const entries = new Set([root.search.entry, ...Object.values(root.search.entries ?? {})]);
  const cache = await caches.open(ctx.names.content);
  for (const entry of entries) await ensureFile(ctx, cache, fileUrl(ctx, entry));
}
