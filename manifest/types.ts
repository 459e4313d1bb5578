/**
 * The manifest contract: every shape that crosses the seam between the content build (`build.ts`) and the reader
 * shell (`src/`), written once as a valibot schema from which its type is derived. `parse.ts` checks a document
 * against the schema whole, on both sides: the build before it writes, the shell after it fetches or reads from its
 * storage. Only plain JSON lives here: no `Date`, `Map` or `undefined` values; dates are ISO strings. A change of
 * any schema is a change of the contract: `MANIFEST_VERSION` goes up with it (`tests/unit/manifest/types.test.ts`
 * fails until it does), so a reader's saved manifest of the old shape is dropped, not half read.
 */
import * as v from 'valibot';
import type { SiteConfig } from './siteConfig';

/** An object of `value`s by string key (a record; never a list, which valibot's record reads as one). */
const dict = <T extends v.GenericSchema>(value: T) =>
  v.pipe(
    v.custom<Record<string, v.InferOutput<T>>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'is not an object'),
    v.record(v.string(), value),
  );

/** A reference to another doc, used for previous/next links. */
export const DocLinkSchema = v.object({
  /** Doc id, or the category slug for a generated index. */
  id: v.string(),
  /** Label shown on the pagination card. */
  title: v.string(),
  /** Route path below the base path, such as `/docs/intro`. */
  path: v.string(),
});
export type DocLink = v.InferOutput<typeof DocLinkSchema>;

/** One heading of a page, as the table of contents and search see it. */
export const ManifestHeadingSchema = v.object({
  /** Heading level, 2 to 6 (the h1 is the page title). */
  depth: v.number(),
  /** Anchor id, from github-slugger or an explicit `{#id}`. */
  id: v.string(),
  /** Plain text of the heading. */
  text: v.string(),
});
export type ManifestHeading = v.InferOutput<typeof ManifestHeadingSchema>;

/** The fields of a rendered markdown page: a doc or a standalone page such as `/markdown-page`. */
const pageEntries = {
  /** Stable id: `fundamentals/authentication` for docs, `markdown-page` for pages. */
  id: v.string(),
  /** Route path below the base path, without a trailing slash. */
  path: v.string(),
  /** Page title: front matter `title`, else the first h1, else the id or file name (as Docusaurus titles it). */
  title: v.string(),
  /** Meta description: front matter `description`, else the first paragraph. */
  description: v.string(),
  /** Meta keywords from front matter. */
  keywords: v.array(v.string()),
  /** Social card image (absolute URL or path below the base), or null for the site's. */
  image: v.nullable(v.string()),
  /** Headings of levels 2 to 6 in document order. */
  headings: v.array(ManifestHeadingSchema),
  /** File name of the markdown blob below `blobs/`: `<hash>.md`. */
  blob: v.string(),
  /** Size of the blob in bytes, for offline-storage estimates. */
  blobSize: v.number(),
  /**
   * File name below `blobs/` of the article as the build rendered it (`<hash>.html`), through the same pipeline as
   * the shell: client navigation shows it without parsing the markdown, which the shell renders only when this file
   * cannot be had.
   */
  article: v.string(),
  /** Last modification time of the source file, ISO 8601. */
  lastModified: v.string(),
  /** Source path relative to `content/`, for "Edit this page" and error messages. */
  source: v.string(),
  /** Whether the shell adds no title h1: the body has one, or front matter `hide_title` hides it. */
  hasH1: v.boolean(),
  /** Table of contents hidden by front matter. */
  hideTableOfContents: v.boolean(),
  /** Smallest heading level shown in the table of contents. */
  tocMinLevel: v.number(),
  /** Largest heading level shown in the table of contents. */
  tocMaxLevel: v.number(),
  /** Code-block languages used, so the shell loads only those highlighters. */
  codeLanguages: v.array(v.string()),
  /** Whether the page has a Mermaid diagram (the shell loads Mermaid only then). */
  hasMermaid: v.boolean(),
  /** In a locale other than the default one: the doc or page has no translation, and shows the default locale's text. */
  untranslated: v.optional(v.boolean()),
};

/** A rendered markdown page: a doc or a standalone page such as `/markdown-page`. */
export const ManifestPageSchema = v.object(pageEntries);
export type ManifestPage = v.InferOutput<typeof ManifestPageSchema>;

/** The route of the same entry in each other version (or locale) that has it, by `versionKey`. */
const OtherVersionsSchema = v.optional(dict(v.string()));

