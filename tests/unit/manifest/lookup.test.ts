import { describe, expect, it } from 'vitest';
import { UnknownIdError } from '../../../manifest/manifestErrors';
import { documentTitle, lastVersion, versionAt, formatLongDate, getDoc, getSidebar, pageAt, sidebarContains, tocHeadings } from '../../../manifest/lookup';
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
});
