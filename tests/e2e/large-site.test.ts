/**
 * What a large site does differently, in Chromium with the real
 * service worker. It deploys each page once: no article or markdown blobs,
 * the article only in the route's HTML (`ManifestRoot.articlesIn`), which
 * client navigation, offline reading and updates take it from. And a long
 * category's index page fetches the cards past `CATEGORY_CARDS` when asked.
 * This site plus a 105-doc category is built as a large one
 * (`largeSiteRoutes: 0`) into a folder of its own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORY_CARDS } from '../../manifest/constants';
import { shardOf } from '../../manifest/shards';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { checkUntil, inCaches, laterWorkNow, precacheFilled, shellReady, useBrowser, workerControls } from './browser';
import { useSiteCopy } from './siteCopy';

/** Docs in the long category: five more than its page lists at first. */
const MANY = CATEGORY_CARDS + 5;
const b = useBrowser();

const site = useSiteCopy({
  prefix: 'docs-routes-',
  build: { largeSiteRoutes: 0 },
  prepare: (contentDir) => {
    mkdirSync(join(contentDir, 'docs/many'));
    writeFileSync(join(contentDir, 'docs/many/_category_.json'), JSON.stringify({ label: 'Many', position: 90, link: { type: 'generated-index' } }));
    for (let i = 0; i < MANY; i++)
      writeFileSync(
        join(contentDir, `docs/many/item-${String(i).padStart(3, '0')}.md`),
        `---\nsidebar_position: ${i + 1}\n---\n\n# Item ${i}\n\nText of item ${i}.\n`,
      );
  },
});
const { requests, url, build, readRoot } = site;
const readManifest = () =>
  readBuiltManifest(site.distDir) as unknown as { docs: Record<string, { path: string; title: string; blob: string; article: string }> };
/** Adds `sentence` before the first section of a doc, then deploys the content. */
async function deploySentence(rel: string, sentence: string): Promise<void> {
  const file = join(site.contentDir, rel);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n## /, `\n${sentence}\n\n## `));
  await build(false);
}
/** Requests for a page's article or markdown file, which this site does not have. */
const pageBlobRequests = () => requests.filter((r) => /\/blobs\/[0-9a-f]+\.(html|md)$/.test(r));

const newPage = () => b.clockedPage({ serviceWorkers: 'allow' });

/** Whether Cache Storage holds a URL below the base (any cache). */
const isCached = (page: Page, path: string) => inCaches(page, url(path));
const sidebarLink = (page: Page, name: string) => page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name, exact: true });

