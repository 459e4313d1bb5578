/**
 * The reader shell in Chromium against the built site: routes, layout
 * behaviours, colour mode and error screens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { ROOT } from '../helpers/build';

const b = useBrowser();
const manifest = readBuiltManifest(inject('distDir')) as unknown as {
  docs: Record<string, { path: string; title: string; blob: string; article: string }>;
};

/** Waits until the shell has taken over from the static HTML. */
async function ready(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
}

describe('routes', () => {
  it('renders every doc route with its title and h1', async () => {
    const page = await b.page();
    const docs = Object.values(manifest.docs);
    // Every doc route the site promises exists (the site has more pages besides them).
    const spec = [
      'intro',
      'faq',
      'contributing',
      'code-of-conduct',
      ...['cms-components', 'custom-components', 'forms', 'role-management', 'ui-components'].map((d) => `components/${d}`),
      ...['custom-hooks', 'performance', 'setup', 'testing', 'validation'].map((d) => `development/${d}`),
      ...[
        'admin-interface',
        'api-integration',
        'architecture',
        'authentication',
        'cms',
        'cms-overview',
        'configuration',
        'middleware',
        'multi-tenancy',
        'permissions',
        'project-structure',
        'session-management',
      ].map((d) => `fundamentals/${d}`),
      ...['cms-tutorials', 'create-a-page', 'creating-crud-pages', 'deploy-your-site', 'deployment'].map((d) => `tutorials/${d}`),
    ];
    expect(spec).toHaveLength(31);
    expect(docs.map((d) => d.path)).toEqual(expect.arrayContaining(spec.map((id) => `/docs/${id}`)));
    for (const doc of docs) {
      const response = await page.goto(b.url(doc.path));
      expect(response?.status(), doc.path).toBe(200);
      await ready(page);
      await expect.poll(() => page.title()).toBe(`${doc.title} | ABP React`);
      expect(await page.locator('main h1').first().textContent()).toBe(doc.title);
    }
    expect(page.errors).toEqual([]);
  });

  it('renders the home page, /markdown-page, /search, /docs and both category pages', async () => {
    const page = await b.page();
    const cases: [string, RegExp][] = [
      ['', /A modern React frontend/],
      ['markdown-page', /Markdown page/],
      ['search?q=tenant', /Search results for "tenant"/],
      ['docs', /Introduction/],
      ['docs/category/fundamentals', /Fundamentals/],
      ['docs/category/tutorials', /Tutorials/],
    ];
    for (const [path, h1] of cases) {
      expect((await page.goto(b.url(path)))?.status(), path).toBe(200);
      await ready(page);
      await expect.poll(() => page.locator('main h1').first().textContent()).toMatch(h1);
    }
    await page.goto(b.url('docs/category/fundamentals'));
    await ready(page);
    expect(await page.getByRole('link', { name: /Authentication System/ }).count()).toBeGreaterThan(0);
    // One card per page of the category's folder.
    expect(await page.locator('main .card').count()).toBe(readdirSync(join(ROOT, 'content/docs/fundamentals')).filter((f) => f.endsWith('.md')).length);
  });

  it('shows the not-found page for unknown paths, with HTTP 404 on a direct load', async () => {
    const page = await b.page();
    for (const path of ['docs/nope', 'docs/intro/extra', 'nothing-here', 'docs/category/components']) {
      const response = await page.goto(b.url(path));
      expect(response?.status(), path).toBe(404);
      await ready(page);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    }
  });

  it('treats .html and /index.html endings as the same page and cleans the address bar', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro.html'));
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/abp-react/docs/intro');
    expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
    await page.goto(b.url('index.html'));
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/abp-react/');
  });

  it('shows page x for x/ and x/index.html when the host answers them with 404.html, as on a large site', async () => {
    const page = await b.page();
    // A large site writes no `x/index.html` (LARGE_SITE_ROUTES): GitHub Pages then answers its 404 page.
    const notFound = readFileSync(join(inject('distDir'), '404.html'), 'utf8');
    await page.route(/\/docs\/fundamentals\/middleware\/(index\.html)?(\?.*)?$/, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
    );
    for (const path of ['docs/fundamentals/middleware/', 'docs/fundamentals/middleware/index.html']) {
      const response = await page.goto(b.url(path));
      expect(response?.status(), path).toBe(404);
      await ready(page);
      await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Middleware');
      expect(new URL(page.url()).pathname, path).toBe('/abp-react/docs/fundamentals/middleware');
    }
  });
});

