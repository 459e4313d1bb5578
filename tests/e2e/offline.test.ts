/**
 * Offline reading and content updates without rebuilding the shell,
 * in Chromium with the real service worker and Cache Storage.
 *
 * These tests rebuild the content and the shell, so they build their own site
 * (a copy of `content/` in a temporary folder) and serve it on a port of their
 * own, instead of the shared e2e build. The tests run in order: the last two
 * change the site.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkUntil, inCaches, laterWorkNow, precacheFilled, shellReady, storedContent, useBrowser, workerControls } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { indexFiles } from '../../manifest/localSearch';
import { KEEP_COPIES_MS } from '../../src/lib/afterFirstPage';
import { shardNames, shardOf } from '../../manifest/shards';
import { TEXTS } from '../../manifest/texts';
import { ROOT, useSiteCopy } from './siteCopy';

const b = useBrowser();

interface SiteManifest {
  contentHash: string;
  docs: Record<string, { path: string; title: string; blob: string; article: string }>;
  search: { entry: string };
}

/** While set, the server answers the root manifest with these totals, as a site that large would have them. */
let largeTotals: { pages: number; bytes: number; articles: number } | null = null;

const site = useSiteCopy({
  prefix: 'docs-offline-',
  handle: (req, res) => {
    if (!largeTotals || !/^\/abp-react\/_app\/manifest\.json(\?|$)/.test(req.url ?? '')) return false;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
    res.end(JSON.stringify({ ...JSON.parse(readFileSync(join(site.distDir, '_app/manifest.json'), 'utf8')), totals: largeTotals }));
    return true;
  },
});
const { requests, url, build, readRoot } = site;
const readManifest = () => readBuiltManifest(site.distDir) as unknown as SiteManifest;

/**
 * Chromium 150 does not carry the context's offline emulation into a document
 * its service worker answered: requests fail, but `navigator.onLine` stays
 * true there (neither `setOffline` nor CDP's network emulation changes it).
 * The page is told as the browser tells a page that goes offline: `onLine`
 * false and an `offline` event.
 */
async function offlineAgain(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
}
/** A page in a fresh context where service workers may register. */
const newPage = () => b.page({ serviceWorkers: 'allow' });

/** Whether Cache Storage holds a URL below the base (any cache). */
const isCached = (page: Page, path: string) => inCaches(page, url(path));

/** Whether the worker's precache holds the app shell (under its revision, `index.html?__WB_REVISION__=…`). */
const appShellPrecached = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
    return Boolean(name) && (await (await caches.open(name!)).keys()).some((r) => new URL(r.url).pathname.endsWith('/index.html'));
  });

