import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  normalizeRoutePath,
  pageAt,
  sidebarTopAt,
  type CategoryIndex,
  type Manifest,
  type ManifestPage,
  type ManifestRoot,
  type TagPage,
} from '../../../manifest';
import { articleQueryOptions, pageQueryOptions } from '../../data/blob';
import { ensureManifestFor, ensureSidebarShard } from '../../data/manifestQueries';
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
  await Promise.all([loadArticle(queryClient, page, manifest.articlesIn), ensureSidebarShard(queryClient, manifest, sidebarTopAt(manifest, route), route)]);
  return { manifest, page };
}

/** A doc or a version's root (`/docs/1.0`), or a version's category index (`/docs/1.0/category/fundamentals`). */
export async function loadDocsRoute(queryClient: QueryClient, path: string) {
  const manifest = await ensureManifestFor(queryClient, normalizeRoutePath(path));
  const kind = manifest.routes[normalizeRoutePath(path)]?.kind;
  if (kind === 'category') return { kind: 'category' as const, ...(await loadCategory(queryClient, path)) };
  if (kind === 'tags' || kind === 'tag') return { kind: 'tags' as const, ...(await loadTags(queryClient, path)) };
  return { kind: 'page' as const, ...(await loadPage(queryClient, path, ['doc', 'docsRoot'])) };
}

/**
 * Loads the manifest with the route's shard and the generated category index at `path` (any version's, whose
 * key in the manifest its route names), with its sidebar category, or throws `notFound()`.
 */
export async function loadCategory(queryClient: QueryClient, path: string): Promise<{ manifest: Manifest; category: CategoryIndex }> {
  const route = normalizeRoutePath(path);
  const manifest = await ensureManifestFor(queryClient, route);
  const target = manifest.routes[route];
  const category = target?.kind === 'category' ? manifest.categories[target.slug] : undefined;
  if (!category) throw notFound();
  await ensureSidebarShard(queryClient, manifest, category.sidebarTop, route);
  return { manifest, category };
}

/** Loads the manifest with the route's shard and the tags page or tag page at `path` (any version's), or throws `notFound()`. */
export async function loadTags(queryClient: QueryClient, path: string): Promise<{ manifest: Manifest; tags: TagPage }> {
  const route = normalizeRoutePath(path);
  const manifest = await ensureManifestFor(queryClient, route);
  const target = manifest.routes[route];
  const tags = target?.kind === 'tags' || target?.kind === 'tag' ? manifest.tags[route] : undefined;
  if (!tags) throw notFound();
  return { manifest, tags };
}

/**
 * Loads what a page needs to show: the build's rendering of its article, or,
 * when that cannot be had (offline and never stored, say), its markdown and
 * the renderer. A site that deploys its articles in the routes' HTML deploys
 * no markdown either (`ManifestRoot.articlesIn`): there the article's error stands.
 */
export async function loadArticle(queryClient: QueryClient, page: ManifestPage, articlesIn: ManifestRoot['articlesIn']): Promise<void> {
  try {
    await queryClient.ensureQueryData(articleQueryOptions(page, articlesIn));
  } catch (error) {
    if (articlesIn === 'routes') throw error;
    await Promise.all([queryClient.ensureQueryData(pageQueryOptions(page)), loadRenderer()]);
  }
}
