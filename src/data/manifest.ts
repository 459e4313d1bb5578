/** Loading the manifest: the only file whose freshness matters (blobs are immutable). */
import { queryOptions } from '@tanstack/react-query';
import { parseManifest, type LinkContext, type Manifest } from '../../manifest';
import { fetchText } from './fetchText';

/** Fetches and checks `manifest.json`. `cache: 'no-cache'` revalidates with the server (ETag). */
export async function fetchManifest(): Promise<Manifest> {
  const text = await fetchText('manifest.json', { cache: 'no-cache' });
  return parseManifest(JSON.parse(text));
}

/**
 * Query options for the manifest. Never refetched by Query itself: the update
 * checker (`updates.ts`) decides when a new one is taken. Unreachable network:
 * the manifest the last visit saved (`persist.ts`).
 */
export function manifestQueryOptions() {
  return queryOptions({
    queryKey: ['manifest'],
    queryFn: () => fetchManifest().catch(async (error: unknown) => (await import('./persist')).savedManifestOr(error)),
    staleTime: Infinity,
  });
}

const contexts = new WeakMap<Manifest, LinkContext>();

/** The link-resolution context of a manifest, computed once per manifest. */
export function linkContext(manifest: Manifest): LinkContext {
  let ctx = contexts.get(manifest);
  if (!ctx) {
    const routeBySource: Record<string, string> = {};
    for (const page of [...Object.values(manifest.docs), ...Object.values(manifest.pages)]) routeBySource[page.source] = page.path;
    ctx = { baseUrl: manifest.site.baseUrl, routes: manifest.routes, routeBySource, files: manifest.files };
    contexts.set(manifest, ctx);
  }
  return ctx;
}
