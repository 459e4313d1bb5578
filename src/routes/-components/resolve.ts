import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { normalizeRoutePath, pageAt, sidebarTopAt, type Manifest, type ManifestPage } from '../../../manifest';
import { articleQueryOptions, pageQueryOptions } from '../../data/blob';
import { ensureManifestFor, ensureSidebarShard } from '../../data/manifest';
import { loadRenderer } from '../../markdown/renderer';

/**
 * Loads the manifest with the route's shard and the markdown page at `path`
 * (with its sidebar category, for a doc), or throws `notFound()` (every route
 * is exact).
 */
export async function loadPage(queryClient: QueryClient, path: string, kinds: string[]): Promise<{ manifest: Manifest; page: ManifestPage }> {
  const route = normalizeRoutePath(path);
  const manifest = await ensureManifestFor(queryClient, route);
  const target = manifest.routes[route];
  const page = target && kinds.includes(target.kind) ? pageAt(manifest, route) : null;
  if (!page) throw notFound();
  // The first page's article is in the cache already: `boot.tsx` took it from the page's HTML.
  await Promise.all([loadArticle(queryClient, page), ensureSidebarShard(queryClient, manifest, sidebarTopAt(manifest, route))]);
  return { manifest, page };
}

/**
 * Loads what a page needs to show: the build's rendering of its article, or,
 * when that cannot be had (offline and never stored, say), its markdown and
 * the renderer.
 */
export async function loadArticle(queryClient: QueryClient, page: ManifestPage): Promise<void> {
  try {
    await queryClient.ensureQueryData(articleQueryOptions(page));
  } catch {
    await Promise.all([queryClient.ensureQueryData(pageQueryOptions(page)), loadRenderer()]);
  }
}
