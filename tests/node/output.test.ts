/**
 * What a successful build writes to dist/: a manifest that passes the contract,
 * hashed blobs, one HTML file per route with the head tags crawlers need, the
 * static article, and the sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SITEMAP } from '../../manifest/constants';
import { parseManifest } from '../../manifest/parse';
import { routeHtmlFile } from '../../manifest/paths';
import { pageAt } from '../../manifest/lookup';
import type { Manifest } from '../../manifest/types';
import { listFiles, sha256, useFixture } from '../helpers/build';
import { searchRecordsFile } from '../../node/output';
import { shardNames, shardOf } from '../../manifest/shards';
import { articleOfHtml, blobOfHtml } from '../../src/sw/html';

/** The `content` of `<meta name|property="key">`, or null. */
function meta(html: string, key: string): string | null {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;
}

describe('fixture basic-site: output', () => {
  const project = useFixture('basic-site');
  let manifest: Manifest;
  beforeAll(async () => {
    await project.build();
    manifest = project.manifest();
  });
  afterAll(() => project.remove());

  it('writes a manifest.json that passes parseManifest', () => {
    const json: unknown = JSON.parse(project.read('_app/manifest.json'));
    expect(() => parseManifest(json)).not.toThrow();
    expect(Object.keys(manifest.docs).sort()).toEqual(['guides/deploy', 'guides/setup', 'intro']);
    expect(Object.keys(manifest.pages)).toEqual(['markdown-page']);
    expect(manifest.site.title).toBe('ABP React');
  });

  it('writes one blob per page, named by the hash of its markdown', () => {
    const entries = [...Object.values(manifest.docs), ...Object.values(manifest.pages)];
    for (const entry of entries) {
      const bytes = readFileSync(join(project.distDir, 'blobs', entry.blob));
      expect(entry.blob).toMatch(/^[0-9a-f]{16}\.md$/);
      expect(sha256(bytes).slice(0, 16)).toBe(entry.blob.slice(0, 16));
      expect(bytes.length).toBe(entry.blobSize);
    }
    // And one article per page: the build's rendering, as the static HTML shows it.
    expect(listFiles(join(project.distDir, 'blobs')).filter((f) => !f.endsWith('.json'))).toHaveLength(entries.length * 2);
    expect(project.read(`blobs/${manifest.docs.intro!.blob}`)).toContain('## Getting Started');
  });

  it("writes each page's article, named by its hash, as the static HTML shows it", () => {
    for (const entry of [...Object.values(manifest.docs), ...Object.values(manifest.pages)]) {
      const html = project.read(`blobs/${entry.article}`);
      expect(entry.article).toMatch(/^[0-9a-f]{16}\.html$/);
      expect(sha256(Buffer.from(html)).slice(0, 16)).toBe(entry.article.slice(0, 16));
      const routeHtml = project.read(routeHtmlFile(entry.path));
      expect(routeHtml).toContain(`<div class="markdown">${html}</div>`);
      // The page's files are named in its head as the service worker reads them, so a copy it stored is current (`isCurrentPage`).
      expect(articleOfHtml(routeHtml), entry.path).toBe(entry.article);
      expect(blobOfHtml(routeHtml), entry.path).toBe(entry.blob);
    }
    expect(project.read(`blobs/${manifest.docs.intro!.article}`)).toContain('<h2 id="getting-started">Getting Started</h2>');
  });

  it("counts in the root what offline mode stores besides the pages' HTML: markdown, articles, shards and the local index", () => {
    const root = parseManifest(JSON.parse(project.read('_app/manifest.json')));
    const size = (name: string) => statSync(join(project.distDir, 'blobs', name)).size;
    const entries = [...Object.values(manifest.docs), ...Object.values(manifest.pages)];
    const pageFiles = entries.reduce((sum, entry) => sum + size(entry.blob) + size(entry.article), 0);
    const shards = shardNames(root, {}).reduce((sum, name) => sum + size(name), 0);
    // Each route's article, as its HTML carries it: /docs shows the main doc's, category pages and the home page none.
    const articles = Object.keys(manifest.routes).reduce((sum, route) => {
      const entry = pageAt(manifest, route);
      return sum + (entry ? size(entry.article) : 0);
    }, 0);
    expect(articles).toBeGreaterThan(size(manifest.docs.intro!.article) * 2);
    // Every file of the local index, the entry included.
    const search = listFiles(join(project.distDir, 'search')).filter((f) => f.endsWith('.json'));
    const searchBytes = search.reduce((sum, f) => sum + statSync(join(project.distDir, 'search', f)).size, 0);
    expect(JSON.parse(project.read(root.search.entry))).toMatchObject({ bytes: searchBytes, files: search.length });
    // Pages as offline mode counts them while it saves: every route.
    expect(root.totals).toEqual({ pages: Object.keys(manifest.routes).length, bytes: pageFiles + shards + searchBytes, articles });
  });

  it('writes one HTML file per route, plus 404.html', () => {
    const expected = Object.keys(manifest.routes).map(routeHtmlFile).sort();
    expect(expected).toEqual([
      'docs.html',
      'docs/category/guides.html',
      'docs/guides/deploy.html',
      'docs/guides/setup.html',
      'docs/intro.html',
      'index.html',
      'markdown-page.html',
      'search.html',
    ]);
    for (const file of [...expected, '404.html']) expect(existsSync(join(project.distDir, file)), file).toBe(true);
  });

  it('gives every route `Page | Site` titles', () => {
    const title = (file: string) => /<title>([^<]*)<\/title>/.exec(project.read(file))?.[1];
    expect(title('docs/intro.html')).toBe('Introduction | ABP React');
    expect(title('docs/guides/deploy.html')).toBe('Deploy | ABP React');
    expect(title('docs/category/guides.html')).toBe('Guides | ABP React');
    expect(title('markdown-page.html')).toBe('Markdown page | ABP React');
    expect(title('search.html')).toBe('Search | ABP React');
    expect(title('404.html')).toBe('Page Not Found | ABP React');
    expect(title('index.html')).toBe('ABP React');
  });

  it('writes description, canonical, og: and twitter: tags', () => {
    const html = project.read('docs/intro.html');
    const url = 'https://antosubash.github.io/abp-react/docs/intro';
    expect(meta(html, 'description')).toBe('Start here to learn the fixture site.');
    expect(meta(html, 'keywords')).toBe('intro, fixture');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(html, 'og:title')).toBe('Introduction | ABP React');
    expect(meta(html, 'og:description')).toBe('Start here to learn the fixture site.');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe('https://antosubash.github.io/abp-react/img/social-card.png');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Introduction | ABP React');
    expect(meta(html, 'twitter:description')).toBe('Start here to learn the fixture site.');
    // A page without a description uses its first paragraph.
    expect(meta(project.read('docs/guides/deploy.html'), 'description')).toBe('Ship the site to a static host.');
  });

  it('keeps the search page and 404 out of search engines', () => {
    for (const file of ['search.html', '404.html']) {
      const html = project.read(file);
      expect(meta(html, 'robots')).toBe('noindex, follow');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  it("preloads manifest.json and the route's shards, and no blob: the page carries its article", () => {
    const html = project.read('docs/intro.html');
    expect(html).toContain('<link rel="preload" href="/abp-react/_app/manifest.json" as="fetch" crossorigin="anonymous">');
    const preloaded = [...html.matchAll(/<link rel="preload" href="\/abp-react\/blobs\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toEqual([shardOf(project.manifest(), '/docs/intro')]);
    expect(html).not.toMatch(/\/abp-react\/blobs\/[0-9a-f]+\.(md|html)/);
    expect(html).toContain('<h1 id="introduction">');
    expect(project.read('index.html')).toContain('<link rel="preload" href="/abp-react/_app/manifest.json"');
    // After the page's own markup, which a slow link then receives without sharing it.
    const root = html.indexOf('</div>\n', html.indexOf('<div id="root"'));
    expect(html.lastIndexOf('<link rel="preload"')).toBeGreaterThan(html.lastIndexOf('</footer>'));
    expect(html.indexOf('<link rel="preload" href="/abp-react/_app')).toBeGreaterThan(root);
  });

  it('renders the article as static HTML, relative links to docs kept relative, others with the base path', () => {
    const html = project.read('docs/intro.html');
    expect(html).toContain('<div class="markdown"><h1 id="introduction">Introduction</h1>');
    // The doc chrome is the shell's own DocPage, rendered by its server bundle.
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs">');
    expect(html).toMatch(/<nav class="toc" aria-label="On this page">|<div class="doc-layout"><article class="doc">/);
    expect(html).toContain('<p>Install the package.</p>');
    expect(html).toContain('<a href="guides/setup">setup guide</a>');
    expect(project.read('docs/guides/setup.html')).toContain('<a href="/abp-react/docs/intro#getting-started">introduction</a>');
    expect(html).toMatch(/<a class="menu__link menu__link--active[^"]*" aria-current="page" href="\/abp-react\/docs\/intro"[^>]*>Introduction<\/a>/);
    // A page whose body has no h1 gets its title as one.
    expect(project.read('docs/guides/deploy.html')).toContain('<header><h1>Deploy</h1></header><p>Ship the site to a static host.</p>');
    expect(project.read('markdown-page.html')).toContain('<p>A standalone page outside the docs.</p>');
  });

  it('gives headings github-slugger ids and honours {#custom-id}, in HTML and manifest alike', () => {
    const html = project.read('docs/intro.html');
    expect(html).toContain('<h2 id="getting-started">Getting Started</h2>');
    expect(html).toContain('<h2 id="getting-started-1">Getting Started</h2>');
    expect(html).toContain('<h2 id="whats-new">What\'s new?</h2>');
    expect(html).toContain('<h3 id="custom-id">Custom Title</h3>');
    expect(html).not.toContain('{#custom-id}');
    expect(manifest.docs.intro!.headings).toEqual([
      { depth: 2, id: 'getting-started', text: 'Getting Started' },
      { depth: 2, id: 'getting-started-1', text: 'Getting Started' },
      { depth: 2, id: 'whats-new', text: "What's new?" },
      { depth: 3, id: 'custom-id', text: 'Custom Title' },
      { depth: 4, id: 'deep-heading', text: 'Deep heading' },
    ]);
  });

  it('writes a sitemap with changefreq weekly and priority 0.5, without the search page', () => {
    const xml = project.read('sitemap.xml');
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><changefreq>([^<]+)<\/changefreq><priority>([^<]+)<\/priority><\/url>/g)];
    expect(urls.map((m) => m[1]).sort()).toEqual([
      'https://antosubash.github.io/abp-react/',
      'https://antosubash.github.io/abp-react/docs',
      'https://antosubash.github.io/abp-react/docs/category/guides',
      'https://antosubash.github.io/abp-react/docs/guides/deploy',
      'https://antosubash.github.io/abp-react/docs/guides/setup',
      'https://antosubash.github.io/abp-react/docs/intro',
      'https://antosubash.github.io/abp-react/markdown-page',
    ]);
    expect(urls.every((m) => m[2] === 'weekly' && m[3] === '0.5')).toBe(true);
    expect(SITEMAP).toEqual({ changefreq: 'weekly', priority: 0.5 });
  });

  it('writes robots.txt pointing at the sitemap, search files and copies assets', () => {
    expect(project.read('robots.txt')).toContain('Sitemap: https://antosubash.github.io/abp-react/sitemap.xml');
    expect(existsSync(searchRecordsFile(project.distDir))).toBe(true);
    expect(listFiles(project.distDir).filter((f) => f.includes('records'))).toEqual([]);
    expect(existsSync(join(project.distDir, manifest.search.entry))).toBe(true);
    expect(project.read('img/logo.svg')).toContain('<svg');
  });

  it('gives every page a Content-Security-Policy whose hash matches its one inline script', () => {
    const pages = listFiles(project.distDir).filter((f) => f.endsWith('.html') && !f.startsWith('blobs/'));
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = project.read(file);
      // As written, with no entity a server copying it into a header would have to decode (README's recipe).
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, file).toHaveLength(1);
      const hash = createHash('sha256').update(inline[0]!).digest('base64');
      expect(policy, file).toBe(
        `default-src 'self'; script-src 'self' 'sha256-${hash}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self' https://*.algolia.net https://*.algolianet.com; object-src 'none'; base-uri 'self'; form-action 'self'`,
      );
    }
  });
});
