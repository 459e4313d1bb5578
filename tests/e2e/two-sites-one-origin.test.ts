/**
 * Two sites on one origin
 * (project sites of `user.github.io`: `/abp-react/` and `/abp-two/`) keep their
 * stored state apart, as their workers' caches are: offline mode,
 * the collapsed sidebar and the content kept in IndexedDB. A reader's state
 * stored unscoped is kept by the site.
 *
 * `/abp-two/` is the same content with its `baseUrl` changed, built content-only beside a copy of the shared e2e
 * build, so the one shell build serves both bases; it is served on the same origin through a proxy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../build';
import { siteStorageKey } from '../../manifest/constants';
import { startServer, type RunningServer } from '../../scripts/serve';
import { CONTENT_DB, inCaches, laterWorkNow, shellReady, storedContent, useBrowser, workerControls } from './browser';
import { ROOT } from './siteCopy';
import { KEEP_COPIES_MS } from '../../src/lib/afterFirstPage';

const b = useBrowser();
const TWO = '/abp-two/';
let work = '';
let one: RunningServer | undefined;
let two: RunningServer | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'docs-two-sites-'));
  // The content with another base path, as a fork hosted beside it would change it (README, "Deploying").
  const contentDir = join(work, 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  const site = join(contentDir, 'site.config.json');
  writeFileSync(site, readFileSync(site, 'utf8').replace('"baseUrl": "/abp-react/"', `"baseUrl": "${TWO}"`));
  const distDir = join(work, 'dist');
  cpSync(inject('distDir'), distDir, { recursive: true });
  await buildSite({ root: ROOT, contentDir, distDir, shell: false, warn: () => {} });
  two = await startServer({ dir: distDir, port: 0, host: '127.0.0.1' });
  one = await startServer({
    dir: inject('distDir'),
    port: 0,
    host: '127.0.0.1',
    handle: (req, res) => {
      if (!req.url?.startsWith(TWO)) return false;
      return new Promise<boolean>((resolve) => {
        const upstream = request({ host: '127.0.0.1', port: two!.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          resolve(true);
        });
        upstream.on('error', () => {
          res.destroy();
          resolve(true);
        });
        req.pipe(upstream);
      });
    },
  });
}, 180_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Absolute URL of a path of the origin (`/abp-react/…`, `/abp-two/…`). */
const at = (path: string) => new URL(path, one!.url).href;
const panel = (page: Page) => page.getByRole('region', { name: 'Offline reading' });

/**
 * A page opened at `href` whose clock is moved past the wait before the shell keeps copies in its database, which a
 * reader who opens one page only has (`KEEP_COPIES_MS`); time runs as usual otherwise.
 */
async function pageKeepingCopies(href: string): Promise<Page & { errors: string[] }> {
  const page = await b.clockedPage();
  await page.goto(href);
  await shellReady(page);
  await page.clock.fastForward(KEEP_COPIES_MS);
  return page;
}

