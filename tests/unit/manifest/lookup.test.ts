import { describe, expect, it } from 'vitest';
import { UnknownIdError } from '../../../manifest/manifestErrors';
import {
  documentTitle,
  lastVersion,
  localeAt,
  localeTargets,
  localizedPath,
  preferredHref,
  savedWithVersion,
  searchEntryOf,
  versionAt,
  versionKey,
  versionsIn,
  versionTargets,
  formatLongDate,
  getDoc,
  getSidebar,
  pageAt,
  sidebarContains,
  tocHeadings,
} from '../../../manifest/lookup';
import type { ManifestHeading, SidebarItem } from '../../../manifest/types';
import { makeDoc, makeManifest, makePage } from '../../helpers/manifestFixtures';

const manifest = makeManifest({
  docs: [makeDoc({ id: 'intro', title: 'Introduction' }), makeDoc({ id: 'guides/setup', title: 'Setup' })],
  pages: [makePage({ id: 'markdown-page', path: '/markdown-page' })],
});

describe('getDoc', () => {
  it('returns the doc', () => {
    expect(getDoc(manifest, 'guides/setup').title).toBe('Setup');
  });

  it('throws UnknownIdError listing the available ids', () => {
    expect(() => getDoc(manifest, 'nope')).toThrow(UnknownIdError);
    expect(() => getDoc(manifest, 'nope')).toThrowErrorMatchingInlineSnapshot(`
      [UnknownIdError: Unknown doc id \`nope\`. Available doc ids:
      - guides/setup
      - intro]
    `);
  });
});

describe('getSidebar', () => {
  it('returns the sidebar', () => {
    expect(getSidebar(manifest, 'tutorialSidebar', '/docs/intro').map((i) => i.type === 'doc' && i.id)).toEqual(['intro', 'guides/setup']);
  });

  it('throws UnknownIdError listing the available sidebars', () => {
    expect(() => getSidebar(manifest, 'x', '/docs')).toThrow(UnknownIdError);
    expect(() => getSidebar(manifest, 'x', '/docs')).toThrowErrorMatchingInlineSnapshot(`
      [UnknownIdError: Unknown sidebar \`x\`. Available sidebars:
      - tutorialSidebar]
    `);
  });
});

describe('versions', () => {
  const version = (name: string, path: string, isLast?: boolean) => ({
    name,
    label: name,
    path,
    mainDocId: 'intro',
    draftIds: [],
    sidebars: { tutorialSidebar: [{ type: 'doc' as const, id: `${name}/intro`, label: 'Intro', path: `${path}/intro` }] },
    ...(isLast === undefined ? {} : { isLast }),
  });
  const versioned = { versions: [version('current', '/docs/next', false), version('1.0', '/docs', true), version('0.9', '/docs/0.9', false)] };

  it('takes the one version of a site without versions as the last', () => {
    expect(lastVersion(manifest).name).toBe('current');
    expect(versionAt(manifest, '/docs/guides/setup').name).toBe('current');
  });

  it('finds the version of a route by the longest root that holds it, else the last version', () => {
    expect(lastVersion(versioned).name).toBe('1.0');
    expect(versionAt(versioned, '/docs/next/intro').name).toBe('current');
    expect(versionAt(versioned, '/docs/next').name).toBe('current');
    expect(versionAt(versioned, '/docs/0.9/category/guides').name).toBe('0.9');
    expect(versionAt(versioned, '/docs/intro').name).toBe('1.0');
    expect(versionAt(versioned, '/docs/next-steps').name).toBe('1.0');
    expect(versionAt(versioned, '/markdown-page').name).toBe('1.0');
  });

  it("gives a page its version's sidebar", () => {
    const withSidebars = makeManifest({ docs: [] });
    Object.assign(withSidebars, versioned);
    expect(getSidebar(withSidebars, 'tutorialSidebar', '/docs/0.9/intro')).toEqual(versioned.versions[2]!.sidebars.tutorialSidebar);
    expect(getSidebar(withSidebars, 'tutorialSidebar', '/docs/intro')).toEqual(versioned.versions[1]!.sidebars.tutorialSidebar);
  });
});

