/**
 * Typed factories for manifest-contract tests: every field filled with a
 * plausible default, overridable per test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_VERSION } from '../../manifest/constants';
import { localeBlobOf, sidebarsOf } from '../../manifest/lookup';
import { parseLocaleStrings, parseManifest, parseShard, parseSidebarShard } from '../../manifest/parse';
import { addShard, emptyView } from '../../manifest/shards';
import { resolveSiteConfig, type SiteConfig, type SiteConfigInput } from '../../manifest/siteConfig';
import type { DocVersion, Manifest, ManifestDoc, ManifestPage, RouteTarget, SidebarItem } from '../../manifest/types';

/** A minimal valid `site.config.json` as authors write it. */
export function makeSiteConfigInput(overrides: Partial<SiteConfigInput> = {}): SiteConfigInput {
  return {
    title: 'ABP React',
    tagline: 'Docs for tests',
    url: 'https://example.com',
    baseUrl: '/abp-react/',
    organizationName: 'antosubash',
    projectName: 'abp-react',
    copyright: 'Copyright',
    navbar: { title: 'ABP React', logo: { src: 'img/logo.svg', alt: 'Logo' }, items: [] },
    footer: { links: [] },
    search: { appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indexName: 'YOUR_INDEX_NAME' },
    home: {
      heading: 'Home',
      lead: 'Lead',
      actions: [],
      featuresHeading: 'F',
      features: [],
      statsHeading: 'S',
      stats: [],
      ctaHeading: 'C',
      ctaText: 'T',
      ctaCommands: [],
    },
    ...overrides,
  };
}

/** A resolved site configuration. */
export function makeSiteConfig(overrides: Partial<SiteConfigInput> = {}): SiteConfig {
  return resolveSiteConfig(makeSiteConfigInput(overrides), (id) => `/docs/${id}`);
}

/** A standalone page; `id` and `path` default from each other. */
export function makePage(overrides: Partial<ManifestPage> & { id: string }): ManifestPage {
  return {
    path: `/${overrides.id}`,
    title: overrides.id,
    description: '',
    keywords: [],
    image: null,
    headings: [],
    blob: `${overrides.id.replace(/\W/g, '')}0000000000000000`.slice(0, 16) + '.md',
    blobSize: 10,
    article: `${overrides.id.replace(/\W/g, '')}0000000000000000`.slice(0, 16) + '.html',
    lastModified: '2026-01-01T00:00:00.000Z',
    source: `pages/${overrides.id}.md`,
    hasH1: true,
    hideTableOfContents: false,
    tocMinLevel: 2,
    tocMaxLevel: 3,
    codeLanguages: [],
    hasMermaid: false,
    ...overrides,
  };
}

/** A doc below `/docs`. */
export function makeDoc(overrides: Partial<ManifestDoc> & { id: string }): ManifestDoc {
  return {
    ...makePage({ path: `/docs/${overrides.id}`, source: `docs/${overrides.id}.md`, ...overrides }),
    sidebarLabel: overrides.title ?? overrides.id,
    sidebar: 'tutorialSidebar',
    category: [],
    previous: null,
    next: null,
    editUrl: null,
    sidebarTop: null,
    ...overrides,
  };
}

/** Inputs of `makeManifest`: docs and pages by value, everything else derived. */
export interface MakeManifestInput {
  docs?: ManifestDoc[];
  pages?: ManifestPage[];
  /** Defaults to one doc item per doc, in order. */
  sidebar?: SidebarItem[];
  site?: Partial<SiteConfigInput>;
}

/** A valid manifest whose route table, version and sidebar match the given docs and pages. */
export function makeManifest({ docs = [makeDoc({ id: 'intro', title: 'Introduction' })], pages = [], sidebar, site }: MakeManifestInput = {}): Manifest {
  const routes: Record<string, RouteTarget> = { '/': { kind: 'home' }, '/search': { kind: 'search' } };
  const mainDocId = docs[0]?.id ?? 'intro';
  routes['/docs'] = { kind: 'docsRoot', docId: mainDocId };
  for (const d of docs) routes[d.path] = { kind: 'doc', id: d.id };
  for (const p of pages) routes[p.path] = { kind: 'page', id: p.id };
  return {
    manifestVersion: MANIFEST_VERSION,
    contentHash: '0123456789abcdef',
    generatedAt: '2026-01-01T00:00:00.000Z',
    site: makeSiteConfig(site),
    versions: [
      {
        name: 'current',
        label: 'Next',
        path: '/docs',
        mainDocId,
        draftIds: [],
        sidebars: { tutorialSidebar: sidebar ?? docs.map((d): SidebarItem => ({ type: 'doc', id: d.id, label: d.sidebarLabel, path: d.path })) },
      },
    ],
    docs: Object.fromEntries(docs.map((d) => [d.id, d])),
    pages: Object.fromEntries(pages.map((p) => [p.id, p])),
    categories: {},
    tags: {},
    routes,
    search: { entry: 'search/entry.000000000000.json', count: 0 },
    shards: ['0123456789abcdef.json'],
    shardStarts: ['/'],
    totals: { pages: docs.length + pages.length, bytes: [...docs, ...pages].reduce((sum, p) => sum + p.blobSize, 0), articles: 0 },
    articlesIn: 'blobs',
    shell: 'assets/main-TESTSHELL.js',
    files: {},
    sources: Object.fromEntries([...docs, ...pages].map((p) => [p.source, p.path])),
  };
}

/**
 * A built site's whole manifest, as the shell sees it with every shard
 * loaded: the root, every page shard, and the sidebar with its categories'
 * children from the sidebar shards.
 */
export function readBuiltManifest(distDir: string): Manifest {
  const read = (rel: string): unknown => JSON.parse(readFileSync(join(distDir, rel), 'utf8'));
  const root = parseManifest(read('_app/manifest.json'));
  const view = emptyView(root);
  for (const name of root.shards) addShard(view, parseShard(read(`blobs/${name}`), name));
  // Another locale's copy of a version has its sidebars in its locale's blob.
  const localeOf = (v: DocVersion) => {
    const blob = localeBlobOf(root.site, v);
    return blob === undefined ? undefined : parseLocaleStrings(read(`blobs/${blob}`), blob);
  };
  view.versions = root.versions.map((v) => ({
    ...v,
    sidebars: Object.fromEntries(
      Object.entries(sidebarsOf(v, localeOf(v))).map(([id, items]) => [
        id,
        items.map((item) => {
          if (item.type !== 'category' || !item.shard) return item;
          const { shard, ...category } = item;
          return { ...category, items: parseSidebarShard(read(`blobs/${shard}`), shard).items };
        }),
      ]),
    ),
  }));
  return view;
}
