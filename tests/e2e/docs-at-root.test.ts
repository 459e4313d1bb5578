/**
 * A site served at the origin's root with its docs there too (`baseUrl: '/'`, `docs.routeBasePath: '/'`), built
 * content-only beside a copy of the shared e2e build: the one shell build serves it. A doc renders with no failed
 * request, a deep link reaches its heading, and after a second page the site reads offline.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedRequests, laterWorkNow, shellReady, useBrowser, workerControls } from './browser';
import { ROOT, useContentBesideShell } from './siteCopy';

const b = useBrowser();
const { at, origin } = useContentBesideShell('docs-at-root-', (contentDir) => {
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
});

describe('a site with its docs at the origin root', () => {
  it('is served at /, its home page the main doc, and a doc renders with no failed request', async () => {
    expect(new URL(origin()).pathname).toBe('/');
    const page = await b.page();
    const failed = failedRequests(page);
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
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(at('/intro'));
    await shellReady(page);
    await laterWorkNow(page);
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
