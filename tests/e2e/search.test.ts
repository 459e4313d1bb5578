/**
 * Search in Chromium against the built site: the DocSearch modal and
 * the /search page, on our Algolia-protocol server (tests/helpers/algoliaServer.ts)
 * and on the local index, online and offline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAlgoliaServer, type AlgoliaMode, type AlgoliaServer, type StoredRecord } from '../helpers/algoliaServer';
import { SPEC_SEARCH_PARAMS } from '../helpers/docsearchParams';
import type { SiteConfig } from '../../manifest/siteConfig';
import type { Manifest } from '../../manifest/types';
import { contentSecurityPolicy, inlineScripts } from '../../node/routeHtml';
import { useBrowser } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { searchRecordsFile } from '../../node/output';
import { escapeHtml } from '../../manifest/escapeHtml';
import { TEXTS } from '../../manifest/texts';

const b = useBrowser();
const distDir = inject('distDir');
const manifest = readBuiltManifest(distDir) as unknown as {
  search: { entry: string };
  site: { search: { indexName: string; feedbackUrl: string | null } };
};
const records = JSON.parse(readFileSync(searchRecordsFile(distDir), 'utf8')) as StoredRecord[];
const INDEX = 'abp-docs';

/** One server per mode, so tests never wait on each other's state. */
const servers = new Map<AlgoliaMode, AlgoliaServer>();
beforeAll(async () => {
  for (const mode of ['healthy', 'slow', 'down', '403'] as const) {
    servers.set(mode, await startAlgoliaServer({ mode, indexes: { [INDEX]: records }, slowMs: 1200 }));
  }
});
afterAll(async () => {
  for (const s of servers.values()) await s.close();
});

/**
 * The built site, served through a proxy on 127.0.0.1 that writes each page's Content-Security-Policy
 * for the search configuration of the running test, as a content build with that configuration would.
 * (Fulfilling the document from a page route instead makes Chromium treat it as a public page, and
 * block its calls to the search servers on the loopback address.)
 */
