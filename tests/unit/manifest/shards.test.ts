import { describe, expect, it } from 'vitest';
import { SHARD_MAX_BYTES, SHARD_ROUTES } from '../../../manifest/constants';
import { addShard, emptyView, groupRoutes, openSidebarShards, shardNames, shardOf, sidebarShardNames, sidebarTop } from '../../../manifest/shards';
import type { SidebarItem } from '../../../manifest/types';
import { makeDoc, makeManifest } from '../../helpers/manifestFixtures';

const english = { code: 'en', label: 'English', direction: 'ltr' as const, htmlLang: 'en', path: '' };

const category = (label: string, extra: Partial<Extract<SidebarItem, { type: 'category' }>> = {}): SidebarItem => ({
  type: 'category',
  label,
  collapsed: true,
  collapsible: true,
  path: null,
  items: [{ type: 'doc', id: label, label, path: `/docs/${label}` }],
  ...extra,
});

describe('groupRoutes', () => {
  const routes = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `/docs/area-${(from + i) % 10}/topic-${String(from + i).padStart(5, '0')}`).sort();

  it('keeps every route once, in order, in runs of a quarter to four times SHARD_ROUTES', () => {
    const sorted = routes(5000);
    const groups = groupRoutes(sorted);
    expect(groups.flat()).toEqual(sorted);
    for (const group of groups.slice(0, -1)) {
      expect(group.length).toBeGreaterThanOrEqual(SHARD_ROUTES / 4);
      expect(group.length).toBeLessThanOrEqual(SHARD_ROUTES * 4);
    }
    // About SHARD_ROUTES on average.
    expect(sorted.length / groups.length).toBeGreaterThan(SHARD_ROUTES / 2);
    expect(sorted.length / groups.length).toBeLessThan(SHARD_ROUTES * 2);
  });

  it('changes only the group a new route falls in', () => {
    const before = groupRoutes(routes(3000));
    const after = groupRoutes([...routes(3000), '/docs/area-3/topic-01234x'].sort());
    const same = after.filter((g) => before.some((b) => JSON.stringify(b) === JSON.stringify(g)));
    expect(after.length - same.length).toBeLessThanOrEqual(2);
  });

  it('ends a shard once its routes weigh SHARD_MAX_BYTES', () => {
    const sorted = routes(200);
    const heavy = new Set(sorted.slice(10, 14));
    const groups = groupRoutes(sorted, (path) => (heavy.has(path) ? SHARD_MAX_BYTES / 2 : 100));
    expect(groups.flat()).toEqual(sorted);
    for (const group of groups) expect(group.filter((p) => heavy.has(p)).length).toBeLessThanOrEqual(2);
  });

  it('finds the shard of a route from the first route of each shard', () => {
    const groups = groupRoutes(routes(2000));
    const root = { shards: groups.map((_, i) => `${i}.json`), shardStarts: groups.map((g) => g[0]!) };
    groups.forEach((group, i) => {
      for (const path of group) expect(shardOf(root, path)).toBe(`${i}.json`);
    });
    expect(shardOf({ shards: ['only.json'], shardStarts: ['/'] }, '/docs/intro')).toBe('only.json');
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
    expect(
      shardNames(
        {
          shards: ['p.json'],
          site: { locales: [english] },
          versions: [{ name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro', draftIds: [], sidebars: { s: items } }],
        },
        {},
      ),
    ).toEqual(['p.json', 'a.json', 'b.json', 'c.json']);
  });

  it("names another locale's blob, and the sidebar shards that blob names for its copy of each version", () => {
    const root: Parameters<typeof shardNames>[0] = {
      shards: ['p.json'],
      site: { locales: [english, { ...english, code: 'fr', path: '/fr', strings: 'fr.json' }] },
      versions: [
        { name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro', draftIds: [], sidebars: { s: [category('a', { shard: 'a.json' })] } },
        { name: 'current', label: 'Next', path: '/fr/docs', mainDocId: 'intro', draftIds: [], sidebars: {}, locale: 'fr' },
      ],
    };
    const fr = { sidebars: { current: { s: [category('b', { shard: 'fr-b.json' })] } } };
    expect(shardNames(root, { 'fr.json': fr })).toEqual(['p.json', 'fr.json', 'a.json', 'fr-b.json']);
    // Without the blob (not stored), its sidebar shards cannot be named, the blob itself still is.
    expect(shardNames(root, {})).toEqual(['p.json', 'fr.json', 'a.json']);
    expect(sidebarShardNames(root, [root.versions[1]!], { 'fr.json': fr })).toEqual(['fr-b.json']);
  });

  it('opens what DocSidebarItems opens: the holding category and the uncollapsible, or the open-by-default ones', () => {
    expect(openSidebarShards(items, 1)).toEqual(['a.json', 'c.json']);
    expect(openSidebarShards(items, null)).toEqual(['b.json', 'c.json']);
  });
});
