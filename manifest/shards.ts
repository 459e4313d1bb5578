/**
 * Sharding: the root manifest stays small whatever the page count,
 * and each route's data is in one page shard found by hashing the route path.
 * The build and the shell share these functions, so they agree on where a
 * route lives.
 */
import { SHARD_MAX_BYTES, SHARD_ROUTES } from './constants';
import { localeBlobOf, sidebarsOf } from './lookup';
import type { SiteConfig } from './siteConfig';
import type { DocVersion, LocaleStrings, Manifest, ManifestRoot, ManifestShard, SidebarItem } from './types';

/** FNV-1a (32 bits) of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Splits the route paths, sorted, into page shards of about `SHARD_ROUTES`
 * routes: consecutive paths stay together, so the pages of one folder (the
 * neighbours in the sidebar, the links in view) are in one or two shards.
 * A shard starts at a path whose hash says so (content-defined, as in
 * rsync), so adding or removing a page changes the shard it falls in and
 * leaves the others' bounds alone; sizes stay between a quarter and four
 * times the average. A shard also ends once its routes weigh
 * `SHARD_MAX_BYTES` (`weight`: the bytes a route adds), so routes with big
 * entries (category indexes of long categories) do not make one huge shard.
 * Returns the groups in order.
 */
export function groupRoutes(sortedPaths: string[], weight: (path: string) => number = () => 0, cuts: ArrayLike<boolean> = shardCuts(sortedPaths)): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const [i, path] of sortedPaths.entries()) {
    const size = weight(path);
    const full = current.length >= SHARD_ROUTES * 4 || (current.length > 0 && bytes + size > SHARD_MAX_BYTES);
    if (full || (current.length >= SHARD_ROUTES / 4 && cuts[i])) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(path);
    bytes += size;
  }
  if (current.length || !groups.length) groups.push(current);
  return groups;
}

/** Whether a shard may start at each path (`groupRoutes`), from its hash alone: a caller that keeps the paths may keep these. */
export function shardCuts(sortedPaths: string[]): boolean[] {
  return sortedPaths.map((path) => fnv1a(path) % SHARD_ROUTES === 0);
}

/** The name (below `blobs/`) of the page shard that holds a route: the last shard that starts at or before it. */
export function shardOf(root: Pick<ManifestRoot, 'shards' | 'shardStarts'>, path: string): string {
  let lo = 0;
  let hi = root.shardStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (root.shardStarts[mid]! <= path) lo = mid;
    else hi = mid - 1;
  }
  return root.shards[lo]!;
}

/** An empty view of a root: no shard loaded yet. */
export function emptyView(root: ManifestRoot): Manifest {
  return { ...root, docs: {}, pages: {}, categories: {}, tags: {}, routes: {}, files: {}, sources: {} };
}

/** Adds a shard's entries to a view (in place; entries are never removed, shards never change). */
export function addShard(view: Manifest, shard: ManifestShard): void {
  Object.assign(view.docs, shard.docs);
  Object.assign(view.pages, shard.pages);
  Object.assign(view.categories, shard.categories);
  Object.assign(view.tags, shard.tags);
  Object.assign(view.routes, shard.routes);
  Object.assign(view.files, shard.files);
  Object.assign(view.sources, shard.sources);
}

/** The top-level sidebar items of a version's sidebar, as the root holds them (categories name their shard). */
export function sidebarTop(items: SidebarItem[]): SidebarItem[] {
  return items.map((item) => (item.type === 'category' && item.shard ? { ...item, items: [] } : item));
}

/** The blobs of the locales other than the default one that a root names (`SiteLocale.strings`). */
export function localeBlobNames(root: { site: Pick<SiteConfig, 'locales'> }): string[] {
  return root.site.locales.flatMap((locale) => (locale.strings ? [locale.strings] : []));
}

/**
 * Names (below `blobs/`) of the sidebar shards of `versions`: the root's (default locale), and those the blobs of
 * the other locales name (`LocaleStrings.sidebars`, by blob name; a blob missing there adds none).
 */
export function sidebarShardNames(
  root: { site: Pick<SiteConfig, 'locales'> },
  versions: DocVersion[],
  locales: Readonly<Record<string, Pick<LocaleStrings, 'sidebars'> | null | undefined>>,
): string[] {
  return versions.flatMap((version) => {
    const blob = localeBlobOf(root.site, version);
    return Object.values(sidebarsOf(version, blob === undefined ? undefined : (locales[blob] ?? undefined))).flatMap((items) =>
      items.flatMap((i) => (i.type === 'category' && i.shard ? [i.shard] : [])),
    );
  });
}

/**
 * Names (below `blobs/`) of every shard a root names: page shards, the other locales' blobs, then sidebar shards
 * (`sidebarShardNames`, with the locale blobs in `locales`).
 */
export function shardNames(
  root: Pick<ManifestRoot, 'shards' | 'versions'> & { site: Pick<SiteConfig, 'locales'> },
  locales: Readonly<Record<string, Pick<LocaleStrings, 'sidebars'> | null | undefined>>,
): string[] {
  return [...root.shards, ...localeBlobNames(root), ...sidebarShardNames(root, root.versions, locales)];
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
