// A long category costs each page a window of its sidebar and its index page its first cards, the manifest is a small root plus shards, and a large site's pages are written once.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_CARDS, SIDEBAR_WINDOW } from '../../manifest/constants';
import { parseCategoryCards, parseManifest, parseShard } from '../../manifest/parse';
import { shardOf } from '../../manifest/shards';
import type { ContentBuildResult } from '../../build';
import { outputData } from '../../node/output';
import { useFixture, type FixtureProject } from '../helpers/build';

const MANY = CATEGORY_CARDS + 30;
const name = (i: number) => `item-${String(i).padStart(3, '0')}`;

describe('a site with a 130-page category', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = useFixture('basic-site');
    mkdirSync(join(project.contentDir, 'docs/many'));
    project.write('docs/many/_category_.json', JSON.stringify({ label: 'Many', position: 50, link: { type: 'generated-index' } }));
    for (let i = 0; i < MANY; i++) project.write(`docs/many/${name(i)}.md`, `---\nsidebar_position: ${i + 1}\n---\n\n# Item ${i}\n\nText of item ${i}.\n`);
    await project.build();
  }, 60_000);
  afterAll(() => project.remove());

  it('shows a window of the long list around the page, with buttons for the rest', () => {
    const sidebar = (rel: string) => project.read(rel).match(/<aside class="doc-sidebar"[\s\S]*?<\/aside>/)![0];
    const html = sidebar(`docs/many/${name(50)}.html`);
    const links = [...html.matchAll(/href="\/abp-react\/docs\/many\/(item-\d+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(SIDEBAR_WINDOW);
    expect(links).toContain(name(50));
    expect(links[0]).toBe(name(50 - SIDEBAR_WINDOW / 2));
    expect(html).toContain(`Show ${50 - SIDEBAR_WINDOW / 2} more above`);
    expect(html).toContain(`Show ${MANY - 50 - SIDEBAR_WINDOW / 2} more below`);
    // At the start of the list, the window starts there too.
    const first = sidebar(`docs/many/${name(0)}.html`);
    expect([...first.matchAll(/href="\/abp-react\/docs\/many\/(item-\d+)"/g)].map((m) => m[1])[0]).toBe(name(0));
    expect(first).not.toContain('more above');
  });

  it('splits the routes into shards of consecutive paths, each route in the shard the root points to', () => {
    const read = (rel: string): unknown => JSON.parse(readFileSync(join(project.distDir, rel), 'utf8'));
    const root = parseManifest(read('_app/manifest.json'));
    expect(root.shards.length).toBeGreaterThan(1);
    expect(root.totals.pages).toBeGreaterThan(MANY);
    const seen = new Set<string>();
    for (const shardName of root.shards) {
      const shard = parseShard(read(`blobs/${shardName}`), shardName);
      for (const path of Object.keys(shard.routes)) {
        expect(shardOf(root, path), path).toBe(shardName);
        seen.add(path);
      }
    }
    expect(seen.has(`/docs/many/${name(MANY - 1)}`)).toBe(true);
    // The root carries the sidebar's top level only: the category's links are in its sidebar shard.
    expect(JSON.stringify(root)).not.toContain(name(MANY - 1));
  });

  it('lists the first cards of the category in its shard and page, the others in a file fetched on "Show 30 more"', () => {
    const read = (rel: string): unknown => JSON.parse(readFileSync(join(project.distDir, rel), 'utf8'));
    const root = parseManifest(read('_app/manifest.json'));
    const shardName = shardOf(root, '/docs/category/many');
    const index = parseShard(read(`blobs/${shardName}`), shardName).categories.many!;
    expect(index.items).toHaveLength(CATEGORY_CARDS);
    expect(index.items[0]!.path).toBe(`/docs/many/${name(0)}`);
    expect(index.more?.count).toBe(MANY - CATEGORY_CARDS);
    const rest = parseCategoryCards(read(`blobs/${index.more!.file}`), index.more!.file);
    expect(rest.map((card) => card.path)).toEqual(Array.from({ length: MANY - CATEGORY_CARDS }, (_, i) => `/docs/many/${name(CATEGORY_CARDS + i)}`));
    const html = project.read('docs/category/many.html');
    expect(html.match(/class="card"/g)).toHaveLength(CATEGORY_CARDS);
    expect(html).toContain('>Show 30 more</button>');
  });
});

describe('a site above the large-site route count', () => {
  let project: FixtureProject;
  let result: ContentBuildResult;
  const shell = { js: 'assets/main-X.js', css: 'assets/main-X.css', cssText: 'body{margin:0}' };
  beforeAll(async () => {
    project = useFixture('basic-site');
    result = await project.buildContent({ shell, largeSiteRoutes: 5 });
  }, 60_000);
  afterAll(() => project.remove());
  const text = async (rel: string) => {
    const data = await outputData(result.files.get(rel)!);
    if (typeof data !== 'string') throw new Error(`${rel} is not a document of its own`);
    return data;
  };

  it('links the stylesheet from every page instead of inlining it', async () => {
    const html = await text('docs/intro.html');
    expect(html).toContain('<link rel="stylesheet" href="/abp-react/assets/main-X.css">');
    expect(html).not.toContain('body{margin:0}');
  });

  it("writes no x/index.html: the host's 404 page, the shell, shows x for x/ (shell.test.ts)", () => {
    expect(result.files.has('docs/intro.html')).toBe(true);
    expect([...result.files.keys()].filter((rel) => rel.endsWith('/index.html'))).toEqual([]);
  });

  it("deploys each page once: its article in its route's HTML only, no markdown or article blob", async () => {
    const root = parseManifest(JSON.parse(await text('_app/manifest.json')));
    expect(root.articlesIn).toBe('routes');
    const pages = [...Object.values(result.manifest.docs), ...Object.values(result.manifest.pages)];
    for (const page of pages) {
      expect(result.files.has(`blobs/${page.article}`), page.path).toBe(false);
      expect(result.files.has(`blobs/${page.blob}`), page.path).toBe(false);
    }
    const intro = result.manifest.docs.intro!;
    const html = await text('docs/intro.html');
    expect(html).toContain(`<meta name="docs-article" content="${intro.article}">`);
    expect(html).toContain('<h2 id="getting-started">Getting Started</h2>');
    // What offline mode stores besides the pages' HTML is the shards and the local index alone.
    const stored = await Promise.all([...result.files.keys()].filter((rel) => /^(blobs\/\w+|search\/[a-z]+\.\w+)\.json$/.test(rel)).map(text));
    expect(root.totals.bytes).toBe(stored.reduce((sum, json) => sum + Buffer.byteLength(json), 0));
  });

  it("links llms.txt to each doc's page and writes no markdown beside it", async () => {
    const intro = result.manifest.docs.intro!;
    const llms = await text('llms.txt');
    expect(llms).toContain(`](https://antosubash.github.io/abp-react/docs/intro)`);
    expect(llms).toContain('Each link below is a page.');
    expect(llms).not.toContain(intro.blob);
    expect([...result.files.keys()].filter((rel) => rel.endsWith('.md'))).toEqual([]);
  });
});
