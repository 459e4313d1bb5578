/**
 * The manifest contract: every type that crosses the seam between the content
 * build (`build.ts`) and the reader shell (`src/`). Only plain JSON lives here:
 * no `Date`, `Map` or `undefined` values; dates are ISO strings.
 */
import type { SiteConfig } from './siteConfig';

/** A reference to another doc, used for previous/next links. */
export interface DocLink {
  /** Doc id, or the category slug for a generated index. */
  id: string;
  /** Label shown on the pagination card. */
  title: string;
  /** Route path below the base path, such as `/docs/intro`. */
  path: string;
}

/** One heading of a page, as the table of contents and search see it. */
export interface ManifestHeading {
  /** Heading level, 2 to 6 (the h1 is the page title). */
  depth: number;
  /** Anchor id, from github-slugger or an explicit `{#id}`. */
  id: string;
  /** Plain text of the heading. */
  text: string;
}

/** A rendered markdown page: a doc or a standalone page such as `/markdown-page`. */
export interface ManifestPage {
  /** Stable id: `fundamentals/authentication` for docs, `markdown-page` for pages. */
  id: string;
  /** Route path below the base path, without a trailing slash. */
  path: string;
  /** Page title: front matter `title`, else the first h1. */
  title: string;
  /** Meta description: front matter `description`, else the first paragraph. */
  description: string;
  /** Meta keywords from front matter. */
  keywords: string[];
  /** Social card image (absolute URL or path below the base), or null for the site's. */
  image: string | null;
  /** Headings of levels 2 to 6 in document order. */
  headings: ManifestHeading[];
  /** File name of the markdown blob below `blobs/`: `<hash>.md`. */
  blob: string;
  /** Size of the blob in bytes, for offline-storage estimates. */
  blobSize: number;
  /**
   * File name below `blobs/` of the article as the build rendered it (`<hash>.html`),
   * through the same pipeline as the shell: client navigation shows it without
   * parsing the markdown, which the shell renders only when this file cannot be had.
   */
  article: string;
  /** Last modification time of the source file, ISO 8601. */
  lastModified: string;
  /** Source path relative to `content/`, for "Edit this page" and error messages. */
  source: string;
  /** Whether the first h1 is part of the body (the shell then does not add one). */
  hasH1: boolean;
  /** Table of contents hidden by front matter. */
  hideTableOfContents: boolean;
  /** Smallest heading level shown in the table of contents. */
  tocMinLevel: number;
  /** Largest heading level shown in the table of contents. */
  tocMaxLevel: number;
  /** Code-block languages used, so the shell loads only those highlighters. */
  codeLanguages: string[];
  /** Whether the page has a Mermaid diagram (the shell loads Mermaid only then). */
  hasMermaid: boolean;
  /** In a locale other than the default one: the doc or page has no translation, and shows the default locale's text. */
  untranslated?: boolean;
}

/** A doc: a page inside the docs sidebar. */
export interface ManifestDoc extends ManifestPage {
  /** Label in the sidebar: front matter `sidebar_label`, else the title. */
  sidebarLabel: string;
  /** Sidebar id the doc belongs to, or null when it is in no sidebar. */
  sidebar: string | null;
  /** Labels of the categories above the doc, outermost first (breadcrumbs). */
  category: string[];
  /** Previous page in reading order, or null. */
  previous: DocLink | null;
  /** Next page in reading order, or null. */
  next: DocLink | null;
  /** "Edit this page" URL, or null when the site has no edit URL. */
  editUrl: string | null;
  /** Index of the top-level sidebar item that holds the doc (its category is open), or null. */
  sidebarTop: number | null;
  /** On a site with several versions or locales: the route of the same doc (by id) in each other version that has it, by `versionKey`. */
  otherVersions?: Record<string, string>;
}

/** A doc entry in the sidebar. */
interface SidebarDoc {
  type: 'doc';
  /** Doc id. */
  id: string;
  /** Label shown. */
  label: string;
  /** Route path below the base. */
  path: string;
}

/** An external or plain link in the sidebar. */
interface SidebarLink {
  type: 'link';
  /** Label shown. */
  label: string;
  /** Absolute URL or route path. */
  href: string;
}

/** A category of the sidebar, from a folder and its `_category_.json`. */
export interface SidebarCategory {
  type: 'category';
  /** Label shown, from `_category_.json` or the folder name. */
  label: string;
  /** Whether it starts collapsed. */
  collapsed: boolean;
  /** Whether the reader can collapse it. */
  collapsible: boolean;
  /** Route path of the category's own page (generated index or linked doc), or null. */
  path: string | null;
  /**
   * Children in sidebar order. Empty in the root manifest for a top-level
   * category whose children live in a sidebar shard (`shard`).
   */
  items: SidebarItem[];
  /** Top-level categories: the sidebar shard (below `blobs/`) that holds `items`. */
  shard?: string;
}