describe('offline reading', () => {
  it('saves every page with ?offlineMode=true; then every doc route loads offline and search has its index', async () => {
    const page = await newPage();
    const manifest = readManifest();
    await page.goto(url('docs/intro?offlineMode=true'));
    const control = page.getByRole('region', { name: 'Offline reading' });
    await control.getByText(/^Saving \d+ of \d+ pages for offline reading$/).waitFor({ timeout: 30_000 });
    await control.getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await control.textContent()).toMatch(/Uses [\d.]+ [KM]B on this device\./);
    // Every file of the local index, so every query is answered offline.
    const index = await indexFiles(manifest.search.entry, async (path) => readFileSync(join(site.distDir, path), 'utf8'));
    expect(index.length).toBeGreaterThan(40);
    for (const file of index) expect(await isCached(page, file), file).toBe(true);
    for (const name of shardNames(readRoot(), {})) expect(await isCached(page, `blobs/${name}`), name).toBe(true);
    // Each page's files too: its article, which client navigation shows, and its markdown.
    for (const doc of Object.values(manifest.docs)) {
      expect(await isCached(page, `blobs/${doc.article}`), doc.path).toBe(true);
      expect(await isCached(page, `blobs/${doc.blob}`), doc.path).toBe(true);
    }

    await page.context().setOffline(true);
    const docs = Object.values(manifest.docs);
    expect(docs.length).toBeGreaterThanOrEqual(31); // the site's 31 doc routes, and any pages added since
    for (const doc of docs) {
      const response = await page.goto(url(doc.path));
      expect(response?.status(), doc.path).toBe(200);
      await shellReady(page);
      expect(await page.locator('main h1').first().textContent(), doc.path).toBe(doc.title);
    }
    await offlineAgain(page);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'You are offline' }).textContent(), { timeout: 10_000 })
      .toMatch(/This page is the copy saved on \w+ \d+, \d{4}/);
    // Search answers any word offline, with nothing missing.
    await page.keyboard.press('Control+k');
    const modal = page.locator('.DocSearch-Modal');
    await modal.getByRole('searchbox').fill('kubernetes ');
    await expect.poll(() => modal.getByRole('option').locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await modal.getByText(TEXTS['shell.search.incomplete']).count()).toBe(0);
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('keeps a page once opened readable offline, without offline mode', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(url('docs/faq'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    // The first visit loaded before the worker existed; the page hands its URLs to the worker.
    await expect.poll(() => isCached(page, 'docs/faq'), { timeout: 15_000 }).toBe(true);
    // A first visit precaches nothing: the app shell, which shows a page never stored, is not there yet.
    expect(await appShellPrecached(page)).toBe(false);
    // A page reached inside the app stores its article on the way; a second page is the reader's intent, which fills the precache.
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    await expect.poll(() => isCached(page, `blobs/${readManifest().docs['code-of-conduct']!.article}`), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => appShellPrecached(page), { timeout: 20_000 }).toBe(true);
    // A page loaded in full while the worker controls the tab is stored as it loads.
    await page.goto(url('docs/fundamentals/middleware'));
    await shellReady(page);
    await expect.poll(() => isCached(page, 'docs/fundamentals/middleware'), { timeout: 15_000 }).toBe(true);

    await page.context().setOffline(true);
    for (const [path, title] of [
      ['docs/faq', 'Frequently Asked Questions'],
      ['docs/code-of-conduct', 'Code of Conduct'],
      ['docs/fundamentals/middleware', 'Middleware'],
    ] as const) {
      expect((await page.goto(url(path)))?.status(), path).toBe(200);
      await shellReady(page);
      expect(await page.locator('main h1').first().textContent(), path).toBe(title);
    }
    await offlineAgain(page);
    await expect.poll(() => page.getByText(/^You are offline\./).count()).toBe(1);
    // Never saved, so honestly not available (the shell still loads and says so).
    await page.goto(url('docs/tutorials/deployment'));
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
  });
});

describe('a large site', () => {
  afterAll(() => (largeTotals = null));

  it('says how much saving every page stores before it starts, and saves once the reader accepts', async () => {
    // The root claims 10,000 pages; the worker saves the pages the shards list, as it always does.
    largeTotals = { pages: 10_000, bytes: 200 * 2 ** 20, articles: 0 };
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(url('docs/intro'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    const control = page.getByRole('region', { name: 'Offline reading' });
    const question = control.getByText(/^Saving every page and the search index for offline reading stores about [\d.]+ MB on this device \(10,000 pages\)\.$/);
    await control.getByRole('button', { name: 'Save for offline reading' }).click();
    await question.waitFor();
    expect(Number(/about ([\d.]+) MB/.exec((await question.textContent())!)![1])).toBeGreaterThan(200);
    await control.getByRole('button', { name: 'Not now' }).click();
    await control.getByRole('button', { name: 'Save for offline reading' }).waitFor();
    // Nothing was saved: the worker was never asked.
    expect(await isCached(page, 'docs/tutorials/deployment')).toBe(false);

    await control.getByRole('button', { name: 'Save for offline reading' }).click();
    await control.getByRole('button', { name: 'Save 10,000 pages' }).click();
    await control.getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await isCached(page, 'docs/tutorials/deployment')).toBe(true);
    // Accepted once on this device: offline mode goes on without asking again.
    await page.reload();
    await shellReady(page);
    await control.getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await question.count()).toBe(0);
    expect(page.errors).toEqual([]);
  }, 180_000);
});

