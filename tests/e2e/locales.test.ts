/**
 * Locales in the browser, on a copy of the site snapshotted as 1.0 with French and Arabic (right to left): the
 * language switcher keeps the reader on the page, the page's language, direction and mirrored layout, the version
 * dropdown inside a locale, the notice on an untranslated page, offline reading of a locale's version and search in
 * the locale on screen.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotVersion } from '../../scripts/docsVersion';
import { parseLocaleStrings } from '../../manifest/parse';
import { sidebarShardNames } from '../../manifest/shards';
import { inCaches, modalHits, shellReady, useBrowser } from './browser';
import { useSiteCopy } from './siteCopy';

/** A translation of the introduction, with the headings other pages link to. */
const intro = (title: string, words: string) =>
  `---\nsidebar_position: 1\n---\n\n# ${title}\n\n${words}\n\n## 1 {#quick-start}\n\n${words}\n\n## 2 {#prerequisites}\n\n${words}\n\n## 3 {#technology-stack}\n\n${words}\n`;

const b = useBrowser();
const site = useSiteCopy({
  prefix: 'abp-docs-locales-',
  prepare: (contentDir) => {
    snapshotVersion(contentDir, '1.0');
    const configFile = join(contentDir, 'site.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    config.i18n = {
      defaultLocale: 'en',
      locales: ['en', 'fr', 'ar'],
      localeConfigs: { fr: { label: 'Français', htmlLang: 'fr-FR' }, ar: { label: 'العربية', direction: 'rtl' } },
    };
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(contentDir, rel)), { recursive: true });
      writeFileSync(join(contentDir, rel), text);
    };
    const docs = (locale: string, version: string) => `i18n/${locale}/docusaurus-plugin-content-docs/${version}`;
    write(`${docs('fr', 'current')}/intro.md`, intro('Présentation (suivante)', 'Bienvenue.'));
    write(
      `${docs('fr', 'version-1.0')}/intro.md`,
      `${intro('Présentation', 'Bienvenue dans ABP React : quetzalfrançais.')}\n\`\`\`bash\nnpm install\n\`\`\`\n`,
    );
    write(`${docs('ar', 'version-1.0')}/intro.md`, intro('مقدمة', 'مرحبا بكم في ABP React.'));
    const message = (text: string) => ({ message: text });
    write(
      'i18n/fr/code.json',
      JSON.stringify({
        'theme.common.skipToMainContent': message('Aller au contenu principal'),
        'theme.docs.paginator.next': message('Suivant'),
        'theme.docs.sidebar.collapseButtonAriaLabel': message('Replier la barre latérale'),
        'theme.lastUpdated.lastUpdatedAtBy': message('Mis à jour{atDate}{byUser}'),
        'theme.lastUpdated.atDate': message(' le {date}'),
        'shell.offline.ariaLabel': message('Lecture hors ligne'),
        'shell.offline.ready': message('Disponible hors ligne'),
        'shell.offlineNotice.savedOn': message('Vous êtes hors ligne. Cette page est la copie enregistrée le {date}.'),
        'theme.CodeBlock.copy': message('Copier'),
        'theme.CodeBlock.copyButtonAriaLabel': message('Copier le code dans le presse-papiers'),
      }),
    );
    write('i18n/ar/code.json', JSON.stringify({ 'theme.docs.paginator.next': message('التالي') }));
    write('i18n/fr/docusaurus-theme-classic/navbar.json', JSON.stringify({ 'item.label.Documentation': message('Documentation (fr)') }));
    write(
      'i18n/fr/docusaurus-plugin-content-pages/markdown-page.md',
      '---\ntitle: Page en markdown\n---\n\n# Page en markdown\n\nUne page autonome, quetzalpage. Commencez par [la présentation](/docs/intro).\n',
    );
  },
});