describe('navigation', () => {
  it('follows sidebar links without a full reload and scrolls to the top', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/authentication'));
    await ready(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.mouse.wheel(0, 2000);
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Middleware' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Middleware');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('follows a markdown link inside an article as a router link', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/middleware'));
    await ready(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const link = page.locator('main .markdown a[href="/abp-react/docs/fundamentals/authentication"]').first();
    await link.click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Authentication System');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('scrolls a deep link to its heading, below the fixed navbar', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/middleware#matcher'));
    await ready(page);
    await expect.poll(async () => page.evaluate(() => Math.round(document.getElementById('matcher')!.getBoundingClientRect().top))).toBeGreaterThanOrEqual(60);
    const top = await page.evaluate(() => document.getElementById('matcher')!.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  it('preloads a page blob when its link is hovered', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.waitForLoadState('networkidle');
    const blobs: string[] = [];
    page.on('request', (r) => r.url().includes('/blobs/') && blobs.push(r.url()));
    await page.getByRole('contentinfo').getByRole('link', { name: 'CMS Tutorials' }).hover();
    await expect.poll(() => blobs.length).toBeGreaterThan(0);
  });

  it('preloads a page blob when a link inside the article is hovered', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const link = page.locator('main .markdown').getByRole('link', { name: 'Project Structure' }).first();
    await link.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const { article } = manifest.docs['fundamentals/project-structure']!;
    const blobs: string[] = [];
    page.on('request', (r) => r.url().includes('/blobs/') && blobs.push(r.url()));
    await link.hover();
    await expect.poll(() => blobs.some((url) => url.endsWith(`/blobs/${article}`))).toBe(true);
  });

  it('preloads a few links ahead soon after the load, the next page first, and none on Save-Data connections', async () => {
    const visit = async (saveData: boolean) => {
      const page = await b.page();
      if (saveData) await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
      const blobs: string[] = [];
      // Pages' files (markdown, articles); manifest shards (`.json`) are the page's own index.
      page.on('request', (r) => /\/blobs\/[^/]+\.(md|html)$/.test(r.url()) && blobs.push(r.url()));
      await page.goto(b.url('docs/intro'));
      await ready(page);
      return { blobs, page };
    };
    // The page's own article comes with its HTML; the articles of a few links ahead follow the load, not every link in view.
    const normal = await visit(false);
    const href = await normal.page.locator('.pagination-nav__link--next').getAttribute('href');
    const next = Object.values(manifest.docs).find((d) => `/abp-react${d.path}` === href);
    expect(next, String(href)).toBeDefined();
    await expect.poll(() => normal.blobs.some((url) => url.endsWith(`/blobs/${next!.article}`)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => normal.blobs.length, { timeout: 15_000 }).toBeGreaterThan(1);
    expect(new Set(normal.blobs).size).toBeLessThanOrEqual(3);
    expect(normal.blobs.every((url) => url.endsWith('.html'))).toBe(true);
    const saving = await visit(true);
    await saving.page.waitForTimeout(1500);
    expect(saving.blobs).toEqual([]);
  });

  it('preloads the links a sidebar category uncovers once the reader opens it', async () => {
    const page = await b.page();
    const blobs: string[] = [];
    page.on('request', (r) => r.url().includes('/blobs/') && blobs.push(r.url()));
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
    await sidebar
      .getByRole('button', { name: /Fundamentals/ })
      .first()
      .click();
    const { article } = manifest.docs['fundamentals/architecture']!;
    await expect.poll(() => blobs.some((url) => url.endsWith(`/blobs/${article}`)), { timeout: 10_000 }).toBe(true);
  });
});

describe('layout', () => {
  it('makes the skip link the first focusable element', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('hides the navbar when scrolling down and shows it when scrolling up', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/authentication'));
    await ready(page);
    const navbar = page.locator('header.navbar');
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await page.mouse.wheel(0, -300);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
  });

  it('has Documentation and GitHub in the navbar, a language switcher and the footer columns', async () => {
    const page = await b.page();
    await page.goto(b.url(''));
    await ready(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/abp-react/docs/intro');
    expect(await nav.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/antosubash/abp-react');
    await page.getByLabel('Languages').click();
    expect(await page.getByRole('link', { name: 'English' }).count()).toBe(1);
    const footer = page.getByRole('contentinfo');
    for (const title of ['Documentation', 'Community', 'More']) expect(await footer.getByRole('heading', { name: title }).count()).toBe(1);
    for (const name of [
      'Getting Started',
      'Fundamentals',
      'Components',
      'CMS Components',
      'Tutorials',
      'CMS Tutorials',
      'GitHub Discussions',
      'Twitter',
      'GitHub',
      'ABP Framework',
      'Demo',
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await footer.textContent()).toContain('Copyright ©');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
  });

  it('highlights the current doc, opens its category and collapses siblings on open', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/cms'));
    await ready(page);
    const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Content Management System (CMS)');
    expect(await sidebar.getByRole('link', { name: 'Project Structure' }).count()).toBe(1);
    await sidebar.getByRole('button', { name: 'Components' }).click();
    await expect.poll(() => sidebar.getByRole('link', { name: 'Project Structure' }).count()).toBe(0);
    // Its children come with its sidebar shard, fetched as the pointer reached the row.
    await expect.poll(() => sidebar.getByRole('link', { name: 'UI Components' }).count()).toBe(1);
  });

  it('hides and restores the desktop sidebar, remembering the choice', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(0);
    await page.reload();
    await ready(page);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(1);
  });

  it('switches the mobile menu between the main menu and the docs sidebar below 996 px', async () => {
    const page = await b.page({ viewport: { width: 600, height: 900 } });
    await page.goto(b.url('docs/intro'));
    await ready(page);
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
    expect(await dialog.getByRole('navigation', { name: 'Docs sidebar' }).count()).toBe(1);
    await dialog.getByRole('button', { name: /Back to main menu/ }).click();
    expect(await dialog.getByRole('link', { name: 'GitHub' }).count()).toBe(1);
    await dialog.getByRole('button', { name: /Documentation/ }).click();
    await dialog.getByRole('link', { name: 'Frequently Asked Questions' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    expect(await dialog.count()).toBe(0);
    // The menu's header is the site's brand, a link home.
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await dialog.getByRole('link', { name: /^ABP React/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/abp-react/');
    expect(await dialog.count()).toBe(0);
  });

  it('shows breadcrumbs, no version badge on a site of one version, edit link, previous/next and a table of contents of levels 2–3', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/fundamentals/middleware'));
    await ready(page);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).textContent()).toContain('Fundamentals');
    expect(await page.getByText('Version: Next').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit this page' }).getAttribute('href')).toBe(
      'https://github.com/antosubash/abp-react/tree/main/docs/docs/fundamentals/middleware.md',
    );
    const pager = page.getByRole('navigation', { name: 'Docs pages' });
    expect(await pager.textContent()).toContain('Session Management');
    expect(await pager.textContent()).toContain('API Integration');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const levels = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('.toc a')].map((a) => a.getAttribute('href')!.slice(1));
      return ids.map((id) => document.getElementById(id)?.tagName);
    });
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
    await page.getByRole('link', { name: 'Extending the middleware' }).first().click();
    await expect.poll(() => toc.locator('[aria-current="location"]').textContent()).toBe('Extending the middleware');
  });
});

