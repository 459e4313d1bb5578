/**
 * Debian's Chromium through playwright-core: one browser for the whole run (`tests/e2e/globalSetup.ts` launches it),
 * each test file connected to it with contexts of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { siteStorageKey } from '../../manifest/constants';
import { LATER_WORK_MS } from '../../src/lib/afterFirstPage';

/** Connects the file to the run's browser and returns helpers. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    // Closes the contexts this file made and leaves the browser to the other files.
    await browser?.close();
  });
  const violations: string[] = [];
  afterEach(() => {
    const seen = violations.splice(0);
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
  const base = inject('baseUrl');
  /**
   * A fresh page in a fresh context; errors thrown in the page are collected.
   * Service workers are blocked unless `serviceWorkers: 'allow'` is passed:
   * `page.route()` does not see requests a worker answers (tests/e2e/offline.test.ts allows them).
   */
  const page = async (options: BrowserContextOptions = {}): Promise<Page & { errors: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
    contexts.push(context);
    const opened = (await context.newPage()) as Page & { errors: string[] };
    opened.errors = [];
    opened.on('pageerror', (e) => opened.errors.push(String(e)));
    // A Content-Security-Policy violation fails the test that caused it.
    opened.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) violations.push(`${opened.url()}: ${m.text()}`);
    });
    return opened;
  };
  return {
    /** Absolute URL of a route below the base. */
    url: (path = '') => base + path.replace(/^\//, ''),
    page,
    /**
     * A fresh page (as `page` makes it) whose clock the test can move on (`page.clock`); time runs as usual until it
     * does. The clock replaces `performance` with one that lists no resource: the page keeps the browser's lists, from
     * which the shell hands the worker what the page loaded before the worker was in control.
     */
    async clockedPage(options: BrowserContextOptions = {}): Promise<Page & { errors: string[] }> {
      const made = await page(options);
      const context = made.context();
      await context.addInitScript(() => Object.defineProperty(window, '__browserPerformance', { value: performance }));
      await made.clock.install();
      await context.addInitScript(() => {
        const browser = (window as unknown as { __browserPerformance: Performance }).__browserPerformance;
        if (browser === performance) return;
        for (const name of ['getEntries', 'getEntriesByName', 'getEntriesByType'] as const) Object.assign(performance, { [name]: browser[name].bind(browser) });
      });
      return made;
    },
  };
}

/**
 * Moves the clock of a page made by `clockedPage` past the wait the shell leaves the first page before the work that
 * serves later reading (the worker's registration, the saved query cache, the offline panel): the tests need that work,
 * not the wait. A page loaded since the last jump waits anew.
 */
export const laterWorkNow = (page: Page): Promise<void> => page.clock.fastForward(LATER_WORK_MS);

/** Waits until the shell has taken over from the static HTML and shows a page title. */
export async function shellReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main h1'));
}

/** The options the search modal lists for `words`, typed on `url` once the shell is ready (none when it says there are no results). */
export async function modalHits(page: Page, url: string, words: string): Promise<string[]> {
  await page.goto(url);
  await shellReady(page);
  await page.keyboard.press('Control+k');
  const modal = page.locator('.DocSearch-Modal');
  await modal.getByRole('searchbox').fill(words);
  await expect
    .poll(async () => (await modal.getByRole('option').count()) + (await modal.getByText('No results for').count()), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return modal.getByRole('option').allInnerTexts();
}

/** Waits until the service worker controls the page. */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** Whether Cache Storage holds the absolute URL `href` (any cache). */
export const inCaches = (page: Page, href: string): Promise<boolean> =>
  page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), href);

/** The files the worker of the site built in `distDir` precaches: the list the build injected into `sw.js`. */
function precacheList(distDir: string): string[] {
  return [...readFileSync(join(distDir, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * Waits until the worker's precache holds every file of its list, which it fills once the reader has opened a
 * second page (or asked for offline mode); `base` is the site's absolute URL.
 */
export async function precacheFilled(page: Page, distDir: string, base: string): Promise<void> {
  const wanted = precacheList(distDir).map((url) => new URL(url, base).pathname);
  expect(wanted.length).toBeGreaterThan(0);
  const held = () =>
    page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
  await expect
    .poll(
      async () => {
        const have = new Set(await held());
        return wanted.filter((path) => !have.has(path));
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** Dispatches \`focus\` (an update check) until \`text\` shows. */
export async function checkUntil(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        return page.getByText(text, { exact: true }).count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBeGreaterThan(0);
}

/** The IndexedDB database of the site's shell (`src/data/store.ts`: one per site). */
export const CONTENT_DB = siteStorageKey('abp-react-docs', '/abp-react/');

/** The value the shell keeps under `key` in IndexedDB (`db`, the site's by default), or null. */
export function storedContent<T = unknown>(page: Page, key: string, db = CONTENT_DB): Promise<T | null> {
  return page.evaluate(
    ([name, k]) =>
      new Promise<T | null>((resolve) => {
        const open = indexedDB.open(name!);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          // Closed at once, so localforage can still upgrade the database.
          const opened = open.result;
          if (!opened.objectStoreNames.contains('content')) {
            opened.close();
            return resolve(null);
          }
          const get = opened.transaction('content').objectStore('content').get(k!);
          get.onsuccess = () => resolve((get.result as T | undefined) ?? null);
          get.onerror = () => resolve(null);
          opened.close();
        };
      }),
    [db, key],
  );
}

/** Every request of the page from now on that failed or was answered with an error, as `status path`. */
export function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`failed ${new URL(request.url()).pathname}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}