describe('two sites on one origin', () => {
  it('keeps offline reading turned on in one site from turning it on in the other', async () => {
    // The clock is the context's: both tabs skip the wait before the worker registers.
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.goto(at('/abp-react/docs/intro'));
    await shellReady(page);
    await laterWorkNow(page);
    await workerControls(page);
    await panel(page).getByRole('button', { name: 'Save for offline reading' }).click();
    await panel(page).getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });

    const other = await page.context().newPage();
    await other.goto(at(`${TWO}docs/intro`));
    await shellReady(other);
    await laterWorkNow(other);
    await workerControls(other);
    // The tab decided before it registered its worker, and told it: offline mode is off there.
    expect(await other.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).searchParams.get('offlineMode'))).toBe('false');
    await panel(other).getByRole('button', { name: 'Save for offline reading' }).waitFor({ timeout: 15_000 });
    // The page hands the worker what it loaded before it was in control, and only then would it start a save.
    await expect.poll(() => inCaches(other, at(`${TWO}docs/intro`)), { timeout: 15_000 }).toBe(true);
    expect(
      await panel(other)
        .getByText(/^Saving|^Preparing|^Available offline$/)
        .count(),
    ).toBe(0);
    // Its worker saved nothing for offline reading.
    const offlineCaches = await other.evaluate((scope) => caches.keys().then((keys) => keys.filter((k) => k.startsWith(`docs-offline-${scope}`))), at(TWO));
    expect(offlineCaches).toEqual([]);
  }, 120_000);

  it('keeps a sidebar collapsed in one site from collapsing it in the other', async () => {
    const page = await b.page();
    await page.goto(at('/abp-react/docs/intro'));
    await shellReady(page);
    await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).click();
    await page.goto(at(`${TWO}docs/intro`));
    await shellReady(page);
    expect(await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sidebar-hidden'))).toBe(false);
    await page.goto(at('/abp-react/docs/intro'));
    // Before the first paint too, on the site where it was collapsed.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sidebar-hidden'))).toBe(true);
  });

  it('never starts one site with the manifest the other saved in IndexedDB', async () => {
    const page = await pageKeepingCopies(at('/abp-react/docs/faq'));
    await expect.poll(() => storedContent(page, 'query-cache').then(Boolean), { timeout: 15_000 }).toBe(true);
    // The other site's manifest cannot be fetched: it has none saved, so its static page stays, with the notice.
    await page.route(`**${TWO}_app/manifest.json`, (route) => route.abort('internetdisconnected'));
    await page.goto(at(`${TWO}docs/faq`));
    await page.getByRole('status').filter({ hasText: 'The site is not answering right now.' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#root[data-static-route]').count()).toBe(1);
  });
});

describe('state stored before the scoping by site', () => {
  it('keeps the offline-reading choice and the collapsed sidebar a reader stored', async () => {
    const page = await b.page({ serviceWorkers: 'allow' });
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('docs-offline-mode', 'on');
      localStorage.setItem('docs-sidebar-hidden', '1');
    });
    await page.goto(at('/abp-react/docs/intro'));
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sidebar-hidden'))).toBe(true);
    await shellReady(page);
    // The shell may show the sidebar's button a moment after it is ready.
    await page
      .getByRole('button', { name: /^(Expand|Collapse) sidebar$/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Expand sidebar', exact: true }).count()).toBe(1);
    await panel(page).getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    // A choice made on this site is its own, and wins over the unscoped one.
    await page.getByRole('button', { name: 'Expand sidebar', exact: true }).click();
    await page.reload();
    await shellReady(page);
    expect(await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).count()).toBe(1);
  }, 120_000);

  it('reads the content an earlier shell kept in the database every site shared, when the network fails', async () => {
    const page = await pageKeepingCopies(at('/abp-react/docs/faq'));
    await expect.poll(() => storedContent(page, 'query-cache').then(Boolean), { timeout: 15_000 }).toBe(true);
    // What the site stored, moved into the shared database as an earlier shell kept it, from a page without the shell.
    await page.goto(at('/abp-react/_app/manifest.json'));
    await page.evaluate(
      ([from, to]) =>
        new Promise<void>((resolve, reject) => {
          const source = indexedDB.open(from!);
          source.onerror = () => reject(source.error);
          source.onsuccess = () => {
            const read = source.result.transaction('content').objectStore('content');
            const keys = read.getAllKeys();
            const values = read.getAll();
            read.transaction.oncomplete = () => {
              source.result.close();
              const target = indexedDB.open(to!, 2);
              target.onupgradeneeded = () => {
                target.result.createObjectStore('content');
                target.result.createObjectStore('local-forage-detect-blob-support');
              };
              target.onsuccess = () => {
                const write = target.result.transaction('content', 'readwrite');
                keys.result.forEach((key, i) => write.objectStore('content').put(values.result[i], key));
                write.oncomplete = () => {
                  target.result.close();
                  const gone = indexedDB.deleteDatabase(from!);
                  gone.onsuccess = () => resolve();
                  gone.onerror = () => reject(gone.error);
                };
              };
            };
          };
        }),
      [CONTENT_DB, 'abp-react-docs'],
    );
    expect(CONTENT_DB).toBe(siteStorageKey('abp-react-docs', '/abp-react/'));
    await page.route(/\/(manifest\.json|blobs\/)/, (route) => route.abort('internetdisconnected'));
    await page.goto(at('/abp-react/docs/faq'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'The site is not answering right now.' }).count()).toBe(0);
  });
});