/** One entry of a sidebar tree. */
export type SidebarItem = SidebarDoc | SidebarLink | SidebarCategory;

/** A generated category index such as `/docs/category/fundamentals`. */
export interface CategoryIndex {
  /** Slug of the label, as in the route. */
  slug: string;
  /** Route path below the base. */
  path: string;
  /** Category label, used as the page title. */
  label: string;
  /** Description shown above the cards. */
  description: string;
  /** Labels of the enclosing categories (breadcrumbs). */
  category: string[];
  /** Cards: the category's direct children, the first `CATEGORY_CARDS` of them. */
  items: CategoryCard[];
  /** The other cards, in a file below `blobs/` (`<hash>.json`, a `CategoryCard[]`), or null when `items` has them all. */
  more: { count: number; file: string } | null;
  /** Previous page in reading order, or null. */
  previous: DocLink | null;
  /** Next page in reading order, or null. */
  next: DocLink | null;
  /** Index of the top-level sidebar item that holds the category, or null. */
  sidebarTop: number | null;
  /** On a site with several versions: the route of the same category index (by slug) in each other version that has it. */
  otherVersions?: Record<string, string>;
}

/** A card on a category index page. */
export interface CategoryCard {
  /** Card title. */
  title: string;
  /** Route path the card opens. */
  path: string;
  /** One line under the title: the doc's description or the item count. */
  description: string;
}

/** A docs version: `current` (`content/docs`, labelled `Next`), or one of `versions.json`. */
export interface DocVersion {
  /** Version name: `current`. */
  name: string;
  /** Label shown: `Next`. */
  label: string;
  /** Route path of the version root: `/docs`. */
  path: string;
  /** Doc opened at the version root: `intro`. */
  mainDocId: string;
  /** Ids of draft docs (always empty in a production build). */
  draftIds: string[];
  /**
   * Sidebars by id: `tutorialSidebar`. In the root manifest they hold their top level, whose categories name their
   * shard, and only in the default locale: a copy in another locale has none there, its locale's blob holds them
   * (`LocaleStrings.sidebars`), so a locale adds one line per version to the root.
   */
  sidebars: Record<string, SidebarItem[]>;
  /**
   * On a site with several versions (`versions.json`): the banner above its pages (`unreleased`, `unmaintained`),
   * whether its pages show a badge, whether search engines are kept away, and whether it is the last version,
   * the one at the docs route that version-neutral links open. A site with one version leaves them out.
   */
  banner?: 'none' | 'unreleased' | 'unmaintained';
  badge?: boolean;
  noIndex?: boolean;
  isLast?: boolean;
  /** A locale other than the default one (`SiteConfig.locales`), whose copy of the version this is; unset in the default locale. */
  locale?: string;
}

/** What a route path shows. */
export type RouteTarget =
  | { kind: 'home' }
  | { kind: 'search' }
  | { kind: 'docsRoot'; docId: string }
  | { kind: 'doc'; id: string }
  | { kind: 'page'; id: string }
  | { kind: 'category'; slug: string };

/** Files of the search feature the shell reads. */
interface SearchFiles {
  /**
   * The local index's entry file, below the base: `search/entry.<hash>.json`, or `search/entry-<key>.json` from a dev
   * server (named by its inputs, made when asked for). It names the index's other files (`manifest/localSearch.ts`).
   */
  entry: string;
  /** Number of DocSearch records the build wrote (outside `dist/`, for `npm run search:upload`). */
  count: number;
  /** On a site with several versions: each version's own index (its docs and the pages), by version name; `entry` is the last version's. */
  entries?: Record<string, string>;
}

/**
 * The root manifest, `dist/manifest.json`: what every page needs, whatever the
 * page count. Page data lives in shards (`ManifestShard`), immutable files
 * below `blobs/` named by their hash; `shardOf()` finds the one of a route.
 */
