/**
 * Search offline for a reader who never saved the site, with the service worker in control of the page: the worker
 * keeps the search entry as soon as it sees the manifest, and every file of the index a search reads, so offline
 * queries answer from what the device holds and say when some words need the network.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { inCaches, laterWorkNow, precacheFilled, shellReady, useBrowser, workerControls } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { TEXTS } from '../../manifest/texts';

const b = useBrowser();
const manifest = readBuiltManifest(inject('distDir')) as unknown as { search: { entry: string } };

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const note = (page: Page) => page.getByRole('status').filter({ hasText: TEXTS['shell.search.incomplete'] });

/**
 * A reader who opened `path` and then a second page, the intent on which the worker fills its precache (the shell,
 * the search modal with it): the second page under the worker's control, with both pages and the search entry in
 * its caches. Nothing was saved for offline reading and nothing searched.
 */
async function controlledPage(path: string, second: string) {
  const page = await b.clockedPage({ serviceWorkers: 'allow' });
  await page.goto(b.url(path));
  await shellReady(page);
  await laterWorkNow(page);
  await workerControls(page);
  await expect.poll(() => inCaches(page, b.url(path)), { timeout: 15_000 }).toBe(true);
  await page.goto(b.url(second));
  await shellReady(page);
  await expect.poll(() => inCaches(page, b.url(second)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => inCaches(page, b.url(manifest.search.entry)), { timeout: 15_000 }).toBe(true);
  // The second page asks for the precache once it has registered the worker, after the wait it leaves the first page.
  await laterWorkNow(page);
  await precacheFilled(page, inject('distDir'), b.url());
  return page;
}

/** The number of search files in the worker's caches. */
const storedSearchFiles = (page: Page) =>
  page.evaluate(async () => {
    let count = 0;
    for (const name of await caches.keys()) count += (await (await caches.open(name)).keys()).filter((r) => r.url.includes('/search/')).length;
    return count;
  });

/** Waits until the worker has stored every search file a search read: the count holds for a second. */
async function searchFilesStored(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await storedSearchFiles(page);
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(true);
}

/** Goes offline and loads the page again from the worker, so nothing the last page held in memory answers. */
async function offlineReload(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  await shellReady(page);
}

/** Types `words` in the modal and waits for hits, the note or "No results for". */
async function modalSearch(page: Page, words: string) {
  if (!(await modal(page).count())) await page.keyboard.press('Control+k');
  await modal(page).getByRole('searchbox').fill(words);
  await expect
    .poll(
      async () =>
        (await modal(page).getByRole('option').locator('mark').count()) + (await note(page).count()) + (await page.getByText('No results for').count()),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
}

describe('offline search without saving', () => {
  it('says which words need the network before any search, never "Unable to fetch results", and hides the Algolia logo', async () => {
    const page = await controlledPage('docs/intro', 'docs/faq');
    await offlineReload(page);
    await modalSearch(page, 'tenant');
    await expect.poll(() => note(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await modal(page).getByText('Unable to fetch results').count()).toBe(0);
    expect(await modal(page).getByText('No results for').isVisible()).toBe(false);
    expect(await modal(page).locator('.DocSearch-Logo').isVisible()).toBe(false);
    expect(page.errors).toEqual([]);
  });

  it('answers offline from the files one online search read, in the modal and on /search', async () => {
    const page = await controlledPage('docs/intro', 'docs/faq');
    await modalSearch(page, 'tenant');
    expect(await modal(page).getByRole('option').count()).toBeGreaterThan(0);
    // The fragments of the whole page of hits come after the first ones, and the worker stores each as it passes.
    await page.waitForLoadState('networkidle');
    await searchFilesStored(page);
    await offlineReload(page);

    await modalSearch(page, 'tenant');
    await expect.poll(() => modal(page).getByRole('option').locator('mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await note(page).count()).toBe(0);
    // A word whose part of the index never came: the note, and no "No results for".
    await modalSearch(page, 'kubernetes');
    await expect.poll(() => note(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await modal(page).getByText('No results for').isVisible()).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto(b.url('search?q=tenant'));
    await shellReady(page);
    await expect.poll(() => page.locator('main .search-result').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await note(page).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('kubernetes');
    await expect.poll(() => note(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('No results for').count()).toBe(0);
    expect(await page.getByText('Unable to fetch results').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