describe('updates', () => {
  it('shows "This page was updated" after a content-only build, and swaps the text in without downloading the shell again', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    // A page the deploy leaves as it is, stored before the one it changes.
    await page.goto(url('docs/code-of-conduct'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    await expect.poll(() => isCached(page, 'docs/code-of-conduct'), { timeout: 15_000 }).toBe(true);
    await page.goto(url('docs/faq'));
    await shellReady(page);
    await expect.poll(() => isCached(page, 'docs/faq'), { timeout: 15_000 }).toBe(true);
    // A second page is the reader's intent: the shell's files come once, into the precache, before the deploy. The
    // page asks for them once it has registered the worker again, after the wait the new document leaves its first page.
    await laterWorkNow(page);
    await precacheFilled(page, site.distDir, url());
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const before = readManifest();

    const file = join(site.contentDir, 'docs/faq.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n## /, '\nThis sentence arrived with a content-only deploy.\n\n## '));
    await build(false);
    const after = readManifest();
    const changed = Object.keys(after.docs).filter((id) => after.docs[id]!.blob !== before.docs[id]!.blob);
    expect(changed).toEqual(['faq']);

    requests.length = 0;
    await checkUntil(page, 'This page was updated');
    expect(await page.getByText('A new version is available').count()).toBe(0);
    await page.getByRole('button', { name: 'Show the update' }).click();
    await page.getByText('This sentence arrived with a content-only deploy.').waitFor({ timeout: 15_000 });
    expect(await page.getByText('This page was updated').count()).toBe(0);
    // The app was not reloaded, no shell file came again, and the only blobs fetched are the page's new ones.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(requests.filter((r) => r.includes('/assets/'))).toEqual([]);
    // The root manifest and the one shard that holds the page are the whole update check.
    const fetched = new Set(requests.filter((r) => r.includes('/blobs/')));
    expect(fetched).toContain(`/abp-react/blobs/${after.docs.faq!.article}`);
    const pageFiles = [after.docs.faq!.article, after.docs.faq!.blob, shardOf(readRoot(), '/docs/faq')].map((f) => `/abp-react/blobs/${f}`);
    for (const r of fetched) expect(pageFiles).toContain(r);
    // The worker brings the stored pages up to date in the order it stored them: once it has fetched
    // the changed page again, it has already found the unchanged one current (its head names its files).
    await expect.poll(() => requests.includes('/abp-react/docs/faq'), { timeout: 15_000 }).toBe(true);
    expect(requests.filter((r) => r.startsWith('/abp-react/docs/code-of-conduct'))).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it("brings a site saved for offline reading up to date with the changed page's files only", async () => {
    const page = await newPage();
    await page.goto(url('docs/intro?offlineMode=true'));
    await page.getByRole('region', { name: 'Offline reading' }).getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    const before = readManifest();
    const oldShards = new Set(shardNames(readRoot(), {}));
    const oldSearch = new Set(readdirSync(join(site.distDir, 'search')));
    const file = join(site.contentDir, 'docs/code-of-conduct.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n## /, '\nThis sentence arrived with another content-only deploy.\n\n## '));
    await build(false);
    const after = readManifest();
    expect(Object.keys(after.docs).filter((id) => after.docs[id]!.blob !== before.docs[id]!.blob)).toEqual(['code-of-conduct']);

    requests.length = 0;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    // The worker takes the manifest, then saves again: done when it records the new manifest as saved.
    const saved = () => page.evaluate(async (key) => (await (await caches.match(key))?.text()) ?? null, url('__docs-meta/offline-complete'));
    await expect.poll(saved, { timeout: 60_000 }).toBe(readRoot().contentHash);
    const doc = after.docs['code-of-conduct']!;
    const allowed = new Set([doc.article, doc.blob, ...shardNames(readRoot(), {}).filter((n) => !oldShards.has(n))].map((f) => `/abp-react/blobs/${f}`));
    // The local index's files the edit changed: its fragment and directory, its words' chunks, the entry.
    for (const name of readdirSync(join(site.distDir, 'search'))) if (!oldSearch.has(name)) allowed.add(`/abp-react/search/${name}`);
    allowed.add('/abp-react/docs/code-of-conduct');
    // Generated category pages have no files of their own: they are saved again whenever the manifest changes.
    const fetched = requests.filter((r) => /^\/abp-react\/(blobs|search|docs)\//.test(r) && !r.startsWith('/abp-react/docs/category/'));
    expect(fetched.filter((r) => !allowed.has(r.replace(/\?.*$/, '')))).toEqual([]);
    expect(fetched).toContain(`/abp-react/blobs/${doc.article}`);
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('offers "A new version is available" after a shell build, and Reload takes the new shell', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(url('docs/intro'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    // A second page: the reader's intent, so the workers fill their precache (the new one once it is in charge).
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
    await expect.poll(() => appShellPrecached(page), { timeout: 20_000 }).toBe(true);

    // Another shell: the same code with one more public file, so its hash (and sw.js) change.
    const root = join(site.folder, 'root');
    mkdirSync(root);
    for (const entry of ['src', 'manifest', 'public', 'package.json', 'tsconfig.json', 'tsconfig.base.json'])
      cpSync(join(ROOT, entry), join(root, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    writeFileSync(join(root, 'public/img/offline-test.txt'), 'a new shell\n');
    await build(true, root);

    await checkUntil(page, 'A new version is available');
    await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), page.getByRole('button', { name: 'Reload' }).click()]);
    await shellReady(page);
    expect(await page.getByText('A new version is available').count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    // The worker in charge is the new shell's: it precached the new public file.
    const precached = () =>
      page.evaluate(async () => {
        const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
        return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
      });
    await expect.poll(precached, { timeout: 20_000 }).toContain('/abp-react/img/offline-test.txt');
  });
});

describe('storage', () => {
  it('reports a full storage to the reader', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(url('docs/intro'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    const control = page.getByRole('region', { name: 'Offline reading' });
    await control.getByRole('button', { name: 'Save for offline reading' }).waitFor();
    // Leave the origin barely more than it uses so far: the first page offline mode saves cannot fit.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(url()).origin, quotaSize: usage + 2_000 });
    try {
      await control.getByRole('button', { name: 'Save for offline reading' }).click();
      // 'Try again' shows only for a failed save in offline mode (a background write may have failed before the click).
      await control.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 });
      expect(await control.getByRole('alert').textContent()).toContain('There is not enough storage space on this device');
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(url()).origin });
    }
  });

  it('renders the last manifest and an opened page from IndexedDB when the network fails, without a worker', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'block' });
    await page.goto(url('docs/faq'));
    await shellReady(page);
    // The persister writes once copies are wanted: on a reader who opens one page only, a minute after it.
    await page.clock.fastForward(KEEP_COPIES_MS);
    await expect.poll(() => storedContent(page, 'query-cache').then(Boolean), { timeout: 15_000 }).toBe(true);
    // The document still loads; the manifest and the blob do not.
    await page.route(/\/(manifest\.json|blobs\/)/, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it('renders online when IndexedDB throws and service workers are blocked', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'block' });
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('IndexedDB is blocked.', 'SecurityError');
      };
    });
    await page.goto(url('docs/intro'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    // No worker: no offline control to offer, once the later idle has tried to register one (the control may show
    // while the registration is pending, to let a reader turn offline mode on before it).
    await laterWorkNow(page);
    await expect.poll(() => page.getByRole('region', { name: 'Offline reading' }).count(), { timeout: 15_000 }).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
