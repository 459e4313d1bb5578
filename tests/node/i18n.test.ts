/**
 * Locales in Docusaurus's layout (`i18n` in site.config.json, `i18n/<locale>/docusaurus-plugin-content-docs/`): each
 * locale's routes below its prefix, translated and untranslated docs, links kept in the locale, the shared blobs,
 * `<html lang dir>`, hreflang alternates, the sitemap's alternates, the language switcher's links and the errors.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionKey } from '../../manifest/lookup';
import { parseLocaleStrings, parseManifest } from '../../manifest/parse';
import { localeBlobNames, shardNames, sidebarShardNames } from '../../manifest/shards';
import type { SidebarItem } from '../../manifest/types';
import { localSearchUrls, useFixture, type FixtureProject } from '../helpers/build';

/** Runs `test` on a copy of the localized fixture, removed afterwards. */
async function onCopy(test: (project: FixtureProject) => Promise<void>): Promise<void> {
  const project = useFixture('localized-site');
  try {
    await test(project);
  } finally {
    project.remove();
  }
}

const FR = 'i18n/fr/docusaurus-plugin-content-docs/current';
const PAGES = 'i18n/fr/docusaurus-plugin-content-pages';

describe('fixture localized-site (en, fr, ar right to left, on three versions)', () => {
  const project = useFixture('localized-site');
  beforeAll(() => project.build());
  afterAll(() => project.remove());

  it('builds without warnings and publishes no translation file', () => {
    expect(project.warnings).toEqual([]);
    expect(existsSync(join(project.distDir, 'i18n'))).toBe(false);
  });

  it("serves the default locale at the root and each other locale's home and docs below its prefix", () => {
    const { routes, site } = project.manifest();
    expect(site.locales.map((l) => [l.code, l.label, l.direction, l.htmlLang, l.path])).toEqual([
      ['en', 'English', 'ltr', 'en-US', ''],
      ['fr', 'Français', 'ltr', 'fr-FR', '/fr'],
      ['ar', 'العربية', 'rtl', 'ar', '/ar'],
    ]);
    const english = Object.keys(routes).filter((path) => path.startsWith('/docs'));
    for (const locale of ['fr', 'ar']) {
      expect(routes[`/${locale}`]).toEqual({ kind: 'home' });
      expect(Object.keys(routes).filter((path) => path.startsWith(`/${locale}/docs`))).toEqual(english.map((path) => `/${locale}${path}`));
    }
    expect(routes['/fr/docs/next/intro']).toEqual({ kind: 'doc', id: 'i18n-fr/intro' });
    expect(routes['/fr/docs/0.9/intro']).toEqual({ kind: 'doc', id: 'i18n-fr/version-0.9/intro' });
    expect(project.read('fr.html')).toContain('<html lang="fr-FR" dir="ltr"');
  });

  it("keeps each other locale's sidebars out of the root, in that locale's blob, which its pages read anyway", () => {
    const root = parseManifest(JSON.parse(project.read('_app/manifest.json')));
    const { versions } = project.manifest();
    const rootText = project.read('_app/manifest.json');
    const shardsOf = (items: SidebarItem[]) => items.flatMap((item) => (item.type === 'category' && item.shard ? [item.shard] : []));
    const labels = (items: SidebarItem[]) => items.map((item) => (item.type === 'html' ? item.value : item.label));
    for (const [i, version] of root.versions.entries()) {
      const blob = root.site.locales.find((locale) => locale.code === version.locale)?.strings;
      const top = blob ? parseLocaleStrings(JSON.parse(project.read(`blobs/${blob}`)), blob).sidebars[version.name]! : version.sidebars;
      expect(labels(top.tutorialSidebar!), versionKey(version)).toEqual(labels(versions[i]!.sidebars.tutorialSidebar!));
      const names = shardsOf(top.tutorialSidebar!);
      expect(names.length, versionKey(version)).toBeGreaterThan(0);
      if (!blob) continue;
      // A locale's copy adds its entry to the root and no sidebar item: not one label, path or shard name.
      expect(version.sidebars, versionKey(version)).toEqual({});
      for (const name of names) expect(rootText).not.toContain(name);
      // Its pages preload the blob, and the sidebar shard of the category that holds them.
      const html = project.read(`${version.path.slice(1)}/guides/setup.html`);
      expect(html).toContain(`<link rel="preload" href="/abp-react/blobs/${blob}"`);
      expect(names.filter((name) => html.includes(`<link rel="preload" href="/abp-react/blobs/${name}"`))).toHaveLength(1);
    }
  });

  it('lists each locale copy of a version in the root, one entry each, and the root stays small', () => {
    const root = JSON.parse(project.read('_app/manifest.json')) as { versions: { name: string; locale?: string; path: string }[] };
    expect(root.versions.map((v) => `${v.locale ?? 'en'} ${v.name} ${v.path}`)).toEqual([
      'en current /docs/next',
      'en 1.0 /docs',
      'en 0.9 /docs/0.9',
      'fr current /fr/docs/next',
      'fr 1.0 /fr/docs',
      'fr 0.9 /fr/docs/0.9',
      'ar current /ar/docs/next',
      'ar 1.0 /ar/docs',
      'ar 0.9 /ar/docs/0.9',
    ]);
    expect(gzipSync(project.read('_app/manifest.json')).length).toBeLessThan(4 * 1024);
  });

  it("shows a translation's text, and the default locale's text with a notice where a page has none", () => {
    const { docs } = project.manifest();
    expect(docs['i18n-fr/intro']!.title).toBe('Présentation');
    expect(docs['i18n-fr/intro']!.untranslated).toBeUndefined();
    expect(docs['i18n-fr/guides/deploy']!.untranslated).toBe(true);
    expect(docs['i18n-fr/guides/deploy']!.title).toBe(docs['guides/deploy']!.title);
    expect(docs['guides/deploy']!.untranslated).toBeUndefined();
    expect(project.read('fr/docs/next/guides/deploy.html')).toContain('This page is not translated into Français yet: it shows the English text.');
    expect(project.read('fr/docs/next/intro.html')).not.toContain('not translated');
    // The English text keeps its language and direction on a right-to-left page.
    expect(project.read('ar/docs/next/guides/deploy.html')).toMatch(/<div lang="en-US" dir="ltr"><div class="markdown"/);
    expect(project.read('ar/docs/next/guides/deploy.html')).toContain('<html lang="ar" dir="rtl"');
    // Its text is edited in the default locale's file; a translation's, in its own.
    expect(docs['i18n-fr/guides/deploy']!.editUrl).toMatch(/\/docs\/docs\/guides\/deploy\.md$/);
    expect(docs['i18n-fr/intro']!.editUrl).toMatch(/\/docs\/i18n\/fr\/docusaurus-plugin-content-docs\/current\/intro\.md$/);
    expect(project.read('docs/next/guides/deploy.html')).not.toContain('not translated');
  });

  it("keeps links in the page's locale, relative and absolute, translated or not", () => {
    const { docs } = project.manifest();
    const article = (id: string) => project.read(`blobs/${docs[id]!.article}`);
    // Relative links between docs of one version and locale stay relative to the page, so they stay in its locale.
    expect(article('i18n-fr/intro')).toContain('href="guides/setup"');
    expect(article('i18n-fr/guides/setup')).toContain('href="/abp-react/fr/docs/next/intro#premiers-pas"');
    expect(article('i18n-fr/guides/setup')).toContain('href="deploy"');
    // An untranslated page links to the locale's copies too.
    expect(article('i18n-ar/guides/setup')).toContain('href="/abp-react/ar/docs/intro#getting-started"');
    expect(article('guides/setup')).toContain('href="/abp-react/docs/intro#getting-started"');
    const html = project.read('fr/docs/next/intro.html');
    expect(html).toContain('class="navbar__brand" href="/abp-react/fr"');
    expect(html).toContain('class="footer__link" href="/abp-react/fr/docs/intro"');
  });

  it('stores an untranslated page once: the same markdown blob in every locale, and the same article when its links are relative', () => {
    const { docs } = project.manifest();
    for (const name of ['deploy', 'upgrade'])
      for (const id of [`i18n-fr/guides/${name}`, `i18n-ar/guides/${name}`]) {
        expect(docs[id]!.blob).toBe(docs[`guides/${name}`]!.blob);
        expect(docs[id]!.article).toBe(docs[`guides/${name}`]!.article);
      }
    expect(project.read(`blobs/${docs['guides/upgrade']!.article}`)).toContain('href="setup"');
    // One with links shares its markdown; its article links the locale's pages: relative links as they are, absolute ones in the locale.
    expect(docs['i18n-ar/guides/setup']!.blob).toBe(docs['guides/setup']!.blob);
    expect(docs['i18n-ar/guides/setup']!.article).not.toBe(docs['guides/setup']!.article);
  });

  it('gives each page <html lang dir>, og:locale and hreflang alternates to its copy in every locale', () => {
    const ar = project.read('ar/docs/next/intro.html');
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain('<meta property="og:locale" content="ar">');
    const fr = project.read('fr/docs/next/guides/deploy.html');
    expect(fr).toContain('<html lang="fr-FR" dir="ltr"');
    expect(fr).toContain('<meta property="og:locale" content="fr_FR">');
    expect(fr.match(/<link rel="alternate"[^>]*>/g)).toEqual([
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/docs/next/guides/deploy" hreflang="en-US">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/docs/next/guides/deploy" hreflang="x-default">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/fr/docs/next/guides/deploy" hreflang="fr-FR">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/ar/docs/next/guides/deploy" hreflang="ar">',
    ]);
    expect(project.read('docs/intro.html')).toContain('<html lang="en-US" dir="ltr"');
    // A standalone page names its copy in every locale, translated or not.
    expect(project.read('about.html').match(/hreflang="[^"]+"/g)).toEqual(['hreflang="en-US"', 'hreflang="x-default"', 'hreflang="fr-FR"', 'hreflang="ar"']);
  });

  it("lists each page's copies in the other locales in the sitemap", () => {
    const sitemap = project.read('sitemap.xml');
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = sitemap.split('\n').find((line) => line.includes('<loc>https://antosubash.github.io/abp-react/ar/docs/intro</loc>'))!;
    expect(entry.match(/<xhtml:link [^>]*>/g)).toEqual([
      '<xhtml:link rel="alternate" hreflang="en-US" href="https://antosubash.github.io/abp-react/docs/intro"/>',
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://antosubash.github.io/abp-react/docs/intro"/>',
      '<xhtml:link rel="alternate" hreflang="fr-FR" href="https://antosubash.github.io/abp-react/fr/docs/intro"/>',
      '<xhtml:link rel="alternate" hreflang="ar" href="https://antosubash.github.io/abp-react/ar/docs/intro"/>',
    ]);
    // The noIndex version stays out in every locale.
    expect(sitemap).not.toContain('/fr/docs/0.9/');
  });

  it("links every locale's copy of the page from the language switcher in the build's HTML, the shown one current", () => {
    const html = project.read('fr/docs/next/guides/setup.html').match(/<details class="dropdown locale-dropdown".*?<\/details>/s)![0];
    const links = [...html.matchAll(/<a class="dropdown__link[^"]*"([^>]*)>([^<]+)</g)].map(
      ([, attributes, label]) => `${label} ${/href="([^"]+)"/.exec(attributes!)![1]}${attributes!.includes('aria-current="page"') ? ' current' : ''}`,
    );
    expect(links).toEqual([
      'English /abp-react/docs/next/guides/setup',
      'Français /abp-react/fr/docs/next/guides/setup current',
      'العربية /abp-react/ar/docs/next/guides/setup',
    ]);
    // The version dropdown lists the locale's versions.
    const versions = project.read('fr/docs/next/guides/setup.html').match(/<details class="dropdown version-dropdown".*?<\/details>/s)![0];
    expect([...versions.matchAll(/href="([^"]+)"/g)].map(([, href]) => href)).toEqual([
      '/abp-react/fr/docs/next/guides/setup',
      '/abp-react/fr/docs/guides/setup',
      '/abp-react/fr/docs/0.9/guides/setup',
    ]);
  });

  it("tags each doc's search records with its locale, and has a local index per locale and version", async () => {
    const records = JSON.parse(readFileSync(join(project.dir, 'dist-search', 'records.json'), 'utf8')) as {
      url: string;
      language: string;
      docusaurus_tag: string;
    }[];
    const facetsOf = (path: string) =>
      new Set(
        records.filter((r) => r.url.endsWith(`/abp-react${path}`) || r.url.includes(`/abp-react${path}#`)).map((r) => `${r.language} ${r.docusaurus_tag}`),
      );
    expect(facetsOf('/fr/docs/next/intro')).toEqual(new Set(['fr docs-default-current']));
    expect(facetsOf('/ar/docs/0.9/intro')).toEqual(new Set(['ar docs-default-0.9']));
    expect(facetsOf('/docs/next/intro')).toEqual(new Set(['en docs-default-current']));
    const { search } = project.manifest();
    expect(Object.keys(search.entries ?? {})).toEqual(['current', '1.0', '0.9', 'fr:current', 'fr:1.0', 'fr:0.9', 'ar:current', 'ar:1.0', 'ar:0.9']);
    const urls = (key: string, words: string) => localSearchUrls((rel) => project.read(rel), search.entries![key]!, words);
    expect(await urls('fr:current', 'bienvenue')).toEqual(['/fr/docs/next/intro']);
    expect(await urls('current', 'bienvenue')).toEqual([]);
    expect(await urls('ar:current', 'welcome')).toEqual([]);
    expect(await urls('ar:1.0', 'welcome')).toEqual(['/ar/docs/intro']);
  });

  it("names each locale's strings in the root, one file each, and renders the locale's pages with them", () => {
    const { site } = project.manifest();
    const fr = site.locales.find((locale) => locale.code === 'fr')!;
    // Every other locale has a blob, for its versions' sidebars: Arabic's holds no texts.
    expect(site.locales.map((locale) => locale.strings === undefined)).toEqual([true, false, false]);
    expect(JSON.parse(project.read(`blobs/${site.locales[2]!.strings!}`))).toMatchObject({ strings: {} });
    expect(JSON.parse(project.read(`blobs/${fr.strings!}`))).toMatchObject({
      strings: {
        'theme.common.skipToMainContent': 'Aller au contenu principal',
        'theme.docs.paginator.next': 'Suivant',
        'theme.docs.paginator.previous': 'Précédent',
        'navbar.title': 'ABP React',
        'navbar.item.label.Documentation': 'Documentation FR',
      },
    });
    const html = project.read('fr/docs/next/intro.html');
    expect(html).toContain(`<link rel="preload" href="/abp-react/blobs/${fr.strings!}" as="fetch" crossorigin="anonymous">`);
    expect(html).toContain('<a class="skip-link" href="#main">Aller au contenu principal</a>');
    expect(html).toContain('<span class="pagination-nav__sublabel">Précédent</span>');
    expect(html).toMatch(/class="navbar__link navbar__link--left[^"]*"[^>]*>Documentation FR</);
    // Arabic has no strings: the English texts.
    expect(project.read('ar/docs/next/intro.html')).toContain('<a class="skip-link" href="#main">Skip to main content</a>');
    expect(project.read('docs/next/intro.html')).toContain('<a class="skip-link" href="#main">Skip to main content</a>');
  });

  it("gives the shell's labels and the page's last update the locale's words, and the English texts elsewhere", () => {
    const fr = project.read('fr/docs/next/intro.html');
    const labels = (html: string) => [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(labels(fr)).toEqual(
      expect.arrayContaining([
        'Barre latérale',
        'Replier la barre latérale',
        'Chemin',
        'Accueil du site',
        'Pages voisines',
        'Sur la page',
        'Principale',
        'Langue: Français',
        'Ouvrir la catégorie « Guides »',
        'Changer de thème (maintenant selon le système)',
      ]),
    );
    expect(fr).toContain('title="Replier"');
    // The sentence in French, and the date in French's long form.
    expect(fr).toMatch(/<span class="last-updated">Mis à jour le <time dateTime="[^"]+">\d{1,2} [a-zéû]+ \d{4}<\/time><\/span>/);
    const english = project.read('docs/next/intro.html');
    expect(labels(english)).toEqual(
      expect.arrayContaining([
        'Docs sidebar',
        'Collapse sidebar',
        'Breadcrumbs',
        'Home page',
        'Docs pages',
        'On this page',
        'Main',
        'Languages: English',
        'Switch between dark and light mode (currently system mode)',
      ]),
    );
    expect(english).toContain(`aria-label="Expand sidebar category &#x27;Guides&#x27;"`);
    expect(english).toMatch(/<span class="last-updated">Last updated on <time dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time><\/span>/);
  });

  it("builds each standalone page in every locale: the translation, else the default locale's text with the notice", () => {
    const { routes, pages } = project.manifest();
    for (const locale of ['fr', 'ar']) {
      expect(routes[`/${locale}/markdown-page`]).toEqual({ kind: 'page', id: `i18n-${locale}/markdown-page` });
      expect(routes[`/${locale}/about`]).toEqual({ kind: 'page', id: `i18n-${locale}/about` });
    }
    expect(pages['i18n-fr/markdown-page']!.title).toBe('Page en markdown');
    expect(pages['i18n-fr/markdown-page']!.untranslated).toBeUndefined();
    expect(pages['i18n-ar/markdown-page']!.untranslated).toBe(true);
    expect(pages['i18n-fr/about']!.untranslated).toBe(true);
    expect(pages['i18n-fr/about']!.title).toBe(pages.about!.title);
    expect(pages.about!.untranslated).toBeUndefined();
    // An untranslated page is stored once: the same markdown in every locale.
    expect(pages['i18n-fr/about']!.blob).toBe(pages.about!.blob);
    const about = project.read('fr/about.html');
    expect(about).toContain('<html lang="fr-FR" dir="ltr"');
    expect(about).toContain('This page is not translated into Français yet: it shows the English text.');
    expect(project.read('ar/about.html')).toMatch(/<html lang="ar" dir="rtl"[\s\S]*<div lang="en-US" dir="ltr"><div class="markdown"/);
    const translated = project.read('fr/markdown-page.html');
    expect(translated).toContain('<h1 id="page-en-markdown">Page en markdown</h1>');
    expect(translated).not.toContain('not translated');
    expect(project.read('about.html')).not.toContain('not translated');
  });

  it("keeps a locale's standalone pages' links in the locale, translated or not", () => {
    const { pages } = project.manifest();
    const article = (id: string) => project.read(`blobs/${pages[id]!.article}`);
    expect(article('i18n-fr/markdown-page')).toContain('href="/abp-react/fr/docs/intro"');
    expect(article('i18n-fr/markdown-page')).toContain('href="/abp-react/fr/search"');
    // A `.md` link names the file the default locale's page names, and opens it in the locale.
    expect(article('i18n-ar/about')).toContain('href="/abp-react/ar/docs/next/intro"');
    expect(article('i18n-ar/about')).toContain('href="/abp-react/ar/docs/guides/setup"');
    expect(article('about')).toContain('href="/abp-react/docs/next/intro"');
  });

  it("gives a standalone page's alternates, sitemap entry and language switcher its copies in the other locales", () => {
    expect(project.read('fr/about.html').match(/<link rel="alternate"[^>]*>/g)).toEqual([
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/about" hreflang="en-US">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/about" hreflang="x-default">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/fr/about" hreflang="fr-FR">',
      '<link rel="alternate" href="https://antosubash.github.io/abp-react/ar/about" hreflang="ar">',
    ]);
    const entry = project
      .read('sitemap.xml')
      .split('\n')
      .find((line) => line.includes('<loc>https://antosubash.github.io/abp-react/ar/markdown-page</loc>'))!;
    expect(entry.match(/hreflang="[^"]+" href="[^"]+"/g)).toEqual([
      'hreflang="en-US" href="https://antosubash.github.io/abp-react/markdown-page"',
      'hreflang="x-default" href="https://antosubash.github.io/abp-react/markdown-page"',
      'hreflang="fr-FR" href="https://antosubash.github.io/abp-react/fr/markdown-page"',
      'hreflang="ar" href="https://antosubash.github.io/abp-react/ar/markdown-page"',
    ]);
    expect(switcherLinks(project.read('fr/about.html'))).toEqual([
      'English /abp-react/about',
      'Français /abp-react/fr/about current',
      'العربية /abp-react/ar/about',
    ]);
    expect(switcherLinks(project.read('markdown-page.html'))).toEqual([
      'English /abp-react/markdown-page current',
      'Français /abp-react/fr/markdown-page',
      'العربية /abp-react/ar/markdown-page',
    ]);
  });

  it("has a search page in every locale, kept out of the sitemap, searching the locale's index", async () => {
    const { routes, search } = project.manifest();
    expect(routes['/fr/search']).toEqual({ kind: 'search' });
    expect(routes['/ar/search']).toEqual({ kind: 'search' });
    const html = project.read('fr/search.html');
    expect(html).toContain('<html lang="fr-FR" dir="ltr"');
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(switcherLinks(html)).toEqual(['English /abp-react/search', 'Français /abp-react/fr/search current', 'العربية /abp-react/ar/search']);
    expect(switcherLinks(project.read('search.html'))).toEqual([
      'English /abp-react/search current',
      'Français /abp-react/fr/search',
      'العربية /abp-react/ar/search',
    ]);
    expect(project.read('sitemap.xml')).not.toContain('/search<');
    expect(project.read('robots.txt')).toContain('Disallow: /abp-react/search\nDisallow: /abp-react/fr/search\nDisallow: /abp-react/ar/search\n');
    // Each locale's index holds its own copy of a standalone page.
    const urls = (key: string, words: string) => localSearchUrls((rel) => project.read(rel), search.entries![key]!, words);
    expect(await urls('fr:1.0', 'autonome')).toEqual(['/fr/markdown-page']);
    expect(await urls('1.0', 'autonome')).toEqual([]);
    expect(await urls('1.0', 'standalone')).toEqual(['/markdown-page']);
    expect(await urls('ar:current', 'standalone')).toEqual(['/ar/markdown-page']);
    const records = JSON.parse(readFileSync(join(project.dir, 'dist-search', 'records.json'), 'utf8')) as { url: string; language: string }[];
    expect(new Set(records.filter((r) => r.url.includes('/markdown-page')).map((r) => `${r.language} ${new URL(r.url).pathname}`))).toEqual(
      new Set(['en /abp-react/markdown-page', 'fr /abp-react/fr/markdown-page', 'ar /abp-react/ar/markdown-page']),
    );
  });

  it('covers the default locale only in llms.txt', () => {
    expect(project.read('llms.txt')).not.toContain('/fr/');
  });
});

describe('a site without i18n', () => {
  it('builds its one locale as before: <html lang="en" dir="ltr">, no alternates', async () => {
    await onCopy(async (project) => {
      const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
      delete config.i18n;
      project.write('site.config.json', JSON.stringify(config, null, 2));
      rmSync(join(project.contentDir, 'i18n'), { recursive: true });
      await project.build();
      const html = project.read('docs/intro.html');
      expect(html).toContain('<html lang="en" dir="ltr"');
      expect(html).toContain('<meta property="og:locale" content="en">');
      expect(html).not.toContain('hreflang');
      expect(project.read('sitemap.xml')).not.toContain('xhtml');
      expect(project.manifest().versions.every((version) => version.locale === undefined)).toBe(true);
    });
  });
});

describe('an untranslated copy with images next to its file', () => {
  it("shows the default locale's images, on a standalone page and a doc", async () => {
    await onCopy(async (project) => {
      const logo = readFileSync(join(project.contentDir, 'img/logo.svg'), 'utf8');
      project.write('pages/pic.svg', logo);
      project.write('pages/about.md', '# About these docs\n\n![A picture](./pic.svg)\n');
      project.write('docs/guides/pic.svg', logo);
      project.write('docs/guides/deploy.md', '# Deploy\n\n![A picture](./pic.svg)\n');
      await project.build();
      const src = (rel: string) => /<img src="([^"]+)" alt="A picture"/.exec(project.read(rel))?.[1];
      expect(src('about.html')).toMatch(/^\/abp-react\/blobs\/[0-9a-f]+\.svg$/);
      for (const rel of ['fr/about.html', 'ar/about.html']) expect(src(rel), rel).toBe(src('about.html'));
      for (const rel of ['fr/docs/next/guides/deploy.html', 'ar/docs/next/guides/deploy.html']) expect(src(rel), rel).toBe(src('docs/next/guides/deploy.html'));
    });
  });
});

