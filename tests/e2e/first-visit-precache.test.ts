/**
 * The service worker precaches nothing a reader has not shown they need: a
 * first visit stores the page it opened and what that page loaded, and the
 * precache (the shell's core files and the app shell) fills once the reader
 * opens a second page, never on Save-Data. Fallback-only code (the shell's own
 * markdown rendering and its grammars) stays out of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { inCaches, laterWorkNow, shellReady, useBrowser, workerControls } from './browser';

const b = useBrowser();
const distDir = inject('distDir');
const shell = JSON.parse(readFileSync(join(distDir, 'shell.json'), 'utf8')) as { files: string[] };
const chunk = (name: string) => shell.files.find((f) => new RegExp(`^assets/chunks/${name}-[A-Za-z0-9]+\\.js$`).test(f))!;

/** The URLs the worker's precache holds (none when it has no precache). */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
    return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
  });

/** A first visit of `docs/intro` in a page of `b.clockedPage`, controlled by the worker once it has stored the page. */
async function firstVisit(page: Page): Promise<void> {
  await page.goto(b.url('docs/intro'));
  await shellReady(page);
  await laterWorkNow(page);
  await workerControls(page);
  await expect.poll(() => inCaches(page, b.url('docs/intro')), { timeout: 15_000 }).toBe(true);
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Docs sidebar' });

describe('the precache waits for intent', () => {
  it('holds nothing after a first visit, and the core shell and app shell once a second page is opened', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await firstVisit(page);
    // The worker is active and controls the page: it installed without precaching.
    expect(await precached(page)).toEqual([]);
    expect(await inCaches(page, b.url(chunk('SearchModal')))).toBe(false);

    await sidebar(page).getByRole('link', { name: 'Code of Conduct' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    await expect.poll(async () => (await precached(page)).includes('/abp-react/index.html'), { timeout: 20_000 }).toBe(true);
    const held = await precached(page);
    expect(held).toContain(`/abp-react/${chunk('SearchModal')}`);
    // What only a fallback path uses is cached when that path is taken, not before.
    expect(held).not.toContain(`/abp-react/${chunk('MarkdownView')}`);
    expect(held.some((p) => /\/chunks\/(bash|typescript|json)-/.test(p))).toBe(false);
    expect(page.errors).toEqual([]);
  });

  it('counts a second page on a later visit', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await firstVisit(page);
    await page.goto(b.url('docs/faq'));
    await shellReady(page);
    // The later visit asks for the precache once it has registered the worker, after the wait it leaves its first page.
    await laterWorkNow(page);
    await expect.poll(async () => (await precached(page)).includes('/abp-react/index.html'), { timeout: 20_000 }).toBe(true);
  });

  it('stays empty on Save-Data, while opened pages are still stored', async () => {
    const page = await b.clockedPage({ serviceWorkers: 'allow' });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) }),
    );
    await firstVisit(page);
    await page.goto(b.url('docs/faq'));
    await shellReady(page);
    await expect.poll(() => inCaches(page, b.url('docs/faq')), { timeout: 15_000 }).toBe(true);
    // The reader did open a second page: only Save-Data keeps the precache empty.
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('docs-reader-intent')))).toBe(true);
    expect(await precached(page)).toEqual([]);
  });
});