describe('links between versions', () => {
  const version = (name: string, path: string, isLast: boolean) => ({ name, label: name, path, mainDocId: 'intro', draftIds: [], sidebars: {}, isLast });
  const versions = [version('current', '/docs/next', false), version('1.0', '/docs', true), version('0.9', '/docs/0.9', false)];
  const site = {
    site: manifest.site,
    versions,
    routes: {
      '/docs/next/guides/new': { kind: 'doc' as const, id: 'guides/new' },
      '/docs/guides/setup': { kind: 'doc' as const, id: 'version-1.0/guides/setup' },
      '/docs/category/guides': { kind: 'category' as const, slug: 'version-1.0/guides' },
      '/markdown-page': { kind: 'page' as const, id: 'markdown-page' },
      '/fr/markdown-page': { kind: 'page' as const, id: 'i18n-fr/markdown-page' },
      '/search': { kind: 'search' as const },
      '/fr/search': { kind: 'search' as const },
    },
    docs: {
      'guides/new': makeDoc({ id: 'guides/new', path: '/docs/next/guides/new' }),
      'version-1.0/guides/setup': {
        ...makeDoc({ id: 'version-1.0/guides/setup', path: '/docs/guides/setup' }),
        otherVersions: { current: '/docs/next/guides/setup' },
      },
    },
    categories: {
      'version-1.0/guides': {
        slug: 'version-1.0/guides',
        path: '/docs/category/guides',
        label: 'Guides',
        description: '',
        category: [],
        items: [],
        more: null,
        previous: null,
        next: null,
        sidebarTop: 0,
        sidebar: 'tutorialSidebar',
        otherVersions: { '0.9': '/docs/0.9/category/guides' },
      },
    },
  };
  const targets = (path: string) => versionTargets(site, path).map((t) => `${t.version.name} ${t.path}`);

  it("links each version's same page where it has it, else its root", () => {
    expect(targets('/docs/guides/setup')).toEqual(['current /docs/next/guides/setup', '1.0 /docs/guides/setup', '0.9 /docs/0.9']);
    expect(targets('/docs/next/guides/new')).toEqual(['current /docs/next/guides/new', '1.0 /docs', '0.9 /docs/0.9']);
    expect(targets('/docs/category/guides')).toEqual(['current /docs/next', '1.0 /docs/category/guides', '0.9 /docs/0.9/category/guides']);
    expect(targets('/markdown-page')).toEqual(['current /docs/next', '1.0 /docs', '0.9 /docs/0.9']);
  });

  it("sends version-neutral links to the last version's root or main doc to the preferred version", () => {
    expect(preferredHref(site, '/docs/intro', versions[2]!)).toBe('/docs/0.9');
    expect(preferredHref(site, '/docs', versions[0]!)).toBe('/docs/next');
    expect(preferredHref(site, '/docs/guides/setup', versions[2]!)).toBe('/docs/guides/setup');
    expect(preferredHref(site, '/docs/intro', versions[1]!)).toBe('/docs/intro');
    expect(preferredHref(site, '/docs/intro', null)).toBe('/docs/intro');
  });

  it('saves a version offline with the pages outside every version, and reads its own search index', () => {
    expect(['/docs/0.9/intro', '/docs/intro', '/docs/next/intro', '/', '/markdown-page'].filter((path) => savedWithVersion(site, path, '0.9'))).toEqual([
      '/docs/0.9/intro',
      '/',
      '/markdown-page',
    ]);
    const search = { entry: 'search/entry.a.json', count: 0, entries: { current: 'search/entry.b.json', '1.0': 'search/entry.a.json' } };
    expect(searchEntryOf({ search }, 'current')).toBe('search/entry.b.json');
    expect(searchEntryOf({ search }, undefined)).toBe('search/entry.a.json');
    expect(searchEntryOf({ search: { entry: 'search/entry.c.json', count: 0 } }, '1.0')).toBe('search/entry.c.json');
  });
});

