/**
 * A Docusaurus site as its authors keep it (`tests/fixtures/docusaurus-source`), imported with
 * `npm run import:docusaurus`'s function and built content-only beside a copy of the shared e2e build, served at
 * its own base URL (`/`): its docs render with their sidebars in the site's order, with no failed request, and its
 * static files are published as they are.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../build';
import { importDocusaurus } from '../../scripts/importDocusaurus';
import { startServer, type RunningServer } from '../../scripts/serve';
import { shellReady, useBrowser } from './browser';
import { ROOT } from './siteCopy';

const b = useBrowser();
const SITE = join(ROOT, 'tests/fixtures/docusaurus-source');
let work = '';
let server: RunningServer | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'imported-site-'));
  const contentDir = join(work, 'content');
  importDocusaurus(SITE, contentDir);
  const distDir = join(work, 'dist');
  cpSync(inject('distDir'), distDir, { recursive: true });
  await buildSite({ root: ROOT, contentDir, distDir, shell: false, warn: () => {} });
  server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const at = (path: string) => new URL(path, server!.url).href;

/** Every request of the page that failed or was answered with an error, as `status path`. */
function failures(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`failed ${new URL(request.url()).pathname}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Docs sidebar' });

describe('a Docusaurus site imported as written', () => {
  it('renders a doc at its own base URL with its sidebar in the order the sidebars file gives, and no failed request', async () => {
    const page = await b.page();
    const failed = failures(page);
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

  it('publishes static/ at the site root as it is, its web app manifest.json beside the root manifest of the build', async () => {
    expect(await (await fetch(at('/img/widgets.svg'))).text()).toBe(readFileSync(join(SITE, 'static/img/widgets.svg'), 'utf8'));
    expect(await (await fetch(at('/CNAME'))).text()).toBe(readFileSync(join(SITE, 'static/CNAME'), 'utf8'));
    expect(((await (await fetch(at('/_app/manifest.json'))).json()) as { site: { title: string } }).site.title).toBe('Widget Docs');
    expect(await (await fetch(at('/manifest.json'))).text()).toBe(readFileSync(join(SITE, 'static/manifest.json'), 'utf8'));
  });
});
