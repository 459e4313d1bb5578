/**
 * With `localStorage` and
 * `sessionStorage` blocked (a browser setting, some embedded webviews: every
 * access throws), nothing crashes; choices last for the page view.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

/** Waits until the shell has taken over from the static HTML. */
async function ready(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
}

describe('blocked storage', () => {
  it('draws a Mermaid diagram, toggles colour mode and the sidebar, and opens search without crashing', async () => {
    const page = await b.page({ colorScheme: 'light' });
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await page.goto(b.url('docs/fundamentals/authentication'));
    await ready(page);
    expect(
      await page.evaluate(() => {
        try {
          return typeof sessionStorage;
        } catch {
          return 'blocked';
        }
      }),
    ).toBe('blocked');

    // The diagram's chunk loads when it nears the viewport: the load must not touch storage unguarded.
    await page.locator('.mermaid-diagram').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.mermaid-svg svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Back up, so the navbar (hidden while scrolling down) shows again.
    await page.locator('main h1').first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // System (light) → light → dark: the choice lives in memory.
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    await toggle.click();
    expect(await theme()).toBe('dark');

    await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).click();
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Expand sidebar', exact: true }).click();
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(1);

    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').getByRole('searchbox').waitFor();
    await page.keyboard.press('Escape');

    expect(await page.getByText('This page crashed.').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