describe('a translation with an image next to it', () => {
  it('shows its own image, which only its pages name (not served at its path), and the default locale keeps its own', async () => {
    await onCopy(async (project) => {
      const logo = readFileSync(join(project.contentDir, 'img/logo.svg'), 'utf8');
      project.write('docs/guides/pic.svg', logo);
      project.write('docs/guides/deploy.md', '# Deploy\n\n![A picture](./pic.svg)\n');
      project.write('i18n/fr/docusaurus-plugin-content-docs/current/guides/pic.svg', logo.replace('<svg', '<svg data-locale="fr"'));
      project.write('i18n/fr/docusaurus-plugin-content-docs/current/guides/deploy.md', '# Déployer\n\n![A picture](./pic.svg)\n');
      await project.build();
      const src = (rel: string) => /<img src="([^"]+)" alt="A picture"/.exec(project.read(rel))?.[1];
      const fr = src('fr/docs/next/guides/deploy.html');
      expect(fr).toMatch(/^\/abp-react\/blobs\/[0-9a-f]+\.svg$/);
      expect(fr).not.toBe(src('docs/next/guides/deploy.html'));
      expect(project.read(fr!.replace('/abp-react/', ''))).toContain('data-locale="fr"');
      expect(existsSync(join(project.distDir, 'i18n/fr/docusaurus-plugin-content-docs/current/guides/pic.svg'))).toBe(false);
    });
  });
});

