import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { normalizeRoutePath, pageAt, type Manifest, type ManifestPage } from '../../../manifest';
import { pageQueryOptions } from '../../data/blob';
import { manifestQueryOptions } from '../../data/manifest';
import { staticArticleFor } from '../../markdown/initialArticle';
import { loadRenderer } from '../../markdown/renderer';

/** Loads the manifest and the markdown page at `path`, or throws `notFound()` (every route is exact). */
export async function loadPage(queryClient: QueryClient, path: string, kinds: string[]): Promise<{ manifest: Manifest; page: ManifestPage }> {
  const manifest = await queryClient.ensureQueryData(manifestQueryOptions());
  const route = normalizeRoutePath(path);
  const target = manifest.routes[route];
  const page = target && kinds.includes(target.kind) ? pageAt(manifest, route) : null;
  if (!page) throw notFound();
  // The renderer chunk is needed unless the page shows the build's static rendering (first load).
  const renderer = staticArticleFor(route) === null ? loadRenderer() : null;
  await Promise.all([queryClient.ensureQueryData(pageQueryOptions(page)), renderer]);
  return { manifest, page };
}
