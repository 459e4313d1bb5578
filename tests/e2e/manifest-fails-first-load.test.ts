/**
 * A readable page is not
 * replaced by an error: when the manifest fails on the first load, the page the
 * build wrote stays, a small notice says navigation will reload pages until the
 * site answers, the manifest is retried in the background, and the shell takes
 * over once it answers.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

const NOTICE = 'The site is not answering right now. You can read this page; navigation will reload pages until the site answers.';

/** The manifest faults a first load must survive, each as a route handler. */
const faults: [string, (route: Route) => Promise<void>][] = [
  ['HTTP 500', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' })],
  [
    'truncated JSON',
    async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      await route.fulfill({ response, body: text.slice(0, Math.floor(text.length / 2)) });
    },
  ],
  [
    'an invalid shape',
    async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      delete json.shards;
      await route.fulfill({ response, json });
    },
  ],
  [
    'an unknown manifest version',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), manifestVersion: 99 } });
    },
  ],
];

const h1 = (page: Page) => page.locator('main h1').first().textContent();

describe('the manifest fails on the first load', () => {
  for (const [fault, handler] of faults) {
    it(`keeps the static page with a notice for ${fault}, and recovers once the manifest answers`, async () => {
      const page = await b.page();
      let failing = true;
      let loads = 0;
      page.on('load', () => loads++);
      await page.route('**/_app/manifest.json', (route) => (failing ? handler(route) : route.continue()));
      await page.goto(b.url('docs/faq'));
      const notice = page.getByRole('status').filter({ hasText: NOTICE });
      await notice.waitFor({ timeout: 15_000 });
      expect(await h1(page)).toBe('Frequently Asked Questions');
      expect(await page.locator('#root[data-static-route]').count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Page Error' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      // An unknown version reloads once (the matching shell may be a reload away), never more.
      expect(loads).toBe(fault === 'an unknown manifest version' ? 2 : 1);

      failing = false;
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForFunction(() => !document.querySelector('#root[data-static-route]'), null, { timeout: 15_000 });
      expect(await notice.count()).toBe(0);
      expect(await h1(page)).toBe('Frequently Asked Questions');
      // The shell is in charge again: navigation stays in the app.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
      await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Code of Conduct');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    });
  }
});
