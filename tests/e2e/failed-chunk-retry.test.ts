/**
 * One failed chunk load is
 * not remembered: after a network failure of the markdown renderer's chunk the
 * page offers "Retry" (not "This page crashed"), and once the network is back
 * the retry, and every later page, loads it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';

const b = useBrowser();
const manifest = readBuiltManifest(inject('distDir')) as unknown as {
  docs: Record<string, { path: string; title: string; blob: string; article: string }>;
};

/** Waits until the shell has taken over from the static HTML. */
async function ready(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
}

describe('the markdown renderer chunk', () => {
  it('offers Retry after a network failure, then loads it on retry and for later pages', async () => {
    const page = await b.page();
    let offline = true;
    await page.route(/\/assets\/chunks\/MarkdownView-[A-Z0-9]+\.js(\?.*)?$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    // Without their built articles, these pages need the renderer.
    for (const id of ['faq', 'code-of-conduct']) await page.route(`**/blobs/${manifest.docs[id]!.article}`, (route) => route.abort());
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });

    await sidebar.getByRole('link', { name: 'Frequently Asked Questions' }).click();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 15_000 });
    expect(await page.getByText('This page crashed.').count()).toBe(0);

    offline = false;
    await retry.click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Frequently Asked Questions');
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    expect(page.errors).toEqual([]);
  });
});
