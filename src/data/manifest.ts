/** Loading the manifest: the only file whose freshness matters (blobs are immutable). */
import { queryOptions } from '@tanstack/react-query';
import { parseManifest, type LinkContext, type Manifest } from '../../manifest';
import { fetchText } from './fetchText';

/** Fetches and checks `manifest.json`. `cache: 'no-cache'` revalidates with the server (ETag). */
export async function fetchManifest(): Promise<Manifest> {
  const text = await fetchText('manifest.json', { cache: 'no-cache' });
  return parseManifest(JSON.parse(text));
}

/** Query options for the manifest. Fresh for a minute; the update checker refreshes it. */
export function manifestQueryOptions() {
  return queryOptions({ queryKey: ['manifest'], queryFn: fetchManifest, staleTime: 60_000 });
}

const contexts = new WeakMap<Manifest, LinkContext>();

/** The link-resolution context of a manifest, computed once per manifest. */
export function linkContext(manifest: Manifest): LinkContext {
  let ctx = contexts.get(manifest);
  if (!ctx) {
    const routeBySource: Record<string, string> = {};
    for (const page of [...Object.values(manifest.docs), ...Object.values(manifest.pages)]) routeBySource[page.source] = page.path;
    ctx = { baseUrl: manifest.site.baseUrl, routes: manifest.routes, routeBySource };
    contexts.set(manifest, ctx);
  }
  return ctx;
}
