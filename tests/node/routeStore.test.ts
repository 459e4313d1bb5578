/**
 * Route documents kept on disk between CLI builds (`node/routeStore.ts`, and `routeDocuments`' key of each
 * document): a deploy with the store of the one before renders only the routes its change reaches, and writes
 * what a one-off build writes, file for file.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build';
import { generateTree } from '../../bench/generate';
import { placeShell } from '../../scripts/fuzzBuild';
import type { ManifestRoot, ManifestShard } from '../../manifest/types';
import { shardOf } from '../../manifest/shards';
import { RouteStore } from '../../node/routeStore';
import { BuildSession } from '../../node/session';
import { listFiles, ROOT } from '../helpers/build';

describe('RouteStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'route-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds what an earlier store over the same folder kept, under the same code version only', () => {
    const first = new RouteStore(dir, 'code-1');
    const key = first.key('inputs');
    expect(first.find(key)).toBeUndefined();
    first.put(key, '<p>kept</p>');
    const second = new RouteStore(dir, 'code-1');
    expect(readFileSync(second.find(key)!.file, 'utf8')).toBe('<p>kept</p>');
    expect(second.counts).toEqual({ found: 1, written: 0 });
    const other = new RouteStore(dir, 'code-2');
    expect(other.key('inputs')).not.toBe(key);
    expect(other.find(other.key('inputs'))).toBeUndefined();
  });

  it('prunes the documents its build did not ask for', () => {
    const store = new RouteStore(dir, 'code-1');
    store.put(store.key('a'), 'a');
    store.put(store.key('b'), 'b');
    const next = new RouteStore(dir, 'code-1');
    expect(next.find(next.key('a'))).toBeDefined();
    next.prune();
    expect(readdirSync(dir)).toEqual([expect.stringMatching(new RegExp(`^${next.key('a')}-[0-9a-f]{32}\\.html$`))]);
  });
});

describe('a deploy with the route documents of the deploy before', () => {
  const work = mkdtempSync(join(tmpdir(), 'route-store-site-'));
  const contentDir = join(work, 'content');
  const routes = join(work, 'routes');
  /** A doc in the middle of the site, with its route. */
  let topic = { rel: '', route: '' };
  /** A deploy: a fresh folder with the shell, and a store object of its own over the kept folder. */
  const deploy = async (name: string, routesDir: string | null = routes) => {
    const distDir = join(work, name);
    rmSync(distDir, { recursive: true, force: true });
    mkdirSync(distDir);
    placeShell(distDir);
    const store = routesDir ? new RouteStore(routesDir, 'test') : undefined;
    await buildSite({ root: work, contentDir, distDir, shell: false, session: new BuildSession({ keeps: false, routes: store }), warn: () => {} });
    store?.prune();
    return { distDir, counts: store?.counts };
  };
  const sameFiles = (a: string, b: string) => {
    expect(listFiles(a).sort()).toEqual(listFiles(b).sort());
    for (const rel of listFiles(a)) expect(readFileSync(join(a, rel)).equals(readFileSync(join(b, rel))), rel).toBe(true);
  };
  let routeCount = 0;

  beforeAll(async () => {
    mkdirSync(contentDir);
    topic = generateTree(contentDir, 160, join(ROOT, 'content/site.config.json'))[80]!;
    mkdirSync(join(work, 'public'));
    const first = await deploy('first');
    routeCount = first.counts!.written;
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('renders only the routes that share the edited page’s shard, and writes what a one-off build writes', async () => {
    const root = JSON.parse(readFileSync(join(work, 'first/_app/manifest.json'), 'utf8')) as ManifestRoot;
    expect(root.shards.length).toBeGreaterThan(1);
    const file = join(contentDir, topic.rel);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nOne more sentence.\n`);
    const { distDir, counts } = await deploy('second');
    const name = shardOf(root, topic.route);
    const shard = JSON.parse(readFileSync(join(work, 'first/blobs', name), 'utf8')) as ManifestShard;
    // Its routes' documents, and 404.html's if its path falls in that shard.
    const sharing = new Set([...Object.keys(shard.routes), '/404'].filter((path) => shardOf(root, path) === name));
    expect(counts!.written).toBe(sharing.size);
    expect(counts!.written).toBeLessThan(routeCount / 2);
    expect(counts!.found + counts!.written).toBe(routeCount);
    sameFiles(distDir, (await deploy('one-off', null)).distDir);
  }, 120_000);

  it('renders every route again when the site configuration changes, and writes what a one-off build writes', async () => {
    const config = JSON.parse(readFileSync(join(contentDir, 'site.config.json'), 'utf8')) as { title: string };
    writeFileSync(join(contentDir, 'site.config.json'), JSON.stringify({ ...config, title: `${config.title} (renamed)` }));
    const { distDir, counts } = await deploy('third');
    expect(counts).toEqual({ found: 0, written: routeCount });
    sameFiles(distDir, (await deploy('one-off', null)).distDir);
  }, 120_000);

  it('renders a kept document again when its file is gone by the time it is written', async () => {
    const store = new RouteStore(routes, 'test');
    // Another build removes the kept files after this one has listed them.
    for (const name of readdirSync(routes)) rmSync(join(routes, name));
    const distDir = join(work, 'fourth');
    mkdirSync(distDir);
    placeShell(distDir);
    await buildSite({ root: work, contentDir, distDir, shell: false, session: new BuildSession({ keeps: false, routes: store }), warn: () => {} });
    expect(store.counts.found).toBe(routeCount);
    sameFiles(distDir, (await deploy('one-off', null)).distDir);
  }, 120_000);

  it('renders a kept document again, and keeps it anew, when its bytes changed since it was kept', async () => {
    await deploy('fifth');
    for (const name of readdirSync(routes)) writeFileSync(join(routes, name), '<script>alert(1)</script>', { flag: 'a' });
    const { distDir, counts } = await deploy('sixth');
    expect(counts).toEqual({ found: routeCount, written: routeCount });
    for (const rel of listFiles(distDir)) expect(readFileSync(join(distDir, rel), 'utf8'), rel).not.toContain('<script>alert(1)</script>');
    sameFiles(distDir, (await deploy('one-off', null)).distDir);
    expect((await deploy('seventh')).counts).toEqual({ found: routeCount, written: 0 });
  }, 120_000);
});