/** A tag as a doc's footer links it. */
const TagLinkSchema = v.object({
  /** Label, as the front matter writes it. */
  label: v.string(),
  /** Route path of the tag's page below the base: `/docs/tags/getting-started`. */
  path: v.string(),
});
export type TagLink = v.InferOutput<typeof TagLinkSchema>;

/** A doc: a page inside the docs sidebar. */
export const ManifestDocSchema = v.object({
  ...pageEntries,
  /** Label in the sidebar: front matter `sidebar_label`, else the title. */
  sidebarLabel: v.string(),
  /** Id of the sidebar that lists the doc (the one its page shows), or null when it is in no sidebar. */
  sidebar: v.nullable(v.string()),
  /** Labels of the categories above the doc, outermost first (breadcrumbs). */
  category: v.array(v.string()),
  /** Previous page in reading order, or null. */
  previous: v.nullable(DocLinkSchema),
  /** Next page in reading order, or null. */
  next: v.nullable(DocLinkSchema),
  /** "Edit this page" URL, or null when the site has no edit URL. */
  editUrl: v.nullable(v.string()),
  /** Index of the top-level item of its sidebar that holds the doc (its category is open), or null. */
  sidebarTop: v.nullable(v.number()),
  /** On a site with several versions or locales: the route of the same doc (by id) in each other version that has it, by `versionKey`. */
  otherVersions: OtherVersionsSchema,
  /**
   * Front matter `unlisted`: the page is built and reached by its URL, but no sidebar, pagination, category card, search
   * index, sitemap or llms file names it, search engines are asked to keep away, and a banner says so. Unset when listed.
   */
  unlisted: v.optional(v.literal(true)),
  /** Front matter `tags`: each tag's label and the route of its page (`/docs/tags/<slug>`), in the order written. Unset without tags. */
  tags: v.optional(v.array(TagLinkSchema)),
});
export type ManifestDoc = v.InferOutput<typeof ManifestDocSchema>;

/** A doc entry in the sidebar. */
const SidebarDocSchema = v.object({
  type: v.literal('doc'),
  /** Doc id. */
  id: v.string(),
  /** Label shown. */
  label: v.string(),
  /** Route path below the base. */
  path: v.string(),
  /** Class names the sidebars file gives the item's row. */
  className: v.optional(v.string()),
});

/** An external or plain link in the sidebar. */
const SidebarLinkSchema = v.object({
  type: v.literal('link'),
  /** Label shown. */
  label: v.string(),
  /** Absolute URL or route path. */
  href: v.string(),
  /** Class names the sidebars file gives the item's row. */
  className: v.optional(v.string()),
});

/** Markup of a sidebars file's `html` item, shown as it is. */
const SidebarHtmlSchema = v.object({
  type: v.literal('html'),
  /** The item's HTML, sanitized by the build with the pages' allow-list. */
  value: v.string(),
  /** Whether the row has a menu link's padding (Docusaurus's `defaultStyle`). */
  defaultStyle: v.boolean(),
  /** Class names the sidebars file gives the item's row. */
  className: v.optional(v.string()),
});

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
  /** Children in sidebar order. Empty in the root manifest for a top-level category whose children live in a sidebar shard (`shard`). */
  items: SidebarItem[];
  /** Top-level categories: the sidebar shard (below `blobs/`) that holds `items`. */
  shard?: string;
  /** Class names the sidebars file gives the category's row. */
  className?: string;
}

/** One entry of a sidebar tree. */
export type SidebarItem =
  v.InferOutput<typeof SidebarDocSchema> | v.InferOutput<typeof SidebarLinkSchema> | v.InferOutput<typeof SidebarHtmlSchema> | SidebarCategory;

// A category holds items of every kind, itself included: the one shape whose type is written out (a recursive
// schema cannot infer its own type), which the compiler checks against the schema.
const SidebarCategorySchema: v.GenericSchema<SidebarCategory> = v.object({
  type: v.literal('category'),
  label: v.string(),
  collapsed: v.boolean(),
  collapsible: v.boolean(),
  path: v.nullable(v.string()),
  items: v.array(v.lazy(() => SidebarItemSchema)),
  shard: v.optional(v.string()),
  className: v.optional(v.string()),
});

/** One entry of a sidebar tree, by its `type`. */
export const SidebarItemSchema: v.GenericSchema<SidebarItem> = v.union([SidebarDocSchema, SidebarLinkSchema, SidebarHtmlSchema, SidebarCategorySchema]);

