/**
 * One ranking on both surfaces: the search modal lists the hits of the /search page in the page's order (its groups
 * by category follow that order), for the local index's answers to reader questions.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellReady, useBrowser } from './browser';

const b = useBrowser();

const QUERIES = [
  'docker env vars',
  'tenant',
  // A finished last word (a space after it) is not a prefix, on both.
  'deploy ',
  '401 after login',
  'how do I connect the frontend to my own ABP server',
  'display an error when a query fails',
  'No access token available in session',
];

/** Routes of the hits the modal lists for `words`, top to bottom, once all of the page's hits are in. */
async function modalOrder(page: Page, words: string, count: number): Promise<string[]> {
  await page.keyboard.press('Control+k');
  const modal = page.locator('.DocSearch-Modal');
  await modal.getByRole('searchbox').fill(words);
  const links = modal.getByRole('option').locator('a');
  await expect.poll(() => links.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return hrefs;
}

/** Routes of the first `count` hits of the /search page for `words`. */
async function pageOrder(page: Page, words: string): Promise<string[]> {
  await page.goto(b.url(`search?q=${encodeURIComponent(words)}`));
  await shellReady(page);
  const links = page.locator('main .search-result__title a');
  await expect.poll(() => links.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe('the modal and the search page', () => {
  it('list the same hits in the same order', async () => {
    const page = await b.page();
    for (const words of QUERIES) {
      // The modal shows at most five hits of a group; ten hits cover its first screens.
      const expected = (await pageOrder(page, words)).slice(0, 10);
      const shown = await modalOrder(page, words, Math.min(expected.length, 8));
      expect(shown.slice(0, expected.length), words).toEqual(expected.slice(0, shown.length));
    }
    expect(page.errors).toEqual([]);
  });
});