describe('markdown', () => {
  it('renders code blocks with label, copy button, highlighting and heading anchors that match the build', async () => {
    const page = await b.page({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(b.url('docs/fundamentals/middleware'));
    await ready(page);
    const block = page.locator('.code-block').first();
    expect(await block.locator('.code-block__header').textContent()).toBeTruthy();
    expect(await block.locator('.hljs-keyword, .hljs-string').count()).toBeGreaterThan(0);
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(() => block.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip.length).toBeGreaterThan(10);
    const html = readFileSync(join(inject('distDir'), 'docs/fundamentals/middleware.html'), 'utf8');
    const staticIds = [...html.matchAll(/<h[2-6] id="([^"]+)"/g)].map((m) => m[1]);
    const liveIds = await page.evaluate(() => [...document.querySelectorAll('main .markdown :is(h2,h3,h4,h5,h6)[id]')].map((h) => h.id));
    expect(liveIds).toEqual(staticIds);
  });

  it('draws Mermaid diagrams, loading Mermaid only on pages that have one', async () => {
    const page = await b.page();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(b.url('docs/faq'));
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /MermaidDiagram/.test(s))).toBe(false);
    await page.goto(b.url('docs/fundamentals/authentication'));
    await ready(page);
    // Mermaid loads when a diagram nears the viewport, not before.
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /MermaidDiagram/.test(s))).toBe(false);
    await page.locator('.mermaid-diagram').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.mermaid-svg svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('gives external links rel="noopener noreferrer"', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const rels = await page.locator('main .markdown a[href^="http"]').evaluateAll((as) => as.map((a) => a.getAttribute('rel')));
    expect(rels.length).toBeGreaterThan(0);
    for (const rel of rels) expect(rel).toBe('noopener noreferrer');
  });
});