/** A card on a category index page. */
export const CategoryCardSchema = v.object({
  /** Card title. */
  title: v.string(),
  /** Route path the card opens. */
  path: v.string(),
  /** One line under the title: the doc's description or the item count. */
  description: v.string(),
});
export type CategoryCard = v.InferOutput<typeof CategoryCardSchema>;

/** A generated category index such as `/docs/category/fundamentals`. */
export const CategoryIndexSchema = v.object({
  /** Slug of the label, as in the route. */
  slug: v.string(),
  /** Route path below the base. */
  path: v.string(),
  /** Category label, used as the page title. */
  label: v.string(),
  /** Description shown above the cards. */
  description: v.string(),
  /** Labels of the enclosing categories (breadcrumbs). */
  category: v.array(v.string()),
  /** Cards: the category's direct children, the first `CATEGORY_CARDS` of them. */
  items: v.array(CategoryCardSchema),
  /** The other cards, in a file below `blobs/` (`<hash>.json`, a `CategoryCard[]`), or null when `items` has them all. */
  more: v.nullable(v.object({ count: v.number(), file: v.string() })),
  /** Previous page in reading order, or null. */
  previous: v.nullable(DocLinkSchema),
  /** Next page in reading order, or null. */
  next: v.nullable(DocLinkSchema),
  /** Index of the top-level sidebar item that holds the category, or null. */
  sidebarTop: v.nullable(v.number()),
  /** Id of the sidebar that lists the category (the one its page shows), or null. */
  sidebar: v.nullable(v.string()),
  /** On a site with several versions: the route of the same category index (by slug) in each other version that has it. */
  otherVersions: OtherVersionsSchema,
});
export type CategoryIndex = v.InferOutput<typeof CategoryIndexSchema>;

/** A tag on its version's tags page: its label, page and how many listed docs it names. */
const TagCountSchema = v.object({ ...TagLinkSchema.entries, count: v.number() });
export type TagCount = v.InferOutput<typeof TagCountSchema>;

/**
 * A page a docs version generates from its docs' front matter `tags`, by `kind`: the version's tags page
 * (`/docs/tags`), or one tag's page (`/docs/tags/<slug>`) with the listed docs that name it, by title.
 */
export const TagPageSchema = v.variant('kind', [
  v.object({
    kind: v.literal('tags'),
    /** Route path below the base. */
    path: v.string(),
    /** Every tag of the version that a listed doc names, by label. */
    tags: v.array(TagCountSchema),
  }),
  v.object({
    kind: v.literal('tag'),
    /** Route path below the base. */
    path: v.string(),
    /** The tag's label. */
    label: v.string(),
    /** Route path of the version's tags page ("View all tags"). */
    allTagsPath: v.string(),
    /** The listed docs that name the tag, by title: each one's title, description and route. */
    docs: v.array(v.object({ title: v.string(), description: v.string(), path: v.string() })),
  }),
]);
export type TagPage = v.InferOutput<typeof TagPageSchema>;

/** A docs version: `current` (`content/docs`, labelled `Next`), or one of `versions.json`. */
export const DocVersionSchema = v.object({
  /** Version name: `current`. */
  name: v.string(),
  /** Label shown: `Next`. */
  label: v.string(),
  /** Route path of the version root: `/docs`. */
  path: v.string(),
  /** Doc opened at the version root: `intro`. */
  mainDocId: v.string(),
  /** Ids of draft docs (always empty in a production build). */
  draftIds: v.array(v.string()),
  /**
   * Sidebars by id: `tutorialSidebar`. In the root manifest they hold their top level, whose categories name their
   * shard, and only in the default locale: a copy in another locale has none there, its locale's blob holds them
   * (`LocaleStrings.sidebars`), so a locale adds one line per version to the root.
   */
  sidebars: dict(v.array(SidebarItemSchema)),
  /**
   * On a site with several versions (`versions.json`): the banner above its pages (`unreleased`, `unmaintained`),
   * whether its pages show a badge, whether search engines are kept away, and whether it is the last version,
   * the one at the docs route that version-neutral links open. A site with one version leaves them out.
   */
  banner: v.optional(v.picklist(['none', 'unreleased', 'unmaintained'])),
  badge: v.optional(v.boolean()),
  noIndex: v.optional(v.boolean()),
  isLast: v.optional(v.boolean()),
  /** A locale other than the default one (`SiteConfig.locales`), whose copy of the version this is; unset in the default locale. */
  locale: v.optional(v.string()),
});
export type DocVersion = v.InferOutput<typeof DocVersionSchema>;