describe('a content deploy to a localized site', () => {
  it("keeps the previous build's locale files and the sidebar shards they name, for a tab that still holds the previous root", async () => {
    await onCopy(async (project) => {
      await project.build();
      const before = parseManifest(JSON.parse(project.read('_app/manifest.json')));
      const blobs = localeBlobNames(before);
      const locales = Object.fromEntries(blobs.map((name) => [name, parseLocaleStrings(JSON.parse(project.read(`blobs/${name}`)), name)]));
      const named = shardNames(before, locales);
      // Every locale's copy of every version names its sidebar shards.
      expect(sidebarShardNames(before, before.versions, locales)).toHaveLength(before.versions.length);
      // A new guide changes the guides of every locale's copy of the current version, so their files and names.
      project.write('docs/guides/extra.md', '# Extra\n\nOne more guide.\n');
      await project.build();
      const after = parseManifest(JSON.parse(project.read('_app/manifest.json')));
      for (const name of blobs) expect(localeBlobNames(after)).not.toContain(name);
      const gone = named.filter((name) => !shardNames(after, {}).includes(name));
      expect(gone.length).toBeGreaterThan(blobs.length);
      for (const name of named) expect(existsSync(join(project.distDir, 'blobs', name)), name).toBe(true);
    });
  });
});