describe('colour mode', () => {
  it('defaults to light, follows the system with no stored choice, and cycles light → dark → system', async () => {
    const page = await b.page({ colorScheme: 'dark' });
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('dark');
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    expect(await theme()).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await toggle.click();
    expect(await theme()).toBe('dark');
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await theme()).toBe('dark');
    const light = await b.page({ colorScheme: 'light' });
    await light.goto(b.url('docs/intro'));
    expect(await light.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('applies a stored choice before the first paint and syncs it across tabs', async () => {
    const page = await b.page({ colorScheme: 'light' });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark');
        sessionStorage.setItem('seeded', '1');
      }
      document.addEventListener('DOMContentLoaded', () => ((window as unknown as { firstTheme: string }).firstTheme = document.documentElement.dataset.theme!));
    });
    await page.goto(b.url('docs/intro'));
    expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe('dark');
    const other = await page.context().newPage();
    await other.goto(b.url('docs/faq'));
    await ready(other);
    await other.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});

describe('states and errors', () => {
  it("offers Retry when a page's article and blob fail to load, and recovers once the network does", async () => {
    const page = await b.page();
    // Only this page's files fail, from the start, so in-view preloading cannot fetch them early either.
    const { blob, article } = manifest.docs['code-of-conduct']!;
    const files = new RegExp(`/blobs/(${blob}|${article})$`);
    await page.route(files, (route) => route.abort());
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 15_000 });
    await page.unroute(files);
    await retry.click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Code of Conduct');
  });

  it('shows a page reached in the app from its built article, without loading the markdown renderer', async () => {
    const page = await b.page();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Frequently Asked Questions' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    // The built article keeps the shell's behaviour: copy buttons and router links.
    expect(await page.locator('main .code-block__copy').count()).toBeGreaterThan(0);
    expect(scripts.filter((s) => /MarkdownView/.test(s))).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('renders the markdown in the browser when the built article cannot be loaded', async () => {
    const page = await b.page({ permissions: ['clipboard-read', 'clipboard-write'] });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.route(`**/blobs/${manifest.docs.faq!.article}`, (route) => route.abort());
    await page.goto(b.url('docs/intro'));
    await ready(page);
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Frequently Asked Questions' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    expect(await page.locator('main .code-block__copy').count()).toBeGreaterThan(0);
    expect(scripts.some((s) => /MarkdownView/.test(s))).toBe(true);
    // The copy button is the pipeline's markup here too, with the same behaviour.
    const block = page.locator('main .code-block').first();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(() => block.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await block.locator('pre').textContent())!.replace(/\n$/, ''));
  });

  it('offers Retry when the manifest fails on a cold load of a page the build did not write', async () => {
    // A page the build wrote stays readable instead (tests/e2e/manifest-fails-first-load.test.ts).
    const page = await b.page();
    let fail = true;
    await page.route('**/_app/manifest.json', (route) => (fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    await page.goto(b.url('docs/nope'));
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 15_000 });
    fail = false;
    await retry.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Page Not Found');
  });

  it('shows the crash screen with the error and clears it with Try again', async () => {
    const page = await b.page();
    let broken = true;
    // The root manifest lacks the sidebar the page names, which the components cannot find. (A shard changed so is
    // refused before it is rendered: its name is the hash of its content.)
    await page.route('**/_app/manifest.json', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { versions: { sidebars: Record<string, unknown> }[] };
      if (broken) for (const version of json.versions) version.sidebars = {};
      await route.fulfill({ response, json });
    });
    await page.goto(b.url('docs/faq'));
    await page.getByRole('heading', { name: 'Page Error' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('This page crashed.').count()).toBe(1);
    expect(await page.locator('.error-screen__messages li').count()).toBeGreaterThan(0);
    broken = false;
    await page.evaluate(() => undefined);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).not.toBe('Page Error');
  });

  it('reloads once for a manifest version it cannot read, then keeps the page rather than looping', async () => {
    const page = await b.page();
    await page.goto(b.url('docs/faq'));
    await ready(page);
    let loads = 0;
    page.on('load', () => loads++);
    await page.route('**/_app/manifest.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), manifestVersion: 99 } });
    });
    // The update check (on focus) meets the new version and reloads; the reloaded shell cannot read it either,
    // and keeps the page the build wrote, with a notice, instead of reloading again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByRole('status').filter({ hasText: 'navigation will reload pages until the site answers' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('main h1').first().textContent()).toBe('Frequently Asked Questions');
    expect(await page.getByRole('heading', { name: 'Page Error' }).count()).toBe(0);
    expect(loads).toBe(1);
  });

  it('shows the announcement bar from the configuration and remembers its dismissal until the id changes', async () => {
    const page = await b.page();
    let id = 'launch-1';
    await page.route('**/_app/manifest.json', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.site.announcementBar = { id, content: 'New docs site', link: null, isCloseable: true };
      await route.fulfill({ response, json });
    });
    await page.goto(b.url('docs/intro'));
    await ready(page);
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.textContent()).toContain('New docs site');
    await bar.getByRole('button', { name: 'Close announcement' }).click();
    expect(await bar.count()).toBe(0);
    await page.reload();
    await ready(page);
    expect(await bar.count()).toBe(0);
    id = 'launch-2';
    await page.reload();
    await ready(page);
    expect(await bar.count()).toBe(1);
  });
});

