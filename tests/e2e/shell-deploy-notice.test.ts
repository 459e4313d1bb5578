/**
 * Without a service
 * worker, a shell deploy is noticed from the manifest, which names the shell
 * deployed with it: the tab offers "A new version is available" with Reload
 * before a missing chunk would force it. A content-only deploy keeps the shell
 * and offers nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkUntil, shellReady, useBrowser } from './browser';

const b = useBrowser();

/** Serves `manifest.json` as a deploy would change it, counting the requests for it. */
async function deployed(page: Page, change: (manifest: Record<string, unknown>) => void): Promise<{ asked: () => number }> {
  let asked = 0;
  await page.route('**/_app/manifest.json', async (route) => {
    asked++;
    const response = await route.fetch();
    const json = (await response.json()) as Record<string, unknown>;
    change(json);
    await route.fulfill({ response, json });
  });
  return { asked: () => asked };
}

describe('a shell deploy without a service worker', () => {
  it('is told by the manifest, which names the shell built with it, as the page does', async () => {
    const distDir = inject('distDir');
    const read = (file: string) => JSON.parse(readFileSync(join(distDir, file), 'utf8')) as { shell: string; js: string };
    expect(read('_app/manifest.json').shell).toBe(read('shell.json').js);
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    expect(await page.locator('meta[name="docs-shell"]').getAttribute('content')).toBe(`/abp-react/${read('shell.json').js}`);
  });

  it('offers "A new version is available", and Reload loads the page again', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await shellReady(page);
    await deployed(page, (json) => {
      json.shell = 'assets/main-NEWSHELL.js';
      json.contentHash = 'f'.repeat(16);
    });
    await checkUntil(page, 'A new version is available');
    await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), page.getByRole('button', { name: 'Reload' }).click()]);
  });

  it('offers nothing for a content-only deploy, which keeps the shell', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await shellReady(page);
    const { asked } = await deployed(page, (json) => {
      json.contentHash = 'f'.repeat(16);
    });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return asked();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    // The check has run: the page takes the manifest silently.
    await page.waitForTimeout(1_000);
    expect(await page.getByText('A new version is available').count()).toBe(0);
  });
});
