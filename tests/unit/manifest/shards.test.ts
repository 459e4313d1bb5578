import { describe, expect, it } from 'vitest';
import { SHARD_ROUTES } from '../../../manifest/constants';
import { addShard, emptyView, openSidebarShards, routeBucket, shardCountFor, shardNames, shardOf, sidebarTop } from '../../../manifest/shards';
import type { SidebarItem } from '../../../manifest/types';
import { makeDoc, makeManifest } from '../../helpers/manifest';

const category = (label: string, extra: Partial<Extract<SidebarItem, { type: 'category' }>> = {}): SidebarItem => ({
  type: 'category',
  label,
  collapsed: true,
  collapsible: true,
  path: null,
  items: [{ type: 'doc', id: label, label, path: `/docs/${label}` }],
  ...extra,
});

describe('shardCountFor', () => {
  it('is a power of two that keeps shards at most SHARD_ROUTES routes on average', () => {
    expect(shardCountFor(0)).toBe(1);
    expect(shardCountFor(SHARD_ROUTES)).toBe(1);
    expect(shardCountFor(SHARD_ROUTES + 1)).toBe(2);
    expect(shardCountFor(10_000)).toBe(256);
    for (const n of [1, 100, 1000, 10_000, 100_000]) {
      const count = shardCountFor(n);
      expect(Math.log2(count) % 1).toBe(0);
      expect(n / count).toBeLessThanOrEqual(SHARD_ROUTES);
    }
  });
});

describe('routeBucket', () => {
  it('puts every route in a bucket below the count, the same one every time', () => {
    const routes = Array.from({ length: 2000 }, (_, i) => `/docs/area-${i % 10}/topic-${i}`);
    const counts = new Array<number>(32).fill(0);
    for (const route of routes) {
      const bucket = routeBucket(route, 32);
      expect(bucket).toBe(routeBucket(route, 32));
      counts[bucket]!++;
    }
    // Spread evenly enough that no shard is much larger than the average (62.5).
    expect(Math.max(...counts)).toBeLessThan(100);
    expect(Math.min(...counts)).toBeGreaterThan(30);
  });

  it('finds the shard of a route by name', () => {
    const root = { shards: ['a.json', 'b.json', 'c.json', 'd.json'] };
    expect(root.shards).toContain(shardOf(root, '/docs/intro'));
    expect(shardOf(root, '/docs/intro')).toBe(root.shards[routeBucket('/docs/intro', 4)]);
  });
});

describe('views', () => {
  it('grow with each shard added, starting from the root alone', () => {
    const full = makeManifest({ docs: [makeDoc({ id: 'intro' }), makeDoc({ id: 'setup' })] });
    const view = emptyView(full);
    expect(view.routes).toEqual({});
    addShard(view, { ...full, docs: { intro: full.docs.intro! }, routes: { '/docs/intro': { kind: 'doc', id: 'intro' } } });
    expect(Object.keys(view.docs)).toEqual(['intro']);
    addShard(view, { ...full, docs: { setup: full.docs.setup! }, routes: { '/docs/setup': { kind: 'doc', id: 'setup' } } });
    expect(Object.keys(view.docs).sort()).toEqual(['intro', 'setup']);
    expect(Object.keys(view.routes).sort()).toEqual(['/docs/intro', '/docs/setup']);
  });
});

describe('sidebar shards', () => {
  const items: SidebarItem[] = [
    { type: 'doc', id: 'intro', label: 'Intro', path: '/docs/intro' },
    category('a', { shard: 'a.json' }),
    category('b', { shard: 'b.json', collapsed: false }),
    category('c', { shard: 'c.json', collapsible: false }),
  ];

  it('keeps the top level in the root, children out', () => {
    expect(sidebarTop(items).map((i) => (i.type === 'category' ? i.items.length : -1))).toEqual([-1, 0, 0, 0]);
    expect(shardNames({ shards: ['p.json'], versions: [{ name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro', draftIds: [], sidebars: { s: items } }] })).toEqual(['p.json', 'a.json', 'b.json', 'c.json']);
  });

  it('opens what DocSidebarItems opens: the holding category and the uncollapsible, or the open-by-default ones', () => {
    expect(openSidebarShards(items, 1)).toEqual(['a.json', 'c.json']);
    expect(openSidebarShards(items, null)).toEqual(['b.json', 'c.json']);
  });
});
