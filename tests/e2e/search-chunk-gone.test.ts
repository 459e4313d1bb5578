/**
 * After a shell deploy
 * without a service worker, the old search chunk is a 404: Ctrl+K offers the
 * reload that code which fails to load calls for, instead of
 * silently doing nothing; once only, and if it still fails, it says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();
const CHUNK = /\/assets\/chunks\/SearchModal-[A-Z0-9]+\.js(\?.*)?$/;

/** Waits until the shell has taken over from the static HTML. */
async function ready(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
}

describe('a search chunk a deploy removed', () => {
  it('offers a reload on Ctrl+K, after which search opens', async () => {
    const page = await b.page();
    let gone = true;
    await page.route(CHUNK, (route) => (gone ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Search needs a reload: the site was updated since this page opened.' });
    await alert.waitFor({ timeout: 15_000 });
    // The "new shell" is deployed at this point.
    gone = false;
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Reload' }).click()]);
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').getByRole('searchbox').waitFor({ timeout: 15_000 });
  });

  it('reloads once only, and says so when the chunk is still missing after the reload', async () => {
    const page = await b.page();
    await page.route(CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(b.url('docs/intro'));
    await ready(page);
    let loads = 0;
    page.on('load', () => loads++);
    await page.keyboard.press('Control+k');
    await Promise.all([page.waitForEvent('load'), page.getByRole('alert').getByRole('button', { name: 'Reload' }).click({ timeout: 15_000 })]);
    await ready(page);
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Search could not be loaded, even after reloading the page. Try again later.' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    await alert.getByRole('button', { name: 'Close' }).click();
    expect(await alert.count()).toBe(0);
    expect(loads).toBe(1);
  });

  it('offers Retry when the search chunk fails for the network, and opens search once it answers', async () => {
    const page = await b.page();
    let offline = true;
    await page.route(CHUNK, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Search could not be loaded. Check your network connection, then retry.' });
    await alert.waitFor({ timeout: 15_000 });
    offline = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.DocSearch-Modal').getByRole('searchbox').waitFor({ timeout: 15_000 });
  });
});
