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
    expect(intro).toContain('<link rel="preload" href="/manifest.json"');
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