describe('links between locales', () => {
  const version = (name: string, path: string, isLast: boolean, locale?: string) => ({
    name,
    label: name,
    path,
    mainDocId: 'intro',
    draftIds: [],
    sidebars: {},
    isLast,
    ...(locale ? { locale } : {}),
  });
  const locale = (code: string, path: string) => ({ code, label: code, direction: 'ltr' as const, htmlLang: code, path });
  const site = {
    site: { ...manifest.site, locales: [locale('en', ''), locale('fr', '/fr'), locale('ar', '/ar')] },
    versions: [
      version('current', '/docs/next', false),
      version('1.0', '/docs', true),
      version('current', '/fr/docs/next', false, 'fr'),
      version('1.0', '/fr/docs', true, 'fr'),
      version('current', '/ar/docs/next', false, 'ar'),
      version('1.0', '/ar/docs', true, 'ar'),
    ],
    routes: {
      '/': { kind: 'home' as const },
      '/fr': { kind: 'home' as const },
      '/ar': { kind: 'home' as const },
      '/docs/intro': { kind: 'doc' as const, id: 'version-1.0/intro' },
      '/fr/docs/next/intro': { kind: 'doc' as const, id: 'i18n-fr/intro' },
      '/markdown-page': { kind: 'page' as const, id: 'markdown-page' },
      '/fr/markdown-page': { kind: 'page' as const, id: 'i18n-fr/markdown-page' },
      '/search': { kind: 'search' as const },
      '/fr/search': { kind: 'search' as const },
    },
  };

  it('finds the locale of a route and the same route in another locale', () => {
    expect(localeAt(site.site, '/fr/docs/intro').code).toBe('fr');
    expect(localeAt(site.site, '/fr').code).toBe('fr');
    expect(localeAt(site.site, '/french').code).toBe('en');
    expect(localizedPath(site, '/docs/intro', 'fr')).toBe('/fr/docs/intro');
    expect(localizedPath(site, '/docs/next/guides/setup', 'ar')).toBe('/ar/docs/next/guides/setup');
    expect(localizedPath(site, '/fr/docs/next/intro', 'en')).toBe('/docs/next/intro');
    expect(localizedPath(site, '/fr', 'ar')).toBe('/ar');
    expect(localizedPath(site, '/', 'fr')).toBe('/fr');
    // Every locale has every standalone page and a search page; no locale copies a file.
    expect(localizedPath(site, '/markdown-page', 'fr')).toBe('/fr/markdown-page');
    expect(localizedPath(site, '/fr/markdown-page', 'en')).toBe('/markdown-page');
    expect(localizedPath(site, '/fr/search', 'ar')).toBe('/ar/search');
    expect(localizedPath(site, '/img/logo.svg', 'fr')).toBe('/img/logo.svg');
  });

  it("links each locale's copy of a docs page, standalone page, search page or home, and a locale's home for a route it lacks", () => {
    const targets = (path: string) => localeTargets(site, path).map((t) => `${t.locale.code} ${t.path}${t.exact ? '' : ' (home)'}`);
    expect(targets('/fr/docs/next/intro')).toEqual(['en /docs/next/intro', 'fr /fr/docs/next/intro', 'ar /ar/docs/next/intro']);
    expect(targets('/')).toEqual(['en /', 'fr /fr', 'ar /ar']);
    // Every locale has every standalone page, translated or not, and a search page, at the same path below its prefix.
    expect(targets('/markdown-page')).toEqual(['en /markdown-page', 'fr /fr/markdown-page', 'ar /ar/markdown-page']);
    expect(targets('/fr/markdown-page')).toEqual(['en /markdown-page', 'fr /fr/markdown-page', 'ar /ar/markdown-page']);
    expect(targets('/fr/search')).toEqual(['en /search', 'fr /fr/search', 'ar /ar/search']);
    expect(targets('/nowhere')).toEqual(['en /nowhere', 'fr /fr (home)', 'ar /ar (home)']);
  });

  it("keys a locale's copy of a version by locale and name, and keeps version-neutral links in the locale", () => {
    expect(site.versions.map(versionKey)).toEqual(['current', '1.0', 'fr:current', 'fr:1.0', 'ar:current', 'ar:1.0']);
    expect(lastVersion(site, 'fr').path).toBe('/fr/docs');
    expect(versionsIn(site, 'ar').map((v) => v.path)).toEqual(['/ar/docs/next', '/ar/docs']);
    expect(preferredHref(site, '/docs/intro', site.versions[2]!, 'fr')).toBe('/fr/docs/next');
    expect(preferredHref(site, '/docs/intro', null, 'fr')).toBe('/fr/docs/intro');
    expect(['/fr/docs/intro', '/docs/intro', '/ar/docs/intro', '/fr'].filter((path) => savedWithVersion(site, path, 'fr:1.0'))).toEqual([
      '/fr/docs/intro',
      '/fr',
    ]);
  });
});