/** What a route path shows, by its `kind`. */
export const RouteTargetSchema = v.variant('kind', [
  v.object({ kind: v.literal('home') }),
  v.object({ kind: v.literal('search') }),
  v.object({ kind: v.literal('docsRoot'), docId: v.string() }),
  v.object({ kind: v.literal('doc'), id: v.string() }),
  v.object({ kind: v.literal('page'), id: v.string() }),
  v.object({ kind: v.literal('category'), slug: v.string() }),
  // A version's tags page and its tags' pages, whose entries are the shard's `tags` by route path.
  v.object({ kind: v.literal('tags') }),
  v.object({ kind: v.literal('tag') }),
]);
export type RouteTarget = v.InferOutput<typeof RouteTargetSchema>;

/** Files of the search feature the shell reads. */
const SearchFilesSchema = v.object({
  /**
   * The local index's entry file, below the base: `search/entry.<hash>.json`, or `search/entry-<key>.json` from a dev
   * server (named by its inputs, made when asked for). It names the index's other files (`manifest/localSearch.ts`).
   */
  entry: v.string(),
  /** Number of DocSearch records the build wrote (outside `dist/`, for `npm run search:upload`). */
  count: v.number(),
  /** On a site with several versions: each version's own index (its docs and the pages), by version name; `entry` is the last version's. */
  entries: v.optional(dict(v.string())),
});

/**
 * On a site with several versions, what offline mode stores when it saves one version (`ManifestRoot.totals`
 * of that version): its pages and the pages outside the docs, every shard, and that version's local index.
 */
export const VersionTotalsSchema = v.object({ pages: v.number(), bytes: v.number(), articles: v.number() });
export type VersionTotals = v.InferOutput<typeof VersionTotalsSchema>;

/**
 * The resolved site configuration. What authors write is checked by its own schema (`siteConfigSchema.ts`) and
 * resolved by `resolveSiteConfig`, which alone makes this shape; the manifest checks what every page reads first.
 */
const SiteSchema = v.custom<SiteConfig>(
  (input) =>
    typeof input === 'object' &&
    input !== null &&
    typeof (input as Record<string, unknown>).title === 'string' &&
    typeof (input as Record<string, unknown>).baseUrl === 'string',
  'the site configuration lacks title or baseUrl',
);

/**
 * The root manifest, `dist/_app/manifest.json`: what every page needs, whatever the page count. Page data lives in
 * shards (`ManifestShard`), immutable files below `blobs/` named by their hash; `shardOf()` finds the one of a route.
 */
export const ManifestRootSchema = v.object({
  /** Contract version; the shell refuses a manifest with another one (`parseManifest` checks it first). */
  manifestVersion: v.number(),
  /** Hash of the content, changes whenever anything a reader sees changes. */
  contentHash: v.string(),
  /** Build time, ISO 8601. */
  generatedAt: v.string(),
  /** Resolved site configuration. */
  site: SiteSchema,
  /** Docs versions, current first, then the releases newest first; `isLast` marks the one at the docs route (the only one when there is one). Sidebars hold their top level only. */
  versions: v.pipe(v.array(DocVersionSchema), v.minLength(1, 'no docs version')),
  /** Search files. */
  search: SearchFilesSchema,
  /** Page shards below `blobs/` (`<hash>.json`), in route order. */
  shards: v.pipe(v.array(v.string()), v.minLength(1, 'no page shard')),
  /** The first route path of each shard (sorted): a route's shard is the last one starting at or before it (`shardOf`). */
  shardStarts: v.array(v.string()),
  /**
   * For offline mode's estimate before it fetches anything: how many pages it saves (every route), and the bytes of
   * what it stores besides their HTML (the shards, long categories' further cards, the local search index, and every
   * page's markdown and article unless `articlesIn` is `routes`), and the bytes of every route's article, the part of
   * its HTML that differs most between pages. The shell adds each page's HTML as that article plus the rest of its
   * own page's HTML.
   */
  totals: v.object({ pages: v.number(), bytes: v.number(), articles: v.number(), versions: v.optional(dict(VersionTotalsSchema)) }),
  /**
   * Where a page's article is deployed. `blobs`: as `blobs/<article>`, beside its markdown (`blobs/<blob>`), which the
   * shell renders when the article cannot be had. `routes` (a large site, `LARGE_SITE_ROUTES`): only inside the
   * route's HTML (`routeHtmlFile`), in `<main>`'s `.markdown`, so each page is deployed once; `article` and `blob`
   * then name the page's content, not files.
   */
  articlesIn: v.picklist(['blobs', 'routes']),
  /**
   * The entry script of the shell deployed with this content, below the base (`assets/main-<hash>.js`), null when
   * built without one. A tab whose shell is another, and which no service worker updates, offers the reload.
   */
  shell: v.nullable(v.string()),
});
export type ManifestRoot = v.InferOutput<typeof ManifestRootSchema>;

