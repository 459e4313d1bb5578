/**
 * A site served at the origin's root with its docs there too (`baseUrl: '/'`, `docs.routeBasePath: '/'`), built
 * content-only beside a copy of the shared e2e build: the one shell build serves it. A doc renders with no failed
 * request, a deep link reaches its heading, and after a second page the site reads offline.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../build';
import { startServer, type RunningServer } from '../../scripts/serve';
import { shellReady, useBrowser, workerControls } from './browser';
import { ROOT } from './siteCopy';

const b = useBrowser();
let work = '';
let server: RunningServer | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'docs-at-root-'));
  const contentDir = join(work, 'content');
  cpSync(join(ROOT, 'tests/fixtures/basic-site/content'), contentDir, { recursive: true });
  const edit = (rel: string, from: string, to: string) => {
    const text = readFileSync(join(contentDir, rel), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(contentDir, rel), text.replace(from, to));
  };
  edit('site.config.json', '"baseUrl": "/abp-react/"', '"baseUrl": "/"');
  edit('site.config.json', '"routeBasePath": "docs"', '"routeBasePath": "/"');
  edit('docs/guides/setup.md', '(/docs/intro#getting-started)', '(/intro#getting-started)');
  // The shell's `public/` has the logo the fixture brings for builds without a shell.
  rmSync(join(contentDir, 'img/logo.svg'));
  const distDir = join(work, 'dist');
  cpSync(inject('distDir'), distDir, { recursive: true });
  await buildSite({ root: ROOT, contentDir, distDir, shell: false, warn: () => {} });
  server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Absolute URL of a path of the site. */
const at = (path: string) => new URL(path, server!.url).href;

/** Every request of the page that failed or was answered with an error, as `status path`. */
function failures(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`failed ${new URL(request.url()).pathname}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

describe('a site with its docs at the origin root', () => {
  it('is served at /, its home page the main doc, and a doc renders with no failed request', async () => {
    expect(new URL(server!.url).pathname).toBe('/');
    const page = await b.page();
    const failed = failures(page);
    await page.goto(at('/guides/setup'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Setup');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await page.goto(at('/'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Guides' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/category/guides');
    expect(page.errors).toEqual([]);
  });

  it('takes a deep link to its heading', async () => {
    const page = await b.page();
    await page.goto(at('/intro#custom-id'));
    await shellReady(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/intro#custom-id');
    await expect.poll(() => page.locator('#custom-id').evaluate((h) => h.getBoundingClientRect().top), { timeout: 5_000 }).toBeLessThan(400);
    await expect.poll(() => page.locator('#custom-id').evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  });

  it('reads offline once a second page was opened', async () => {
    const page = await b.page({ serviceWorkers: 'allow' });
    await page.goto(at('/intro'));
    await shellReady(page);
    await workerControls(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sw\.js\?/);
    const precached = () =>
      page.evaluate(async () => {
        const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
        return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
      });
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Guides' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/category/guides');
    await expect.poll(precached, { timeout: 20_000 }).toContain('/index.html');

    await page.context().setOffline(true);
    await page.goto(at('/intro'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.goto(at('/'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.context().setOffline(false);
    expect(page.errors).toEqual([]);
  }, 90_000);
});
