/**
 * A Docusaurus site as its authors keep it (`tests/fixtures/docusaurus-source`), imported with
 * `npm run import:docusaurus`'s function and built content-only beside a copy of the shared e2e build, served at
 * its own base URL (`/`): its docs render with their sidebars in the site's order, with no failed request, and its
 * static files are published as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importDocusaurus } from '../../scripts/importDocusaurus';
import { failedRequests, shellReady, useBrowser } from './browser';
import { ROOT, useContentBesideShell } from './siteCopy';

const b = useBrowser();
const SITE = join(ROOT, 'tests/fixtures/docusaurus-source');
const { at, origin } = useContentBesideShell('imported-site-', (contentDir) => importDocusaurus(SITE, contentDir));

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Docs sidebar' });

describe('a Docusaurus site imported as written', () => {
  it('renders a doc at its own base URL with its sidebar in the order the sidebars file gives, and no failed request', async () => {
    const page = await b.page();
    const failed = failedRequests(page);
    await page.goto(at('/docs/next/intro'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(await sidebar(page).getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Introduction', 'Guides']));
    const labels = await sidebar(page).locator('a, button').allTextContents();
    expect(labels.indexOf('Introduction')).toBeLessThan(labels.findIndex((l) => l.includes('Guides')));
    expect(page.errors).toEqual([]);
  });

  it("opens the category's page at its folder's route, and the second sidebar on its own doc", async () => {
    const page = await b.page();
    await page.goto(at('/docs/next/guides'));
    await shellReady(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Guides');
    await page.goto(at('/docs/next/reference'));
    await shellReady(page);
    expect(await sidebar(page).getByRole('link').allTextContents()).toEqual(['Reference']);
    expect(page.errors).toEqual([]);
  });

  it("shows the site's own component, brought along with its styles and what it imports, as the page uses it", async () => {
    const page = await b.page();
    const failed = failedRequests(page);
    await page.goto(at('/docs/next/reference'));
    await shellReady(page);
    const line = page.getByText('This guide covers 3 widgets.');
    expect(await line.count()).toBe(1);
    await expect.poll(() => line.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(failed).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('publishes static/ at the site root as it is, its web app manifest.json beside the root manifest of the build', async () => {
    expect(await (await fetch(at('/img/widgets.svg'))).text()).toBe(readFileSync(join(SITE, 'static/img/widgets.svg'), 'utf8'));
    expect(await (await fetch(at('/CNAME'))).text()).toBe(readFileSync(join(SITE, 'static/CNAME'), 'utf8'));
    expect(((await (await fetch(at('/_app/manifest.json'))).json()) as { site: { title: string } }).site.title).toBe('Widget Docs');
    expect(await (await fetch(at('/manifest.json'))).text()).toBe(readFileSync(join(SITE, 'static/manifest.json'), 'utf8'));
  });
});
