/**
 * Sharding (issue 15): the root manifest stays small whatever the page count,
 * and each route's data is in one page shard found by hashing the route path.
 * The build and the shell share these functions, so they agree on where a
 * route lives.
 */
import { SHARD_ROUTES } from './constants';
import type { Manifest, ManifestRoot, ManifestShard, SidebarItem } from './types';

/** Number of page shards for a route count: a power of two, so it changes rarely as pages are added. */
export function shardCountFor(routes: number): number {
  let n = 1;
  while (n * SHARD_ROUTES < routes) n *= 2;
  return n;
}

/** The bucket of a route path (FNV-1a, 32 bits) among `count` shards. */
export function routeBucket(path: string, count: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    h ^= path.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % count;
}

/** The name (below `blobs/`) of the page shard that holds a route. */
export function shardOf(root: Pick<ManifestRoot, 'shards'>, path: string): string {
  return root.shards[routeBucket(path, root.shards.length)]!;
}

/** An empty view of a root: no shard loaded yet. */
export function emptyView(root: ManifestRoot): Manifest {
  return { ...root, docs: {}, pages: {}, categories: {}, routes: {}, files: {}, sources: {} };
}

/** Adds a shard's entries to a view (in place; entries are never removed, shards never change). */
export function addShard(view: Manifest, shard: ManifestShard): void {
  Object.assign(view.docs, shard.docs);
  Object.assign(view.pages, shard.pages);
  Object.assign(view.categories, shard.categories);
  Object.assign(view.routes, shard.routes);
  Object.assign(view.files, shard.files);
  Object.assign(view.sources, shard.sources);
}

/** The top-level sidebar items of a version's sidebar, as the root holds them (categories name their shard). */
export function sidebarTop(items: SidebarItem[]): SidebarItem[] {
  return items.map((item) => (item.type === 'category' && item.shard ? { ...item, items: [] } : item));
}

/** Names (below `blobs/`) of every shard a root names: page shards, then sidebar shards. */
export function shardNames(root: Pick<ManifestRoot, 'shards' | 'versions'>): string[] {
  const sidebar = root.versions.flatMap((v) => Object.values(v.sidebars).flatMap((items) => items.flatMap((i) => (i.type === 'category' && i.shard ? [i.shard] : []))));
  return [...root.shards, ...sidebar];
}

/**
 * The sidebar shards a docs page shows open (as `DocSidebarItems` opens the
 * top level): the category that holds the page (`top`), plus the ones that
 * cannot collapse; on a page in no category, every category not collapsed
 * by default.
 */
export function openSidebarShards(items: SidebarItem[], top: number | null): string[] {
  return items.flatMap((item, index) => {
    if (item.type !== 'category' || !item.shard) return [];
    const open = !item.collapsible || index === top || (top === null && !item.collapsed);
    return open ? [item.shard] : [];
  });
}