/** A static file or image a page refers to. */
export const ManifestFileSchema = v.object({
  /** Path below the base: `/img/x.png`, or `/blobs/<hash>.png` for a co-located image. */
  href: v.string(),
  /** Intrinsic width in CSS pixels, read from the file at build time; null for a file that is no image. */
  width: v.nullable(v.number()),
  /** Intrinsic height in CSS pixels; null for a file that is no image. */
  height: v.nullable(v.number()),
});
export type ManifestFile = v.InferOutput<typeof ManifestFileSchema>;

/** A page shard: the routes of one bucket and everything they show. */
export const ManifestShardSchema = v.object({
  /** Docs by id. */
  docs: dict(ManifestDocSchema),
  /** Standalone pages by id. */
  pages: dict(ManifestPageSchema),
  /** Generated category indexes by slug. */
  categories: dict(CategoryIndexSchema),
  /** Tags pages and tag pages by route path. */
  tags: dict(TagPageSchema),
  /** Route table: path below the base (no trailing slash, `/` for home) to target. */
  routes: dict(RouteTargetSchema),
  /**
   * Files the pages link to or show (static files and co-located images), by the key `resolveContentImage()` looks
   * up: `/img/x.png` for a file served at that path, `docs/guide/diagram.png` (relative to `content/`) for an image
   * next to its markdown.
   */
  files: dict(ManifestFileSchema),
  /** Source path relative to `content/` to route path, for every page of the site (relative links). */
  sources: dict(v.string()),
});
export type ManifestShard = v.InferOutput<typeof ManifestShardSchema>;

/**
 * A locale other than the default one, in the blob the root names (`SiteLocale.strings`), which the shell reads
 * before any page of that locale renders.
 */
export const LocaleStringsSchema = v.object({
  /**
   * Translations of the shell's texts by Docusaurus's theme ids (`theme.docs.paginator.next`) and, for the navbar's
   * and footer's labels, `navbar.<key>` and `footer.<key>` with the keys of Docusaurus's `navbar.json` and
   * `footer.json` (`navbar.item.label.Documentation`).
   */
  strings: dict(v.string()),
  /** The sidebars of the locale's copy of each docs version, by version name, as the root holds the default locale's (`DocVersion.sidebars`). */
  sidebars: dict(dict(v.array(SidebarItemSchema))),
});
export type LocaleStrings = v.InferOutput<typeof LocaleStringsSchema>;

/** A sidebar shard: the children of one top-level category. */
export const SidebarShardSchema = v.object({ items: v.array(SidebarItemSchema) });
export type SidebarShard = v.InferOutput<typeof SidebarShardSchema>;

/** Any of the JSON files below `blobs/` that the root names and route HTML preloads: page shards, sidebar shards and locale strings. */
export type AnyShard = ManifestShard | SidebarShard | LocaleStrings;

/** What the build and the shell work with: the root plus the shards loaded so far (the build has every shard; the shell, those its pages needed). */
export type Manifest = ManifestRoot & ManifestShard;

/** One search record in Algolia DocSearch's shape. */
export const SearchRecordSchema = v.object({
  /** Unique record id. */
  objectID: v.string(),
  /** Absolute URL, with the base path and an optional `#anchor`. */
  url: v.string(),
  /** Which level the record stands for. */
  type: v.picklist(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']),
  /** Heading hierarchy: lvl0 is the category, lvl1 the page title. */
  hierarchy: v.object({
    lvl0: v.nullable(v.string()),
    lvl1: v.nullable(v.string()),
    lvl2: v.nullable(v.string()),
    lvl3: v.nullable(v.string()),
    lvl4: v.nullable(v.string()),
    lvl5: v.nullable(v.string()),
    lvl6: v.nullable(v.string()),
  }),
  /** Paragraph text for `content` records, else null. */
  content: v.nullable(v.string()),
  /** Language facet, `en`. */
  language: v.string(),
  /** Docs version facets, `current`. */
  docusaurus_tag: v.string(),
  /** Ranking weight: page level first, then position on the page. */
  weight: v.object({ pageRank: v.number(), level: v.number(), position: v.number() }),
});
export type SearchRecord = v.InferOutput<typeof SearchRecordSchema>;