/** The language switcher's links in a route's HTML: label, href, and whether it is the page shown. */
function switcherLinks(page: string): string[] {
  const html = page.match(/<details class="dropdown locale-dropdown".*?<\/details>/s)![0];
  return [...html.matchAll(/<a class="dropdown__link[^"]*"([^>]*)>([^<]+)</g)].map(
    ([, attributes, label]) => `${label} ${/href="([^"]+)"/.exec(attributes!)![1]}${attributes!.includes('aria-current="page"') ? ' current' : ''}`,
  );
}

describe('locale errors', () => {
  it('names the line of a code.json that is not JSON', async () => {
    await onCopy(async (project) => {
      project.write('i18n/fr/code.json', '{\n  "theme.common.editThisPage": { "message": "Modifier" },\n}\n');
      await expect(project.build()).rejects.toThrow('content/i18n/fr/code.json:3: is not valid JSON');
    });
  });

  it('names the line of a translation whose message is no string', async () => {
    await onCopy(async (project) => {
      project.write('i18n/fr/code.json', '{\n  "theme.common.editThisPage": { "message": "Modifier" },\n  "theme.docs.paginator.next": { "message": 3 }\n}\n');
      await expect(project.build()).rejects.toThrow(
        'content/i18n/fr/code.json:3: `theme.docs.paginator.next` must be `{ "message": "…" }` with the translated text as a string',
      );
    });
  });

  it("names the file and line of a broken link in a locale's standalone page", async () => {
    await onCopy(async (project) => {
      project.write(`${PAGES}/markdown-page.md`, '# Page en markdown\n\nVoir [nulle part](/nowhere).\n');
      await expect(project.build()).rejects.toThrow(`content/${PAGES}/markdown-page.md:3:`);
    });
  });

  it('names a translated page whose path has no page in `pages/`, and what to do', async () => {
    await onCopy(async (project) => {
      project.write(`${PAGES}/missing.md`, '# Manquante\n');
      await expect(project.build()).rejects.toThrow(
        `content/${PAGES}/missing.md:1: translates \`pages/missing.md\`, which does not exist: a translation in locale \`fr\` needs a page at the same path below \`pages/\`. Move it to the path of the page it translates, or remove it.`,
      );
    });
  });

  it('names a translation whose path has no doc in the version, and what to do', async () => {
    await onCopy(async (project) => {
      project.write(`${FR}/guides/missing.md`, '# Manquant\n');
      await expect(project.build()).rejects.toThrow(
        `content/${FR}/guides/missing.md:1: translates \`docs/guides/missing.md\`, which does not exist: a translation in locale \`fr\` needs a doc at the same path below \`docs/\`. Move it to the path of the doc it translates, or remove it.`,
      );
    });
  });
});
