/**
 * One base URL: `site.config.json`'s `baseUrl` decides every URL the route documents name, and each document tells
 * the shell its base (`<meta name="docs-base">`), so one shell build serves content built for any base. A shell whose
 * server bundle fixed its own base is refused rather than rendering pages for the wrong one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { loadServerRenderer } from '../../node/serverRenderer';
import type { ShellRecord } from '../../node/shellRecord';
import { type FixtureProject, useFixture } from '../helpers/build';

let project: FixtureProject;

beforeEach(() => {
  project = useFixture('basic-site');
});
afterEach(() => project.remove());

/** The fixture with `baseUrl` set to `base`. */
function withBase(base: string): void {
  const config = project.read('../content/site.config.json');
  project.write('site.config.json', config.replace('"baseUrl": "/abp-react/"', `"baseUrl": "${base}"`));
}

/** The same-site URLs a document names in `href`, `src` and `content` attributes. */
const localUrls = (html: string): string[] => [...html.matchAll(/(?:href|src|content)="(\/[^"]*)"/g)].map((m) => m[1]!);

describe('the base URL', () => {
  it("names the configured base in every route document's meta, links and files", async () => {
    await project.build();
    const intro = project.read('docs/intro.html');
    expect(intro).toContain('<meta name="docs-base" content="/abp-react/">');
    expect(localUrls(intro).length).toBeGreaterThan(5);
    expect(localUrls(intro).filter((url) => !url.startsWith('/abp-react/'))).toEqual([]);
    expect(project.read('404.html')).toContain('<meta name="docs-base" content="/abp-react/">');
  });

  it('builds a site served at the origin root', async () => {
    withBase('/');
    await project.build();
    expect(project.manifest().site.baseUrl).toBe('/');
    const intro = project.read('docs/intro.html');
    expect(intro).toContain('<meta name="docs-base" content="/">');
    expect(intro).toContain('<link rel="preload" href="/_app/manifest.json"');
    expect(intro).toContain('href="/docs/category/guides"');
    expect(intro).toContain('<img class="navbar__logo" src="/img/logo.svg"');
    expect(localUrls(intro).filter((url) => url.startsWith('//') || url.includes('abp-react'))).toEqual([]);
    expect(project.read('404.html')).toContain('<meta name="docs-base" content="/">');
  });
});

describe("the shell's server bundle", () => {
  it('is refused, named, when it fixes its own base path', async () => {
    mkdirSync(join(project.distDir, 'ssr'), { recursive: true });
    writeFileSync(join(project.distDir, 'ssr/render-OLD.mjs'), 'export const renderRoute = async () => "";\n');
    const shell = { js: 'assets/main-OLD.js', css: 'assets/main-OLD.css', files: [], server: 'ssr/render-OLD.mjs', hash: 'old' } as unknown as ShellRecord;
    const error = await loadServerRenderer({ dir: project.distDir, shell }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).message).toBe(
      "Cannot build: the shell in the output folder (ssr/render-OLD.mjs) was built with its base path fixed in it, so it would not match content/site.config.json's baseUrl. Run `npm run build` once to rebuild the shell.",
    );
  });
});

describe("docs at the base (`docs.routeBasePath: '/'`)", () => {
  /** The fixture with its docs at the base of a site served at `/`. */
  function docsOnly(routeBasePath = '/'): void {
    const config = project.read('../content/site.config.json');
    project.write(
      'site.config.json',
      config.replace('"baseUrl": "/abp-react/"', '"baseUrl": "/"').replace('"routeBasePath": "docs"', `"routeBasePath": ${JSON.stringify(routeBasePath)}`),
    );
  }

  it('serves the docs at the root, the main doc as the home page', async () => {
    docsOnly();
    const setup = project.read('../content/docs/guides/setup.md');
    project.write('docs/guides/setup.md', setup.replace('(/docs/intro#getting-started)', '(/intro#getting-started)'));
    await project.build();
    const manifest = project.manifest();
    expect(manifest.routes['/']).toEqual({ kind: 'docsRoot', docId: 'intro' });
    expect(manifest.routes['/intro']).toEqual({ kind: 'doc', id: 'intro' });
    expect(manifest.routes['/guides/setup']?.kind).toBe('doc');
    expect(manifest.routes['/category/guides']?.kind).toBe('category');
    expect(Object.keys(manifest.routes).filter((path) => path.startsWith('/docs'))).toEqual([]);
    expect(manifest.versions.map((v) => v.path)).toEqual(['/']);
    const home = project.read('index.html');
    expect(home).toContain('data-static-route="/"');
    expect(home).toContain('<h1 id="introduction">Introduction</h1>');
    expect(home).toContain('href="/category/guides"');
    expect(project.read('intro.html')).toContain('<h1 id="introduction">Introduction</h1>');
    expect(project.read('guides/setup.html')).toContain('data-static-route="/guides/setup"');
  });

  it('shows the doc whose slug is `/` at the root when no main doc is configured', async () => {
    docsOnly();
    project.write('site.config.json', project.read('../content/site.config.json').replace(',\n    "mainDocId": "intro"', ''));
    project.write('docs/guides/setup.md', project.read('../content/docs/guides/setup.md').replace('(/docs/intro#getting-started)', '(/intro#getting-started)'));
    project.write('docs/welcome.md', '---\nslug: /\n---\n\n# Welcome\n\nThe docs start here.\n');
    await project.build();
    const manifest = project.manifest();
    expect(manifest.routes['/']).toEqual({ kind: 'doc', id: 'welcome' });
    expect(manifest.site.docs.mainDocId).toBe('welcome');
    expect(manifest.routes['/intro']).toEqual({ kind: 'doc', id: 'intro' });
    expect(project.read('index.html')).toContain('<h1 id="welcome">Welcome</h1>');
  });

  it('refuses a route base with a leading slash, saying what to write', async () => {
    docsOnly('/docs');
    const error = await project.build().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).message).toContain(
      'content/site.config.json:84: `docs.routeBasePath` must be the route of the docs below the base: a path without a leading slash (`docs`), or `/` for docs at the base itself (no separate home page).',
    );
  });
});