describe('Content-Security-Policy', () => {
  // Some 35 page loads: on a 2-core machine shared with other builds they took more than a minute.
  it('every route runs under the policy with no violation: load, navigation, Mermaid, search', async () => {
    // Violations fail this test through the browser helper's afterEach.
    const page = await b.page();
    const paths = [
      '',
      'markdown-page',
      'search?q=tenant',
      'docs',
      'docs/category/fundamentals',
      'nothing-here',
      ...Object.values(manifest.docs).map((d) => d.path),
    ];
    for (const path of paths) {
      const response = await page.goto(b.url(path));
      await ready(page);
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      // Two inline scripts by hash: the colour mode before the first paint, the shell's loader after it.
      expect(policy, path).toMatch(
        /^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'; .*img-src 'self' data: https:; .*object-src 'none'; base-uri 'self'/,
      );
      // Our server sends it as a header too, with what only a header can say.
      expect(response?.headers()['content-security-policy'], path).toBe(`${policy}; frame-ancestors 'none'`);
    }
    await page.goto(b.url('docs/fundamentals/authentication'));
    await ready(page);
    await page.locator('.mermaid-diagram').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.mermaid-svg svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Middleware' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Middleware');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').getByRole('searchbox').fill('redis');
    await expect.poll(() => page.locator('.DocSearch-Modal').getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
  }, 180_000);
});
