/**
 * Admonitions: a page with one shows the same callout after client
 * navigation (the build's article, or the shell's own rendering of the
 * markdown) as in its static HTML, named by its type, with colours that pass
 * contrast in both colour modes.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';

const b = useBrowser();
const distDir = inject('distDir');
type Doc = { path: string; title: string; article: string; previous: { path: string } | null; next: { path: string } | null };
const manifest = readBuiltManifest(distDir) as unknown as { docs: Record<string, Doc> };
// The first doc with an admonition in its article (content/docs writes its notes and warnings as admonitions).
const doc = Object.values(manifest.docs).find((d) => readFileSync(join(distDir, 'blobs', d.article), 'utf8').includes('class="admonition '));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Each callout of the article: its markup, and its accessible name and title as a reader gets them. */
const callouts = (page: Page) =>
  page.locator('main .markdown .admonition').evaluateAll((els) =>
    els.map((el) => ({
      html: el.outerHTML,
      role: el.getAttribute('role'),
      label: el.getAttribute('aria-label'),
      title: el.querySelector('.admonition__title')?.textContent,
    })),
  );

/** Opens the page next to `doc` and follows its pagination link to `doc`, a client navigation. */
async function navigateToDoc(page: Page) {
  const from = doc!.previous ?? doc!.next!;
  await page.goto(b.url(from.path));
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator(`main nav a[href="/abp-react${doc!.path}"]`).last().click();
  await expect.poll(() => page.locator('main h1').first().textContent()).toBe(doc!.title);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'client navigation, not a reload').toBe(1);
}

describe('admonitions', () => {
  it('has a doc with an admonition to check', () => {
    expect(doc).toBeDefined();
  });

  it('renders the static HTML callout again after client navigation, with its type as the accessible name', async () => {
    const still = await b.page({ javaScriptEnabled: false });
    await still.goto(b.url(doc!.path));
    const expected = await callouts(still);
    expect(expected.length).toBeGreaterThan(0);
    for (const c of expected) {
      expect(c.role).toBe('note');
      expect(['Note', 'Tip', 'Info', 'Warning', 'Danger', 'Caution']).toContain(c.label);
    }

    const page = await b.page();
    await navigateToDoc(page);
    expect(await callouts(page)).toEqual(expected);
    const first = expected[0]!;
    await expect.poll(() => page.getByRole('note', { name: first.label! }).first().isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('renders the same callout when the shell renders the markdown itself', async () => {
    const still = await b.page({ javaScriptEnabled: false });
    await still.goto(b.url(doc!.path));
    const expected = await callouts(still);

    const page = await b.page();
    await page.route(`**/blobs/${doc!.article}`, (route) => route.abort());
    await navigateToDoc(page);
    expect(await callouts(page)).toEqual(expected);
    expect(page.errors).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('passes colour contrast in %s mode', async (mode) => {
    // axe is injected as an inline script, which the site's Content-Security-Policy rightly blocks.
    const page = await b.page({ colorScheme: mode, bypassCSP: true });
    await page.goto(b.url(doc!.path));
    await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
      ).axe;
      const result = await axe.run({ include: [['main .admonition']] }, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    });
    expect(violations).toEqual([]);
  });
});