describe('pageAt', () => {
  it('finds the page at a route', () => {
    expect(pageAt(manifest, '/docs/guides/setup')?.id).toBe('guides/setup');
    expect(pageAt(manifest, '/docs')?.id).toBe('intro');
    expect(pageAt(manifest, '/markdown-page')?.id).toBe('markdown-page');
    expect(pageAt(manifest, '/')).toBeNull();
    expect(pageAt(manifest, '/missing')).toBeNull();
  });
});

describe('sidebarContains', () => {
  const category: SidebarItem = {
    type: 'category',
    label: 'Guides',
    collapsed: true,
    collapsible: true,
    path: '/docs/category/guides',
    items: [{ type: 'doc', id: 'guides/setup', label: 'Setup', path: '/docs/guides/setup' }],
  };
  it('finds the route in the category, its page or its children', () => {
    expect(sidebarContains(category, '/docs/guides/setup')).toBe(true);
    expect(sidebarContains(category, '/docs/category/guides')).toBe(true);
    expect(sidebarContains(category, '/docs/intro')).toBe(false);
  });
});

describe('tocHeadings', () => {
  const headings: ManifestHeading[] = [2, 3, 4, 5, 3, 2].map((depth, i) => ({ depth, id: `h${i}`, text: `H${i}` }));
  const ids = (list: ManifestHeading[]) => list.map((h) => h.id);

  it('shows levels 2 to 3 by default', () => {
    expect(ids(tocHeadings({ headings, tocMinLevel: 2, tocMaxLevel: 3 }))).toEqual(['h0', 'h1', 'h4', 'h5']);
  });

  it('honours toc_min_heading_level and toc_max_heading_level', () => {
    expect(ids(tocHeadings({ headings, tocMinLevel: 3, tocMaxLevel: 5 }))).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(ids(tocHeadings({ headings, tocMinLevel: 2, tocMaxLevel: 2 }))).toEqual(['h0', 'h5']);
  });

  it('falls back to the defaults for a missing level', () => {
    expect(ids(tocHeadings({ headings, tocMinLevel: 0, tocMaxLevel: 0 }))).toEqual(['h0', 'h1', 'h4', 'h5']);
  });
});

describe('documentTitle', () => {
  it('joins page and site title with a bar', () => {
    expect(documentTitle('Introduction', 'ABP React')).toBe('Introduction | ABP React');
  });

  it('uses the site title alone without a page title', () => {
    expect(documentTitle(null, 'ABP React')).toBe('ABP React');
    expect(documentTitle('', 'ABP React')).toBe('ABP React');
  });
});

describe('formatLongDate', () => {
  it('writes the date as English prose, as Intl does for en', () => {
    for (const iso of ['2026-11-23T17:13:30.000Z', '2024-02-29T00:00:00.000Z', '2025-01-01T12:00:00Z', '2026-12-31T10:00:00.000Z']) {
      expect(formatLongDate(iso), iso).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)));
    }
    expect(formatLongDate('2026-11-23T17:13:30.000Z')).toBe('November 23, 2026');
  });

  it('counts the day in UTC, so the build and every reader agree', () => {
    expect(formatLongDate('2026-03-01T23:59:59.999Z')).toBe('March 1, 2026');
    expect(formatLongDate('2026-03-02T00:00:00.000Z')).toBe('March 2, 2026');
  });

  it("writes it in another locale's long form, in UTC too", () => {
    expect(formatLongDate('2026-11-23T17:13:30.000Z', 'fr-FR')).toBe('23 novembre 2026');
    expect(formatLongDate('2026-03-01T23:59:59.999Z', 'de')).toBe('1. März 2026');
  });
});
