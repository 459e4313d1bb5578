/**
 * A file named by its
 * content whose bytes a proxy changed is never shown or stored, with or
 * without the service worker: not from the network, not from IndexedDB, and a
 * wrong copy the HTTP cache keeps as `immutable` does not make Retry fail for
 * good once the host sends the right one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONTENT_DB, laterWorkNow, shellReady, storedContent, useBrowser, workerControls } from './browser';
import { useFaultServer } from './faultServer';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { shardOf } from '../../manifest/shards';
import type { Manifest } from '../../manifest/types';

const b = useBrowser();
const host = useFaultServer();
const built: Manifest = readBuiltManifest(inject('distDir'));
const faq = built.docs.faq!;

const TAMPERED = 'Tampered by a proxy';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A proxy that adds a paragraph to an article or a markdown file, and renames the FAQ in a shard. */
const tamper = (text: string) => (text.startsWith('{') ? text.replaceAll('Frequently Asked Questions', TAMPERED) : `${text}\n\n<p>${TAMPERED}</p>\n`);

const h1 = (page: Page) => page.locator('main h1').first().textContent();
const openFaq = (page: Page) =>
  page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Frequently Asked Questions', exact: true }).click();
const tamperedShown = (page: Page) => page.getByText(TAMPERED).count();

/**
 * With `files` (below the base) changed by a proxy and kept as `immutable`,
 * opening the FAQ from the intro ends in "could not be loaded" without the
 * changed text; once the host sends them right, Retry shows the FAQ.
 */
async function refusedThenRetried(files: string[], options: { worker: boolean }) {
  for (const file of files) host.fault(file, { kind: 'corrupt', change: tamper, cacheControl: IMMUTABLE });
  const page = options.worker ? await b.clockedPage({ serviceWorkers: 'allow' }) : await b.page({ serviceWorkers: 'block' });
  try {
    await page.goto(host.url('docs/intro'));
    await shellReady(page);
    if (options.worker) {
      await laterWorkNow(page);
      await workerControls(page);
    }
    await openFaq(page);
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor({ timeout: 15_000 });
    expect(await tamperedShown(page)).toBe(0);
  } finally {
    host.clear();
  }
  // The browser keeps the wrong copies as immutable: Retry must ask past them.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Frequently Asked Questions');
  expect(await tamperedShown(page)).toBe(0);
  return page;
}

/** The text IndexedDB keeps under `key` in the shell's store, or null. */
const stored = (page: Page, key: string) => storedContent<string>(page, key);

/** Puts `value` under `key` in the shell's store (as an older shell that stored a wrong copy would have). */
function store(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(
    ([db, k, v]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onsuccess = () => {
          const tx = open.result.transaction('content', 'readwrite');
          tx.objectStore('content').put(v, k);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    [CONTENT_DB, key, value] as const,
  );
}

describe('a file whose bytes a proxy changed, without a service worker', () => {
  it('shows the markdown instead of a wrong article, never stores it, and shows the article once the host sends it, past the HTTP cache', async () => {
    host.fault(`blobs/${faq.article}`, { kind: 'corrupt', change: tamper, cacheControl: IMMUTABLE });
    const page = await b.page();
    try {
      await page.goto(host.url('docs/intro'));
      await shellReady(page);
      await openFaq(page);
      await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Frequently Asked Questions');
      // The page's markdown, rendered in the browser.
      await page.locator('main .markdown').first().waitFor();
      expect(await tamperedShown(page)).toBe(0);
      expect(await stored(page, `blob:${faq.article}`)).toBeNull();
    } finally {
      host.clear();
    }
  });

  it('says the page could not be loaded when article and markdown are wrong, and Retry shows the right article once the host sends it', async () => {
    const page = await refusedThenRetried([`blobs/${faq.article}`, `blobs/${faq.blob}`], { worker: false });
    await expect
      .poll(() => stored(page, `blob:${faq.article}`).then((text) => text?.includes('Frequently Asked Questions') ?? false), { timeout: 10_000 })
      .toBe(true);
    expect(await stored(page, `blob:${faq.article}`)).not.toContain(TAMPERED);
  });

  it('never shows a shard a proxy changed, and Retry loads it once the host sends it', async () => {
    await refusedThenRetried([`blobs/${shardOf(built, '/docs/faq')}`], { worker: false });
  });

  it('drops a wrong copy IndexedDB kept instead of showing it when the network fails', async () => {
    const page = await b.page();
    await page.goto(host.url('docs/intro'));
    await shellReady(page);
    await openFaq(page);
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Frequently Asked Questions');
    await expect.poll(() => stored(page, `blob:${faq.article}`).then(Boolean), { timeout: 10_000 }).toBe(true);
    await store(page, `blob:${faq.article}`, tamper((await stored(page, `blob:${faq.article}`))!));

    // Routing also keeps the browser's HTTP cache out of the way, where the right files are.
    await page.route(
      (u) => [faq.article, faq.blob].some((file) => u.pathname.endsWith(`/blobs/${file}`)),
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto(host.url('docs/intro'));
    await shellReady(page);
    await openFaq(page);
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor({ timeout: 15_000 });
    expect(await tamperedShown(page)).toBe(0);
    await expect.poll(() => stored(page, `blob:${faq.article}`), { timeout: 10_000 }).toBeNull();
  });
});

describe('a file whose bytes a proxy changed, with the service worker', () => {
  it('does not let a wrong shard the HTTP cache keeps as immutable make Retry fail for good', async () => {
    await refusedThenRetried([`blobs/${shardOf(built, '/docs/faq')}`], { worker: true });
  });
});