describe('locales', () => {
  it('switches language on the same page, with its language and direction, the version kept, and a mirrored layout in Arabic', async () => {
    const page = await b.page();
    const hydration: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && hydration.push(m.text().slice(0, 300)));
    await page.goto(site.url('docs/intro'));
    await shellReady(page);
    const next = page.getByRole('navigation', { name: 'Docs pages' }).locator('.pagination-nav__sublabel');
    expect(await next.allInnerTexts()).toEqual(['Next']);
    await page.getByLabel('Languages: English').click();
    const switcher = page.getByRole('list', { name: 'Language switcher' });
    expect(await switcher.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('page');
    await switcher.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(/\/fr\/docs\/intro$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Présentation');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr-FR', 'ltr']);
    // The shell's texts and the navbar's labels in French, from the strings the manifest names.
    await expect.poll(() => next.allInnerTexts()).toEqual(['Suivant']);
    expect(await page.locator('.skip-link').innerText()).toBe('Aller au contenu principal');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation (fr)' }).count()).toBe(1);
    // The shell's labels and the last update too, in the page a client navigation rendered.
    expect(await page.getByRole('button', { name: 'Replier la barre latérale' }).count()).toBe(1);
    expect(await page.locator('.last-updated').innerText()).toMatch(/^Mis à jour le \d{1,2} [a-zéû]+ \d{4}$/);
    // A code block's copy button: the article's markup is the build's, shared by every locale, and its texts are the locale's.
    const copy = page.locator('article.doc').getByRole('button', { name: 'Copier le code dans le presse-papiers' });
    await expect.poll(() => copy.allInnerTexts()).toEqual(['Copier']);

    await page.getByLabel('Languages: Français').click();
    await page.getByRole('list', { name: 'Language switcher' }).getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(/\/ar\/docs\/intro$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('مقدمة');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await expect.poll(() => next.allInnerTexts()).toEqual(['التالي']);
    // Mirrored: the sidebar on the right of the article, the table of contents on its left.
    const sidebar = (await page.getByRole('complementary', { name: 'Docs sidebar' }).boundingBox())!;
    const article = (await page.locator('article.doc').boundingBox())!;
    const toc = (await page.getByRole('navigation', { name: 'On this page' }).boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(article.x + article.width - 1);
    expect(toc.x + toc.width).toBeLessThan(article.x + 1);
    // For a look by eye: the right-to-left page as Chromium lays it out.
    await page.screenshot({ path: join(tmpdir(), 'abp-docs-locales-rtl.png') });

    // The version dropdown inside a locale stays in it.
    await page.getByLabel('Docs version: 1.0').click();
    await page.getByRole('list', { name: 'Docs versions' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/ar\/docs\/next\/intro$/);
    // Arabic has no translation of the next version's introduction: the English text, and a notice saying so.
    await expect
      .poll(() => page.getByRole('note', { name: 'Translation notice' }).innerText())
      .toBe('This page is not translated into العربية yet: it shows the English text.');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Introduction');
    // The sidebar of that version in that locale, from the locale's file, which the page read before it rendered.
    const sidebarLinks = () =>
      page
        .getByRole('complementary', { name: 'Docs sidebar' })
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    await expect.poll(async () => (await sidebarLinks()).filter((href) => !href?.startsWith('/abp-react/ar/docs/next/'))).toEqual([]);
    expect((await sidebarLinks()).length).toBeGreaterThan(5);
    expect(page.errors).toEqual([]);
    expect(hydration).toEqual([]);
  });

  it('opens the page a server sends for a locale route, with the notice on an untranslated page', async () => {
    const page = await b.page();
    const hydration: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && hydration.push(m.text().slice(0, 300)));
    await page.goto(site.url('fr/docs/fundamentals/authentication'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    // The build's HTML has the locale's words already, and the shell hydrates it without a mismatch.
    expect(await page.locator('.skip-link').innerText()).toBe('Aller au contenu principal');
    await shellReady(page);
    expect(await page.getByRole('note', { name: 'Translation notice' }).count()).toBe(1);
    // The sidebar opens the page's category, in French, from the locale's file and the category's shard.
    const current = page.getByRole('complementary', { name: 'Docs sidebar' }).locator('a[aria-current="page"]');
    expect(await current.getAttribute('href')).toBe('/abp-react/fr/docs/fundamentals/authentication');
    // Links from the page stay in French.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe(
      '/abp-react/fr/docs/intro',
    );
    await page.getByRole('link', { name: 'Home page' }).click();
    await page.waitForURL(/\/fr$/);
    expect(page.errors).toEqual([]);
    expect(hydration).toEqual([]);
  });

  it("saves the locale's version on screen for offline reading, and reads it offline in that language", async () => {
    const page = await b.page({ serviceWorkers: 'allow' });
    await page.goto(site.url('fr/docs/intro?offlineMode=true'));
    // The offline control in French, from the locale's strings.
    await page.getByRole('region', { name: 'Lecture hors ligne' }).getByText('Disponible hors ligne', { exact: true }).waitFor({ timeout: 120_000 });
    const root = site.readRoot();
    const cached = (path: string) => inCaches(page, site.url(path));
    // The locale's file (its texts, its versions' sidebars) and the sidebar shards it names for the version saved.
    const name = root.site.locales.find((locale) => locale.code === 'fr')!.strings!;
    const blob = parseLocaleStrings(JSON.parse(readFileSync(join(site.distDir, 'blobs', name), 'utf8')), name);
    const version = root.versions.find((v) => v.locale === 'fr' && v.isLast)!;
    expect(await cached(`blobs/${name}`)).toBe(true);
    const shards = sidebarShardNames(root, [version], { [name]: blob });
    expect(shards.length).toBeGreaterThan(0);
    for (const shard of shards) expect(await cached(`blobs/${shard}`), shard).toBe(true);
    for (const path of ['fr/docs/intro', 'fr/docs/fundamentals/authentication']) expect(await cached(path), path).toBe(true);
    for (const path of ['docs/fundamentals/authentication', 'ar/docs/intro', 'fr/docs/next/intro']) expect(await cached(path), path).toBe(false);

    await page.context().setOffline(true);
    expect((await page.goto(site.url('fr/docs/fundamentals/authentication')))?.status()).toBe(200);
    await shellReady(page);
    expect(await page.locator('.skip-link').innerText()).toBe('Aller au contenu principal');
    // The offline notice in French, its date written as French writes dates.
    await expect
      .poll(() => page.locator('.offline-notice').innerText())
      .toMatch(/^Vous êtes hors ligne\. Cette page est la copie enregistrée le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}\.$/);
    expect(await page.getByRole('note', { name: 'Translation notice' }).innerText()).toBe(
      'This page is not translated into Français yet: it shows the English text.',
    );
    // Inside the app, offline: the locale's sidebar leads to its translated page.
    await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Présentation' }).click();
    await page.waitForURL(/\/fr\/docs\/intro$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Présentation');
    expect(await page.getByRole('navigation', { name: 'Docs pages' }).locator('.pagination-nav__sublabel').allInnerTexts()).toEqual(['Suivant']);
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('switches language on a standalone page, translated or not, and on the search page with its query', async () => {
    const page = await b.page();
    const hydration: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && hydration.push(m.text().slice(0, 300)));
    const switchTo = async (from: string, to: string) => {
      await page.getByLabel(`Languages: ${from}`).click();
      await page.getByRole('list', { name: 'Language switcher' }).getByRole('link', { name: to }).click();
    };
    await page.goto(site.url('markdown-page'));
    await shellReady(page);
    await switchTo('English', 'Français');
    await page.waitForURL(/\/fr\/markdown-page$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Page en markdown');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    expect(await page.getByRole('note', { name: 'Translation notice' }).count()).toBe(0);
    // The translation's link opens the page in French.
    await page.locator('main').getByRole('link', { name: 'la présentation' }).click();
    await page.waitForURL(/\/fr\/docs\/intro$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Présentation');
    await page.goBack();
    await page.waitForURL(/\/fr\/markdown-page$/);
    // Arabic has no translation of the page: the English text with the notice, at the page's Arabic route.
    await switchTo('Français', 'العربية');
    await page.waitForURL(/\/ar\/markdown-page$/);
    await expect
      .poll(() => page.getByRole('note', { name: 'Translation notice' }).innerText())
      .toBe('This page is not translated into العربية yet: it shows the English text.');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Markdown page');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

    // The search page, opened from the server, searches the English docs; in French, with the same query, the French ones.
    await page.goto(site.url('search?q=quetzalfrançais'));
    await shellReady(page);
    await expect.poll(() => page.locator('main .search-status__title').textContent(), { timeout: 15_000 }).toBe('No results for "quetzalfrançais"');
    await switchTo('English', 'Français');
    await page.waitForURL(/\/fr\/search\?q=quetzalfran/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    const results = page.locator('main .search-result');
    await expect.poll(() => results.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('Présentation')]);
    expect(await results.getByRole('link').getAttribute('href')).toMatch(/^\/abp-react\/fr\/docs\/intro/);
    // Typing keeps the reader on the locale's search page.
    await page.getByRole('searchbox', { name: 'Search' }).fill('quetzalpage');
    await page.waitForURL(/\/fr\/search\?q=quetzalpage$/);
    await expect.poll(() => results.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('Page en markdown')]);
    // The locale's search page, opened from the server.
    await page.goto(site.url('fr/search?q=quetzalpage'));
    await shellReady(page);
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1);
    await switchTo('Français', 'English');
    await page.waitForURL(/\/abp-react\/search\?q=quetzalpage$/);
    await expect.poll(() => page.locator('main .search-status__title').textContent(), { timeout: 15_000 }).toBe('No results for "quetzalpage"');
    expect(page.errors).toEqual([]);
    expect(hydration).toEqual([]);
  });

  it('searches the locale on screen: its pages only', async () => {
    const page = await b.page();
    const hitsFor = (path: string) => modalHits(page, site.url(path), 'quetzalfrançais');
    expect((await hitsFor('fr/docs/intro')).join()).toContain('Présentation');
    expect(await hitsFor('docs/intro')).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