describe('a site whose articles are in its pages', () => {
  it('is built with no article or markdown blobs', () => {
    expect(readRoot().articlesIn).toBe('routes');
    const faq = readManifest().docs.faq!;
    expect(() => readFileSync(join(site.distDir, 'blobs', faq.article))).toThrow();
    expect(() => readFileSync(join(site.distDir, 'blobs', faq.blob))).toThrow();
  });

  it("navigates in the app with the article taken from the page's HTML", async () => {
    const page = await b.page();
    await page.goto(url('docs/intro'));
    await shellReady(page);
    requests.length = 0;
    // A page is fetched whole: the links in view wait for the pointer (or focus) before they fetch it.
    await page.waitForTimeout(500);
    expect(requests.filter((r) => r.endsWith('.html'))).toEqual([]);
    await sidebarLink(page, 'Code of Conduct').hover();
    await expect.poll(() => requests, { timeout: 5_000 }).toContain('/abp-react/docs/code-of-conduct.html');
    await sidebarLink(page, 'Code of Conduct').click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    expect(new URL(page.url()).pathname).toBe('/abp-react/docs/code-of-conduct');
    expect(requests.filter((r) => r.endsWith('.html'))).toEqual(['/abp-react/docs/code-of-conduct.html']);
    expect(pageBlobRequests()).toEqual([]);
    // The article only, as the page shows it: one main, one title, its sections with their ids.
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('main h1').count()).toBe(1);
    expect(await page.locator('main .markdown h2[id]').count()).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
  });

  it('keeps pages reached in the app readable offline, and saves every page as its HTML alone', async () => {
    const page = await newPage();
    await page.goto(url('docs/faq'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    await sidebarLink(page, 'Code of Conduct').click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    // The second page is the reader's intent: the worker fills its precache, the app shell with it.
    await precacheFilled(page, site.distDir, url());

    await page.context().setOffline(true);
    // The shell kept the article it took from the page's HTML: the page loads offline in full (the worker's app shell).
    await page.goto(url('docs/code-of-conduct'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Code of Conduct');
    // In the app, a page the worker stored as it loaded gives its article from that copy.
    await sidebarLink(page, 'Frequently Asked Questions').click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Frequently Asked Questions');
    // A page never stored says so, with a way to retry.
    await sidebarLink(page, 'Known issues').click();
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);

    requests.length = 0;
    await page.goto(url('docs/intro?offlineMode=true'));
    const control = page.getByRole('region', { name: 'Offline reading' });
    await control.getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    expect(pageBlobRequests()).toEqual([]);
    await page.context().setOffline(true);
    for (const doc of Object.values(readManifest().docs).filter((d) => !d.path.startsWith('/docs/many/'))) {
      expect((await page.goto(url(doc.path)))?.status(), doc.path).toBe(200);
      await shellReady(page);
      expect(await page.locator('main h1').first().textContent(), doc.path).toBe(doc.title);
    }
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('takes an update of the page on screen from its new HTML and the one shard that changed', async () => {
    const page = await b.page();
    await page.goto(url('docs/faq'));
    await shellReady(page);
    await deploySentence('docs/faq.md', 'This sentence arrived with a content-only deploy.');

    requests.length = 0;
    await checkUntil(page, 'This page was updated');
    await page.getByRole('button', { name: 'Show the update' }).click();
    await page.getByText('This sentence arrived with a content-only deploy.').waitFor({ timeout: 15_000 });
    const fetched = requests.filter((r) => /^\/abp-react\/(blobs|docs)\//.test(r));
    expect(new Set(fetched)).toEqual(new Set(['/abp-react/docs/faq.html', `/abp-react/blobs/${shardOf(readRoot(), '/docs/faq')}`]));
    expect(page.errors).toEqual([]);
  });

  it('shows a page a deploy changed since the tab loaded its manifest as the host has it now', async () => {
    const page = await b.page();
    await page.goto(url('docs/faq'));
    await shellReady(page);
    await deploySentence('docs/code-of-conduct.md', 'This sentence arrived while the tab was open.');
    // No update check has run: the tab's manifest names the page's old article; its HTML brings the new one.
    await sidebarLink(page, 'Code of Conduct').click();
    await page.getByText('This sentence arrived while the tab was open.').waitFor({ timeout: 15_000 });
    expect(page.errors).toEqual([]);
  });
});

describe('a long category', () => {
  it('lists its first cards, and the others when the reader asks, with Retry when they cannot be had', async () => {
    const page = await b.page();
    await page.goto(url('docs/category/many'));
    await shellReady(page);
    const cards = page.locator('main .card-grid').getByRole('listitem');
    expect(await cards.count()).toBe(CATEGORY_CARDS);
    // The first attempt fails: the page says so and offers Retry.
    await page.route('**/blobs/*.json', (route) =>
      route.request().url().includes(shardOf(readRoot(), '/docs/category/many')) ? route.continue() : route.abort(),
    );
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    await page.getByRole('alert').filter({ hasText: 'The other 5 pages could not be loaded.' }).waitFor();
    await page.unroute('**/blobs/*.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cards.count()).toBe(MANY);
    expect(await page.getByRole('link', { name: /^Item 104\b/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Show \d+ more$/ }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
