/**
 * Docs versions in the browser, on a copy of the site snapshotted as 0.9 and 1.0 (`npm run docs:version`), with a
 * page only the current docs have: the version dropdown (its links in the build's HTML), the banners, the
 * remembered version that version-neutral links follow, and a content-only deploy that adds a version while
 * the tab is open.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFiles } from '../../manifest/localSearch';
import { snapshotVersion } from '../../scripts/docsVersion';
import { inCaches, modalHits, shellReady, useBrowser } from './browser';
import { useSiteCopy } from './siteCopy';

const b = useBrowser();
const site = useSiteCopy({
  prefix: 'abp-docs-versions-',
  prepare: (contentDir) => {
    // A relative link in every version's main doc, which the docs root shows too.
    appendFileSync(join(contentDir, 'docs', 'intro.md'), '\nSet up with [the development setup guide](development/setup.md).\n');
    snapshotVersion(contentDir, '0.9');
    snapshotVersion(contentDir, '1.0');
    writeFileSync(
      join(contentDir, 'docs', 'whats-next.md'),
      "# What's next\n\nA page only the next release has: quasarwidget. Its [environment file](development/setup.md#environment-file).\n",
    );
  },
});

const dropdown = (page: Awaited<ReturnType<typeof b.page>>) => page.getByRole('list', { name: 'Docs versions' });

describe('docs versions', () => {
  it("links every version's page from the build's HTML, the same page where the version has it", async () => {
    const html = readFileSync(join(site.distDir, 'docs', 'next', 'whats-next.html'), 'utf8').match(
      /<details class="dropdown version-dropdown".*?<\/details>/s,
    )![0];
    const links = [...html.matchAll(/<a class="dropdown__link[^"]*"[^>]*href="([^"]+)"[^>]*>([^<]+)</g)].map(([, href, label]) => `${label} ${href}`);
    expect(links).toEqual(['Next /abp-react/docs/next/whats-next', '1.0 /abp-react/docs', '0.9 /abp-react/docs/0.9']);
    const intro = readFileSync(join(site.distDir, 'docs', 'intro.html'), 'utf8');
    expect(intro).toContain('href="/abp-react/docs/next/intro"');
    expect(intro).toContain('href="/abp-react/docs/0.9/intro"');
  });

  it('shows the banner of an unreleased version, linking the last version, and the badge', async () => {
    const page = await b.page();
    await page.goto(site.url('docs/next/whats-next'));
    await shellReady(page);
    const banner = page.getByRole('note', { name: 'Version notice' });
    await expect
      .poll(() => banner.locator('p').allInnerTexts())
      .toEqual(['This is unreleased documentation for ABP React Next version.', 'For up-to-date documentation, see the latest version (1.0).']);
    expect(await banner.getByRole('link', { name: 'latest version' }).getAttribute('href')).toBe('/abp-react/docs');
    expect(await page.getByText('Version: Next').count()).toBe(1);
    await page.goto(site.url('docs/intro'));
    await shellReady(page);
    expect(await page.getByRole('note', { name: 'Version notice' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('switches to the same page in another version, remembers it and opens it from version-neutral links', async () => {
    const page = await b.page();
    await page.goto(site.url('docs/fundamentals/authentication'));
    await shellReady(page);
    await page.getByLabel('Docs version: 1.0').click();
    await dropdown(page).getByRole('link', { name: '0.9' }).click();
    await page.waitForURL(/\/docs\/0\.9\/fundamentals\/authentication$/);
    await expect
      .poll(() => page.getByRole('note', { name: 'Version notice' }).locator('p').allInnerTexts())
      .toEqual([
        'This is documentation for ABP React 0.9, which is no longer actively maintained.',
        'For up-to-date documentation, see the latest version (1.0).',
      ]);
    expect(await page.getByRole('note', { name: 'Version notice' }).getByRole('link', { name: 'latest version' }).getAttribute('href')).toBe(
      '/abp-react/docs/fundamentals/authentication',
    );
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('0.9');
    await page.goto(site.url(''));
    await expect.poll(() => page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/abp-react/docs/0.9');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
    await page.waitForURL(/\/docs\/0\.9$/);
    expect(page.errors).toEqual([]);
  });

  it("follows the article's relative links within the version on screen, from a page, the docs root and an address with a trailing slash", async () => {
    const page = await b.page();
    const article = (at: typeof page) => at.locator('main .markdown');
    await page.goto(site.url('docs/next/intro'));
    await shellReady(page);
    const setup = article(page).getByRole('link', { name: 'the development setup guide' });
    // Relative in the HTML: the same article serves the released copies at /docs/intro and /docs/0.9/intro.
    expect(await setup.getAttribute('href')).toBe('development/setup');
    expect(readFileSync(join(site.distDir, 'docs', 'intro.html'), 'utf8')).toContain('href="development/setup"');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await setup.hover();
    await setup.click();
    await page.waitForURL(/\/abp-react\/docs\/next\/development\/setup$/);
    await expect.poll(() => page.locator('main h1').first().innerText()).toBe('Development Setup');
    // With a hash: the page scrolls to its heading, in the same version, without reloading.
    await page.goto(site.url('docs/next/whats-next'));
    await shellReady(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await article(page).getByRole('link', { name: 'environment file' }).click();
    await page.waitForURL(/\/abp-react\/docs\/next\/development\/setup#environment-file$/);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('environment-file')?.getBoundingClientRect().top ?? -1)))
      .toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Into the docs root by the router: the version dropdown opens 0.9's main doc, which whats-next is not in.
    await page.goto(site.url('docs/next/whats-next'));
    await shellReady(page);
    await page.getByLabel('Docs version: Next').click();
    await dropdown(page).getByRole('link', { name: '0.9' }).click();
    await page.waitForURL(/\/docs\/0\.9$/);
    await article(page).getByRole('link', { name: 'the development setup guide' }).click();
    await page.waitForURL(/\/abp-react\/docs\/0\.9\/development\/setup$/);
    expect(page.errors).toEqual([]);
    // The docs root shows its main doc's article at another address, and a trailing slash adds a folder: the
    // links lead into the version all the same.
    for (const [at, target] of [
      ['docs/next', /\/abp-react\/docs\/next\/development\/setup$/],
      ['docs/0.9', /\/abp-react\/docs\/0\.9\/development\/setup$/],
      ['docs/next/intro/', /\/abp-react\/docs\/next\/development\/setup$/],
    ] as const) {
      const other = await b.page();
      await other.goto(site.url(at));
      await shellReady(other);
      await article(other).getByRole('link', { name: 'the development setup guide' }).click();
      await other.waitForURL(target);
      expect(other.errors).toEqual([]);
    }
  });

  it('searches the version on screen only, with its own local index', async () => {
    const page = await b.page();
    const hitsFor = (path: string) => modalHits(page, site.url(path), 'quasarwidget');
    expect((await hitsFor('docs/next/intro')).join()).toContain("What's next");
    expect(await hitsFor('docs/0.9/intro')).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('saves the version on screen for offline reading, with its search index, and not the others', async () => {
    const page = await b.page({ serviceWorkers: 'allow' });
    await page.goto(site.url('docs/0.9/intro?offlineMode=true'));
    const control = page.getByRole('region', { name: 'Offline reading' });
    await control.getByText('Available offline', { exact: true }).waitFor({ timeout: 90_000 });
    const root = site.readRoot();
    const cached = (path: string) => inCaches(page, site.url(path));
    for (const path of ['docs/0.9/fundamentals/authentication', 'docs/0.9/intro', 'markdown-page', root.search.entries!['0.9']!])
      expect(await cached(path), path).toBe(true);
    for (const path of ['docs/next/whats-next', 'docs/fundamentals/authentication']) expect(await cached(path), path).toBe(false);
    // The other version's index stays on the server: only its entry, a few KB the worker keeps for every version so
    // search answers offline in any of them, is on the device; none of its files that 0.9's index lacks.
    const read = async (path: string) => readFileSync(join(site.distDir, path), 'utf8');
    const saved = new Set(await indexFiles(root.search.entries!['0.9']!, read));
    const others = (await indexFiles(root.search.entries!['current']!, read)).slice(1).filter((path) => !saved.has(path));
    expect(others.length).toBeGreaterThan(0);
    for (const path of others) expect(await cached(path), path).toBe(false);
    expect(root.totals.versions!['0.9']!.pages).toBeLessThan(root.totals.pages / 2);
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('lists a version a content-only deploy adds, without reloading the tab', async () => {
    const page = await b.page();
    // A page the deploy leaves as it is: the new version takes over /docs, which then shows another page.
    await page.goto(site.url('docs/0.9/intro'));
    await shellReady(page);
    await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));
    await page.getByLabel('Docs version: 0.9').click();
    snapshotVersion(site.contentDir, '1.1');
    await site.build(false);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return dropdown(page).getByRole('link', { name: '1.1' }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    expect(await dropdown(page).getByRole('link', { name: '1.1' }).getAttribute('href')).toBe('/abp-react/docs/intro');
    expect(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
    expect(page.errors).toEqual([]);
  });
});
