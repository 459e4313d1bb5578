// Per-route HTML on a worker thread: the same markup as this thread's, whichever renders a route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardWindow, withDocumentWorker } from '../../node/documentPool';
import { loadServerRenderer } from '../../node/serverRenderer';
import type { ServerRenderer } from '../../manifest/serverRender';
import type { ContentBuildResult } from '../../build';
import { useFixture, type FixtureProject } from '../helpers/build';

describe('withDocumentWorker', () => {
  let project: FixtureProject;
  let built: ContentBuildResult;
  let local: ServerRenderer;
  beforeAll(async () => {
    project = useFixture('basic-site');
    built = await project.buildContent();
    local = await loadServerRenderer({ dir: '', shell: null });
  }, 120_000);
  afterAll(() => project.remove());

  it('renders every route as this thread does, some of them on the worker', async () => {
    const { manifest } = built;
    const root = JSON.parse(String(built.files.get('_app/manifest.json'))) as Parameters<typeof withDocumentWorker>[1];
    // Page shards and sidebar shards: every JSON file below blobs/.
    const shards = Object.fromEntries(
      [...built.files].filter(([rel]) => /^blobs\/.*\.json$/.test(rel)).map(([rel, json]) => [rel.slice('blobs/'.length), JSON.parse(String(json))]),
    );
    const routes = Object.keys(manifest.routes);
    const articles = new Map(
      [...Object.values(manifest.docs), ...Object.values(manifest.pages)].map((p) => [
        p.path,
        { name: p.article, html: String(built.files.get(`blobs/${p.article}`)) },
      ]),
    );
    // Every shard (the route's page shard and the sidebar shards it opens among them), and the page's article.
    const request = (path: string) => ({ root, shards, path, article: articles.get(path) });
    // The worker holds one shard at a time, so shards cross to it again and again.
    const pooled = withDocumentWorker(local, root, shards, routes.length, (error) => expect.fail(String(error)), 1, 1);
    const here = await Promise.all(routes.map((path) => local.renderRoute(request(path))));
    for (const doc of Object.values(manifest.docs)) expect(here[routes.indexOf(doc.path)]).toContain(`>${doc.title}</`);
    // Until the worker has loaded the bundle, routes render here; then it takes some of each round.
    for (let round = 0; round < 400 && pooled.routesOnWorker() === 0; round++) {
      expect(await Promise.all(routes.map((path) => pooled.renderRoute(request(path))))).toEqual(here);
      await new Promise((next) => setTimeout(next, 10));
    }
    expect(pooled.routesOnWorker()).toBeGreaterThan(0);
  });

  it('stays in this thread for a small site', () => {
    const root = JSON.parse(String(built.files.get('_app/manifest.json'))) as Parameters<typeof withDocumentWorker>[1];
    expect(withDocumentWorker(local, root, {}, 10, undefined).routesOnWorker()).toBe(0);
  });

  it('sends a shard again only once the worker has dropped it, least recently used first', () => {
    const window = shardWindow(2);
    expect(window.take(['a', 'b'])).toEqual(['a', 'b']);
    expect(window.take(['a'])).toEqual([]);
    // Holds b, a (a used last): c drops b.
    expect(window.take(['c'])).toEqual(['c']);
    expect(window.take(['a', 'b'])).toEqual(['b']);
    expect(window.take(['a', 'a'])).toEqual([]);
  });
});