export interface ManifestRoot {
  /** Contract version; the shell refuses a manifest with another one. */
  manifestVersion: number;
  /** Hash of the content, changes whenever anything a reader sees changes. */
  contentHash: string;
  /** Build time, ISO 8601. */
  generatedAt: string;
  /** Resolved site configuration. */
  site: SiteConfig;
  /** Docs versions, current first, then the releases newest first; `isLast` marks the one at the docs route (the only one when there is one). Sidebars hold their top level only. */
  versions: DocVersion[];
  /** Search files. */
  search: SearchFiles;
  /** Page shards below `blobs/` (`<hash>.json`), in route order. */
  shards: string[];
  /** The first route path of each shard (sorted): a route's shard is the last one starting at or before it (`shardOf`). */
  shardStarts: string[];
  /**
   * For offline mode's estimate before it fetches anything: how many pages it
   * saves (every route), and the bytes of what it stores besides their HTML (the
   * shards, long categories' further cards, the local search index, and every
   * page's markdown and article unless `articlesIn` is `routes`), and the bytes
   * of every route's article, the part of its HTML that differs most between
   * pages. The shell adds each page's HTML as that article plus the rest of its
   * own page's HTML.
   */
  totals: { pages: number; bytes: number; articles: number; versions?: Record<string, VersionTotals> };
  /**
   * Where a page's article is deployed. `blobs`: as `blobs/<article>`, beside
   * its markdown (`blobs/<blob>`), which the shell renders when the article
   * cannot be had. `routes` (a large site, `LARGE_SITE_ROUTES`): only inside the
   * route's HTML (`routeHtmlFile`), in `<main>`'s `.markdown`, so each page is
   * deployed once; `article` and `blob` then name the page's content, not files.
   */
  articlesIn: 'blobs' | 'routes';
  /**
   * The entry script of the shell deployed with this content, below the base
   * (`assets/main-<hash>.js`), null when built without one. A tab whose shell
   * is another, and which no service worker updates, offers the reload.
   */
  shell: string | null;
}

/**
 * On a site with several versions, what offline mode stores when it saves one version (`ManifestRoot.totals`
 * of that version): its pages and the pages outside the docs, every shard, and that version's local index.
 */
export interface VersionTotals {
  pages: number;
  bytes: number;
  articles: number;
}

/** A page shard: the routes of one bucket and everything they show. */
export interface ManifestShard {
  /** Docs by id. */
  docs: Record<string, ManifestDoc>;
  /** Standalone pages by id. */
  pages: Record<string, ManifestPage>;
  /** Generated category indexes by slug. */
  categories: Record<string, CategoryIndex>;
  /** Route table: path below the base (no trailing slash, `/` for home) to target. */
  routes: Record<string, RouteTarget>;
  /**
   * Files the pages link to or show (static files and co-located images), by
   * the key `resolveContentImage()` looks up: `/img/x.png` for a file served at
   * that path, `docs/guide/diagram.png` (relative to `content/`) for an image
   * next to its markdown.
   */
  files: Record<string, ManifestFile>;
  /** Source path relative to `content/` to route path, for every page of the site (relative links). */
  sources: Record<string, string>;
}

/**
 * A locale other than the default one, in the blob the root names (`SiteLocale.strings`), which the shell reads
 * before any page of that locale renders.
 */
export interface LocaleStrings {
  /**
   * Translations of the shell's texts by Docusaurus's theme ids (`theme.docs.paginator.next`) and, for the navbar's
   * and footer's labels, `navbar.<key>` and `footer.<key>` with the keys of Docusaurus's `navbar.json` and
   * `footer.json` (`navbar.item.label.Documentation`).
   */
  strings: Record<string, string>;
  /** The sidebars of the locale's copy of each docs version, by version name, as the root holds the default locale's (`DocVersion.sidebars`). */
  sidebars: Record<string, Record<string, SidebarItem[]>>;
}

/** Any of the JSON files below `blobs/` that the root names and route HTML preloads: page shards, sidebar shards and locale strings. */
export type AnyShard = ManifestShard | SidebarShard | LocaleStrings;

/** A sidebar shard: the children of one top-level category. */
export interface SidebarShard {
  items: SidebarItem[];
}

/**
 * What the build and the shell work with: the root plus the shards loaded so
 * far (the build has every shard; the shell, those its pages needed).
 */
export type Manifest = ManifestRoot & ManifestShard;

/** A static file or image a page refers to. */
export interface ManifestFile {
  /** Path below the base: `/img/x.png`, or `/blobs/<hash>.png` for a co-located image. */
  href: string;
  /** Intrinsic width in CSS pixels, read from the file at build time; null for a file that is no image. */
  width: number | null;
  /** Intrinsic height in CSS pixels; null for a file that is no image. */
  height: number | null;
}

/** One search record in Algolia DocSearch's shape. */
export interface SearchRecord {
  /** Unique record id. */
  objectID: string;
  /** Absolute URL, with the base path and an optional `#anchor`. */
  url: string;
  /** Which level the record stands for. */
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  /** Heading hierarchy: lvl0 is the category, lvl1 the page title. */
  hierarchy: Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;
  /** Paragraph text for `content` records, else null. */
  content: string | null;
  /** Language facet, `en`. */
  language: string;
  /** Docs version facets, `current`. */
  docusaurus_tag: string;
  /** Ranking weight: page level first, then position on the page. */
  weight: { pageRank: number; level: number; position: number };
}