let policySearch: Record<string, unknown> | null = null;
let site = '';
let proxy: Server;
beforeAll(async () => {
  const upstream = b.url();
  const builtSite = (JSON.parse(readFileSync(join(distDir, '_app/manifest.json'), 'utf8')) as Manifest).site;
  proxy = createServer((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url!.replace(/^\//, ''), new URL('/', upstream)), { headers: { accept: req.headers.accept ?? '*/*' } });
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'cache-control', 'service-worker-allowed']) {
        const value = answer.headers.get(name);
        if (value) headers[name] = value;
      }
      let body = Buffer.from(await answer.arrayBuffer());
      if (policySearch && headers['content-type']?.startsWith('text/html')) {
        const configured = { ...builtSite, search: { ...builtSite.search, ...policySearch } } as SiteConfig;
        const policy = escapeHtml(contentSecurityPolicy(configured, inlineScripts(configured)));
        body = Buffer.from(body.toString('utf8').replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*/, `$1${policy}`));
      }
      res.writeHead(answer.status, headers).end(body);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${new URL(upstream).pathname}`;
});
// The browser keeps its connections open: closed here, or `close` waits for them.
afterAll(
  () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    }),
);
afterEach(() => {
  policySearch = null;
});

/** Absolute URL of a route of the proxied site. */
const url = (path = '') => site + path.replace(/^\//, '');

/**
 * A fresh page with service workers blocked: these tests are about the page's own search code
 * (routes on the page do not see requests a service worker answers; offline reading has its own tests).
 */
const newPage = (options: Parameters<typeof b.page>[0] = {}) => b.page({ serviceWorkers: 'block', ...options });

/** Waits until the shell has taken over from the static HTML. */
async function ready(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
}

/**
 * Rewrites `site.search` in the manifest the page loads, and, through the proxy, the pages'
 * Content-Security-Policy to what a content build with that configuration writes (it names the search hosts).
 */
async function configureSearch(page: Page, search: Record<string, unknown>) {
  policySearch = search;
  await page.route('**/_app/manifest.json', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.site.search = { ...json.site.search, ...search };
    await route.fulfill({ response, json });
  });
}

/** Points the site at our Algolia-protocol server in `mode`. */
async function useAlgolia(page: Page, mode: AlgoliaMode, extra: Record<string, unknown> = {}) {
  const server = servers.get(mode)!;
  await configureSearch(page, { appId: 'TESTAPP', apiKey: 'search-key', indexName: INDEX, hosts: [`http://${server.host}`], ...extra });
  return server;
}

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => modal(page).getByRole('searchbox');
const options = (page: Page) => modal(page).getByRole('option');
const localNote = (page: Page) => modal(page).getByText('Results from the local index');

/** Opens the modal with Ctrl+K and waits for its input. */
async function openModal(page: Page, keys = 'Control+k') {
  await page.keyboard.press(keys);
  await input(page).waitFor();
}

/** Types a query into the open modal and waits for its results (highlighted hits, not the recent searches shown before). */
async function search(page: Page, query: string) {
  await input(page).fill(query);
  await expect.poll(() => options(page).locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

describe('loading', () => {
  it('keeps search off the first page and loads it on the first hover', async () => {
    const page = await newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(url('docs/intro'));
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => /SearchModal|SearchResults|localEngine|\/search\/[a-z]+\./.test(u))).toEqual([]);
    expect(await modal(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Search' }).hover();
    await expect.poll(() => requested.some((u) => /SearchModal-[A-Z0-9]+\.js$/.test(u))).toBe(true);
    expect(await modal(page).count()).toBe(0);
  });
});

describe('the modal', () => {
  it('opens with Ctrl+K, Meta+K and "/", closes with Escape, and a second Escape clears the kept query', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await input(page).fill('tenant');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal(page).count()).toBe(0);
    // The query is kept: the button shows it and the next opening starts from it.
    expect(await page.locator('.search-button__placeholder').textContent()).toBe('tenant');
    await openModal(page, '/');
    expect(await input(page).inputValue()).toBe('tenant');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.search-button__placeholder').textContent()).toBe('Search');
    await openModal(page, 'Meta+k');
    expect(await input(page).inputValue()).toBe('');
    await page.keyboard.press('Control+k');
    await expect.poll(() => modal(page).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("keeps every key typed while the modal's code loads, after Ctrl+K and on the focused button alike", async () => {
    const page = await newPage();
    let loaded: () => void = () => {};
    const typed = new Promise<void>((resolve) => (loaded = resolve));
    await page.route(/\/SearchModal-[A-Z0-9]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(url('docs/intro'));
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('tenat', { delay: 30 });
    await page.keyboard.press('Backspace');
    await page.keyboard.type('nt', { delay: 30 });
    loaded();
    await input(page).waitFor();
    expect(await input(page).inputValue()).toBe('tenant');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal(page).count()).toBe(0);
    // Typing on the focused button: its first key opens the modal, and the next ones follow it.
    await page.getByRole('button', { name: 'Search' }).focus();
    await page.keyboard.type('redis', { delay: 10 });
    await input(page).waitFor();
    await expect.poll(() => input(page).inputValue()).toBe('redis');
    expect(page.errors).toEqual([]);
  });

  it('limits the query to 64 characters and pre-fills it with the text selected on the page', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await input(page).pressSequentially('x'.repeat(80), { delay: 0 });
    expect(await input(page).inputValue()).toHaveLength(64);
    expect(await input(page).getAttribute('maxlength')).toBe('64');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const selected = await page.evaluate(() => {
      const p = [...document.querySelectorAll('main .markdown p')].find((el) => (el.textContent ?? '').length > 80)!;
      const range = document.createRange();
      range.selectNodeContents(p);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    await openModal(page);
    expect(await input(page).inputValue()).toBe(selected.slice(0, 64));
  });

  it('answers from the local index with placeholder credentials, in a worker, themed for dark mode', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'authentication');
    expect(await options(page).first().textContent()).toContain('Authentication System');
    expect(await localNote(page).count()).toBe(1);
    expect(await modal(page).locator('mark').count()).toBeGreaterThan(0);
    expect(
      page
        .workers()
        .map((w) => w.url())
        .some((u) => /localEngine-[A-Z0-9]+\.js$/.test(u)),
    ).toBe(true);
    // DocSearch's colours follow the site's dark palette (--surface, --text).
    const [background, text] = await page.evaluate(() => {
      const m = getComputedStyle(document.querySelector('.DocSearch-Modal')!);
      return [m.backgroundColor, getComputedStyle(document.querySelector('.DocSearch-Input')!).color];
    });
    expect(background).toBe('rgb(30, 41, 59)');
    expect(text).toBe('rgb(229, 231, 235)');
    expect(page.errors).toEqual([]);
  });

  it('keeps recent and favourite searches across reloads (7 recents, or 4 with favourites; 10 favourites)', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'redis token store');
    const title = (await options(page).first().locator('.DocSearch-Hit-title').textContent())!;
    await options(page).first().click();
    await expect.poll(() => modal(page).count()).toBe(0);
    await page.reload();
    await ready(page);
    await openModal(page);
    const recent = modal(page).locator('.DocSearch-Hits', { hasText: 'Recent' });
    await expect.poll(() => recent.getByRole('option').first().textContent()).toContain(title);
    await recent.getByRole('option').first().getByTitle('Save this search').click();
    const favorite = modal(page).locator('.DocSearch-Hits', { hasText: 'Favorite' });
    await expect.poll(() => favorite.getByRole('option').count()).toBe(1);
    await page.reload();
    await ready(page);
    await openModal(page);
    await expect.poll(() => favorite.getByRole('option').first().textContent()).toContain(title);

    // Limits: DocSearch keeps them in localStorage under keys named after the index.
    const stored = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        objectID: `${prefix}${i}`,
        url: '/docs/intro',
        type: 'lvl1',
        content: null,
        hierarchy: { lvl0: 'Documentation', lvl1: `${prefix} ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      }));
    const key = (kind: string) => `__DOCSEARCH_${kind}_SEARCHES__${manifest.site.search.indexName}`;
    await page.evaluate(
      ([r, f, rk, fk]) => {
        localStorage.setItem(rk as string, JSON.stringify(r));
        localStorage.setItem(fk as string, JSON.stringify(f));
      },
      [stored(9, 'Recent'), [], key('RECENT'), key('FAVORITE')] as const,
    );
    await page.reload();
    await ready(page);
    await openModal(page);
    await expect.poll(() => recent.getByRole('option').count()).toBe(7);
    await page.evaluate(([f, fk]) => localStorage.setItem(fk as string, JSON.stringify(f)), [stored(12, 'Fav'), key('FAVORITE')] as const);
    await page.reload();
    await ready(page);
    await openModal(page);
    await expect.poll(() => recent.getByRole('option').count()).toBe(4);
    expect(await favorite.getByRole('option').count()).toBe(10);
  });

  it('opens a chosen result inside the app and scrolls to its heading', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await openModal(page);
    await search(page, 'redis token store');
    await options(page).filter({ hasText: 'Redis token store' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/abp-react/docs/fundamentals/session-management#redis-token-store');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('redis-token-store')?.getBoundingClientRect().top ?? -1)))
      .toBeGreaterThanOrEqual(60);
    expect(await page.evaluate(() => document.getElementById('redis-token-store')!.getBoundingClientRect().top)).toBeLessThan(200);
    // Keyboard: Enter opens the active hit, still without a reload.
    await openModal(page);
    await search(page, 'middleware');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/abp-react/docs/fundamentals/middleware');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(page.errors).toEqual([]);
  });

  it('says "No results for" with up to 3 suggestions and the feedback link', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'tenant');
    await input(page).fill('zzqxv');
    await expect.poll(() => modal(page).locator('.DocSearch-NoResults .DocSearch-Title').textContent()).toBe('No results for "zzqxv"');
    const suggestions = await modal(page).locator('.DocSearch-Prefill').count();
    expect(suggestions).toBeGreaterThan(0);
    expect(suggestions).toBeLessThanOrEqual(3);
    expect(await modal(page).getByText('Believe this query should return results?').count()).toBe(1);
    expect(await modal(page).getByRole('link', { name: 'Let us know.' }).getAttribute('href')).toBe(manifest.site.search.feedbackUrl);
  });
  it('offers the closest word the site has when nothing matches, and searches it when chosen', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await input(page).fill('dokcer');
    const offer = modal(page).getByText(TEXTS['shell.search.didYouMean'].replace('{suggestion}', 'docker'));
    await expect.poll(() => offer.count(), { timeout: 15_000 }).toBe(1);
    await modal(page).getByRole('button', { name: 'docker', exact: true }).click();
    expect(await input(page).inputValue()).toBe('docker');
    await expect.poll(() => options(page).locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await offer.count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});

describe('Algolia', () => {
  it('answers from a healthy server with DocSearch’s payload, sanitising highlights', async () => {
    const page = await newPage();
    const server = await useAlgolia(page, 'healthy');
    server.indexes.get(INDEX)!.push({
      objectID: 'evil',
      url: 'https://antosubash.github.io/abp-react/docs/intro#evil',
      type: 'content',
      hierarchy: { lvl0: 'Documentation', lvl1: 'Zebra <img src=x onerror="window.__xss=1">', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: 'Zebra crossing <script>window.__xss=2</script><b>bold</b>',
      language: 'en',
      docusaurus_tag: 'docs-default-current',
    });
    const before = server.requests.length;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'tenant');
    expect(await localNote(page).count()).toBe(0);
    // Analytics are off by default: search-insights is not even loaded.
    expect(requested.filter((u) => /index-browser-[A-Z0-9]+\.js$/.test(u))).toEqual([]);
    const query = server.requests.slice(before).find((r) => r.path === '/1/indexes/*/queries')!;
    expect(query.method).toBe('POST');
    expect(query.query['x-algolia-application-id']).toBe('TESTAPP');
    expect(query.query['x-algolia-api-key']).toBe('search-key');
    expect((query.body as { requests: unknown[] }).requests[0]).toEqual({
      indexName: INDEX,
      query: expect.stringMatching(/^t/),
      ...SPEC_SEARCH_PARAMS,
    });
    await input(page).fill('zebra');
    await expect.poll(() => options(page).first().textContent()).toContain('Zebra crossing');
    expect(await modal(page).locator('img, script, b').count()).toBe(0);
    expect(await options(page).first().textContent()).toContain('<script>');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    server.indexes.get(INDEX)!.pop();
  });

  it('asks for 5-word snippets on screens up to 768 px', async () => {
    const page = await newPage({ viewport: { width: 700, height: 800 } });
    const server = await useAlgolia(page, 'healthy');
    const before = server.requests.length;
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'redis');
    const bodies = server.requests
      .slice(before)
      .map((r) => (r.body as { requests?: { attributesToSnippet?: string[] }[] })?.requests?.[0]?.attributesToSnippet);
    expect(bodies).toContainEqual(['content:5']);
  });

  it('shows the stalled state while a slow server answers, then its results', async () => {
    const page = await newPage();
    await useAlgolia(page, 'slow');
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await input(page).fill('tenant');
    await expect.poll(() => page.locator('.DocSearch-Container--Stalled').count(), { interval: 50 }).toBe(1);
    await expect.poll(() => options(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.locator('.DocSearch-Container--Stalled').count()).toBe(0);
    expect(await localNote(page).count()).toBe(0);
  });

  for (const mode of ['down', '403'] as const) {
    it(`answers from the local index when Algolia is ${mode === 'down' ? 'down (connection refused)' : 'refusing (403)'}`, async () => {
      const page = await newPage();
      const server = await useAlgolia(page, mode);
      const before = server.requests.length;
      await page.goto(url('docs/intro'));
      await ready(page);
      await openModal(page);
      await search(page, 'permissions');
      expect(await options(page).first().textContent()).toContain('Permission Management');
      expect(await localNote(page).count()).toBe(1);
      if (mode === '403') expect(server.requests.length).toBeGreaterThan(before);
    });
  }

  it('answers offline from the local index, from the files it has fetched, and says when pages may be missing', async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    // Placeholder credentials: the local index answers, and fetches what this query needs.
    await search(page, 'tenant');
    await page.context().setOffline(true);
    await input(page).fill('');
    await search(page, 'tenant');
    expect(await localNote(page).count()).toBe(1);
    expect(await modal(page).getByText(TEXTS['shell.search.incomplete']).count()).toBe(0);
    // A word whose part of the index was never fetched: what can be had, and the note.
    await input(page).fill('kubernetes');
    await expect.poll(() => modal(page).getByRole('status').filter({ hasText: TEXTS['shell.search.incomplete'] }).count(), { timeout: 10_000 }).toBe(1);
    await page.context().setOffline(false);
    await input(page).fill('kubernetes ');
    await expect.poll(() => options(page).locator('mark').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await modal(page).getByText(TEXTS['shell.search.incomplete']).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('reads the part of the index a word needs, and one set of results for a word typed fast', async () => {
    const page = await newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(url('docs/intro'));
    await ready(page);
    requested.length = 0;
    // The index's files answer once the word is typed: on a busy machine keystrokes 20 ms apart can reach the page
    // further apart than the modal's pause, so each prefix's search starts; all of them are then under way at once.
    let typed: () => void = () => {};
    const done = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\/search\/[a-z]+\.[0-9a-f]+\.json$/, async (route) => {
      await done;
      await route.continue();
    });
    await openModal(page);
    await input(page).pressSequentially('authentication', { delay: 20 });
    typed();
    await expect.poll(() => options(page).locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const search = requested.filter((p) => p.includes('/search/'));
    const kind = (k: string) => search.filter((p) => p.includes(`/search/${k}.`)).length;
    expect(kind('entry')).toBe(1);
    expect(kind('c')).toBeGreaterThanOrEqual(1);
    expect(kind('c')).toBeLessThanOrEqual(3);
    // The fragments of one set of results (20 at most), each once: not one set per letter.
    expect(kind('f')).toBeGreaterThanOrEqual(await options(page).count());
    expect(kind('f')).toBeLessThanOrEqual(20);
    expect(new Set(search).size).toBe(search.length);
    expect(kind('t')).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("shows a word's first hits as soon as their fragments are in, then the rest below them", async () => {
    const page = await newPage();
    await page.goto(url('docs/intro'));
    await ready(page);
    // Fragments past the first six wait until released: the first results must not wait for them.
    const fragments = new Set<string>();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search\/f\.[0-9a-f]+\.json$/, async (route) => {
      fragments.add(route.request().url());
      if (fragments.size > 6) await released;
      await route.continue();
    });
    await openModal(page);
    await input(page).fill('tenant');
    await expect.poll(() => options(page).locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await options(page).count();
    expect(first).toBeLessThanOrEqual(6);
    expect(fragments.size).toBeGreaterThan(6);
    release();
    await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(first);
    expect(await input(page).inputValue()).toBe('tenant');
    expect(page.errors).toEqual([]);
  });

  it('leaves Algolia alone offline and answers from the local index', async () => {
    const page = await newPage();
    const server = await useAlgolia(page, 'healthy');
    await page.goto(url('docs/intro'));
    await ready(page);
    const entry = page.waitForResponse((r) => r.url().includes(manifest.search.entry), { timeout: 20_000 });
    await openModal(page);
    await search(page, 'tenant');
    expect(await localNote(page).count()).toBe(0);
    // Once the modal is idle, the local index starts, ready for offline: its entry, nothing more until asked.
    await entry;
    await page.context().setOffline(true);
    const before = server.requests.length;
    await input(page).fill('redis');
    // Algolia answered online, so none of the index's words were fetched: the note says what to do.
    await expect.poll(() => modal(page).getByRole('status').filter({ hasText: TEXTS['shell.search.incomplete'] }).count(), { timeout: 10_000 }).toBe(1);
    expect(server.requests.length).toBe(before);
  });

  it('says "Unable to fetch results" when no host answers and the local index cannot load', async () => {
    const page = await newPage();
    await useAlgolia(page, 'down');
    await page.route('**/search/entry.*.json', (route) => route.abort());
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await input(page).fill('tenant');
    await expect.poll(() => modal(page).locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent(), { timeout: 15_000 }).toBe('Unable to fetch results');
    expect(await modal(page).getByText('You might want to check your network connection.').count()).toBe(1);
    expect(await modal(page).getByText('No results for').isVisible()).toBe(false);
    // No spinner left running.
    await expect.poll(() => page.locator('.DocSearch-Container--Stalled').count()).toBe(0);
    // A new query that fails too keeps the screen; emptying the input brings the start screen back.
    await input(page).fill('redis');
    await expect.poll(() => modal(page).locator('.DocSearch-ErrorScreen').count(), { timeout: 15_000 }).toBe(1);
    await input(page).fill('');
    await expect.poll(() => modal(page).locator('.DocSearch-ErrorScreen').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('turns on click analytics only when the configuration asks for it', async () => {
    const page = await newPage();
    const server = await useAlgolia(page, 'healthy', { insights: true });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.route(/insights\.algolia\.io|cdn\.jsdelivr\.net/, (route) => route.fulfill({ status: 200, json: {} }));
    const before = server.requests.length;
    await page.goto(url('docs/intro'));
    await ready(page);
    await openModal(page);
    await search(page, 'tenant');
    const bodies = server.requests.slice(before).map((r) => (r.body as { requests?: { clickAnalytics?: boolean }[] })?.requests?.[0]?.clickAnalytics);
    expect(bodies).toContain(true);
    // search-insights comes from our bundle, never from a CDN.
    expect(requested.some((u) => /index-browser-[A-Z0-9]+\.js$/.test(u))).toBe(true);
    expect(requested.some((u) => u.includes('cdn.jsdelivr.net'))).toBe(false);
  });
});

describe('the /search page', () => {
  it('shows 20 results, more on scroll, kept out of search engines', async () => {
    const page = await newPage();
    await page.goto(url('search?q=tenant'));
    await ready(page);
    // The address's query comes into the heading on the render after hydration.
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Search results for "tenant"');
    const results = page.locator('main .search-result');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(20);
    expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toContain('noindex');
    expect(await page.getByText('Results from the local index').count()).toBe(1);
    expect(await results.first().locator('a').textContent()).toBeTruthy();
    await results.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(20);
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzqxv');
    await expect.poll(() => page.locator('main .search-status__title').textContent()).toBe('No results for "zzqxv"');
    expect(await page.getByRole('link', { name: 'Let us know.' }).count()).toBe(1);
    // A word nothing matches: the closest one the site has, searched from a link.
    await page.getByRole('searchbox', { name: 'Search' }).fill('dokcer');
    await page.getByRole('link', { name: 'docker', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('docker');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
  });

  it('works offline from the local index, and says so when nothing can answer', async () => {
    const page = await newPage();
    await page.goto(url('search?q=session'));
    await ready(page);
    await expect.poll(() => page.locator('main .search-result').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.context().setOffline(true);
    await page.getByRole('searchbox', { name: 'Search' }).fill('sessions');
    await expect.poll(() => page.locator('main .search-meta').textContent(), { timeout: 15_000 }).toContain('Results from the local index');
    expect(await page.locator('main .search-result').count()).toBeGreaterThan(0);
    expect(await page.getByText(TEXTS['shell.search.incomplete']).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('kubernetes');
    await expect.poll(() => page.getByRole('status').filter({ hasText: TEXTS['shell.search.incomplete'] }).count(), { timeout: 15_000 }).toBe(1);

    const broken = await newPage();
    await useAlgolia(broken, 'down');
    await broken.route('**/search/entry.*.json', (route) => route.abort());
    await broken.goto(url('search?q=tenant'));
    await ready(broken);
    await expect.poll(() => broken.locator('main .search-status__title').textContent(), { timeout: 15_000 }).toBe('Unable to fetch results');
    expect(await broken.getByText('You might want to check your network connection.').count()).toBe(1);
  });
});
