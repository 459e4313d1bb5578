/**
 * The manifest step of a build: each page's blobs (its markdown and the
 * build's rendering of it, named by their hashes), the search files, the
 * files the pages use, the manifest shards and the root manifest (`ROOT_MANIFEST`)
 *, each checked with the parser the shell uses.
 */
import type { SiteConfig } from '../manifest/siteConfig';
import { createHash } from 'node:crypto';
import { CATEGORY_CARDS, MANIFEST_VERSION, ROOT_MANIFEST } from '../manifest/constants';
import { groupRoutes, shardCuts, sidebarTop } from '../manifest/shards';
import { parseCategoryCards, parseLocaleStrings, parseManifest, parseShard, parseSidebarShard } from '../manifest/parse';
import { joinPath } from '../manifest/links';
import { docsPath, withBase } from '../manifest/paths';
import type { WordTerms } from '../manifest/localSearch';
import type {
  AnyShard,
  CategoryCard,
  CategoryIndex,
  LocaleStrings,
  DocVersion,
  VersionTotals,
  Manifest,
  ManifestDoc,
  ManifestPage,
  ManifestRoot,
  ManifestShard,
  RouteTarget,
  SidebarItem,
  TagPage,
  SidebarShard,
} from '../manifest/types';
import { isDoc, type DocEntry, type DocsModel, type PageEntry, type PageTexts, type RoutePlan } from './docs';

import type { OutputData } from './output';
import { CacheMismatchError } from './problems';
import type { Rendered } from './render';
import { renderingKey } from './renderPool';
import { publishedMarkdown } from './published';
import { localIndexFiles, localPageProduct, searchRecordsJson, type LocalPageProduct, type SearchPage } from './search';
import type { ContentSources, SourceFile } from './sources';
import { referencedFiles, usedFileOutput } from './staticFiles';
import { remembered } from './memo';
import { versionOfSource } from './versions';
import { savedWithVersion, versionKey } from '../manifest/lookup';
import { changedEntries, slot, type BuildSession, type EntryKeys } from './session';
import { escapeHtml } from '../manifest/escapeHtml';
import { DOC_CARD_LIST_MARK, docCardListHtml } from '../manifest/mdx';
import { unreachable } from '../manifest/unreachable';
import type { RecordsInput } from './recordsPool';
import { tagPages } from './tags';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/** A hash of each search input, for the name of an index made when read (`localIndexOf`). */
const SEARCH_PAGE_KEY = slot<WeakMap<SearchPage, string>>('manifest:searchPageKey');
/** Each source's published markdown (`publishedMarkdown`), its blob name and size, kept while the source is (a rebuild reuses the sources it did not read again). */
const BODY = slot<WeakMap<SourceFile, { blob: string; size: number; text: string }>>('manifest:body');
/**
 * The key each page entry and category index of the session was made under (a hash of it): what a page shard is
 * made from, with its routes and their targets.
 */
const ENTRY_KEY = slot<WeakMap<ManifestPage | CategoryIndex, string>>('manifest:entryKey');
/** The JSON of each route target, a part of its shard's key. */
const TARGET_JSON = slot<WeakMap<RouteTarget, string>>('manifest:targetJson');
/** The routes of each plan's table, sorted (a rebuild that keeps the plan's routes keeps them). */
const SORTED_ROUTES = slot<WeakMap<Record<string, RouteTarget>, string[]>>('manifest:sortedRoutes');
/** Where a page shard may start among those routes. */
const SHARD_CUTS = slot<WeakMap<string[], boolean[]>>('manifest:shardCuts');
/** The manifest's copy of each link context's table of sources. */
const SOURCES = slot<WeakMap<Record<string, string>, Record<string, string>>>('manifest:sources');
/** Each long category's index and the file of its further cards (`CATEGORY_CARDS`), by the docs model's index. */
const MORE_CARDS = slot<WeakMap<CategoryIndex, { json: string; name: string; bytes: number; index: CategoryIndex }>>('manifest:moreCards');
/** Each top-level category's sidebar shard (its JSON, name and bytes), by its items. */
const SIDEBAR_SHARD = slot<WeakMap<SidebarItem[], { json: string; name: string; bytes: number }>>('manifest:sidebarShard');
/** Each entry's JSON length, for shard bounds. */
const LENGTH = slot<WeakMap<object, number>>('manifest:length');

/** The page entries of the last build, with the keys they were made from and what they add to the build. */
interface PageState {
  keys: EntryKeys;
  docs: Record<string, ManifestDoc>;
  pages: Record<string, ManifestPage>;
  /** Each page's article by name, made when read (a rendering from the disk cache reads its HTML only then), and its size. */
  articles: Map<string, () => string>;
  articleSizes: Map<string, number>;
  /** How many pages show each article (pages with the same HTML share one). */
  articleUses: Map<string, number>;
  /** Each page's article bytes by source, and their sum. */
  articleBytesOf: Map<string, number>;
  articleBytes: number;
  /** With `articlesIn: 'blobs'`, each page's markdown and article files (name, contents) by source, and their bytes in all. */
  blobs: Map<string, { body: [string, string]; article: [string, string]; bytes: number }>;
  blobBytes: number;
  /** Each page's place among the docs and pages, by source. */
  indexOf: Map<string, number>;
  /** Each page's search input, in that order. */
  search: SearchPage[];
  /** The files each page uses, by route, and what the site copies of them. */
  filesByPath: Map<string, Set<string>>;
  usedFiles: ReturnType<typeof usedFileOutput>;
  /** Taken over by a later build of the session, which changes these tables in place. */
  handedOn: boolean;
}

export const LAST_PAGES = slot<PageState>('manifest:lastPages');

/** What the manifest step made. */
export interface AssembledManifest {
  /** Everything, as the shell sees it once every shard is loaded. */
  manifest: Manifest;
  /** The root manifest, `ROOT_MANIFEST`. */
  root: ManifestRoot;
  /** Page and sidebar shards by name (below `blobs/`). */
  shards: Record<string, AnyShard>;
  /** DocSearch records (the text of a JSON array, in parts), written outside `dist/` for `npm run search:upload`; made when read. */
  records: () => Iterable<string>;
  /** What `records` are made of, for a thread that makes them apart (`recordsPool.ts`). */
  recordsInput: RecordsInput;
  /** The local search index, when it is made only when read (`localIndexOf`): its entry's path, and what makes its files. */
  deferredSearch: DeferredSearch | null;
  /** Each page's article by name, made when read, for its route's HTML (written below `blobs/` too unless `articlesIn` is `routes`). */
  articles: ReadonlyMap<string, () => string>;
  /**
   * Whether `manifest`'s page tables and `articles` are still this build's: a later build of the session that
   * changes a few pages takes them over and changes them in place.
   */
  intact: () => boolean;
}

/** A local index made when read: its entry's path, and every file of it, the entry under that path too. */
export interface DeferredSearch {
  entry: string;
  /** The other entries that `make` writes (a versioned site's other versions'): asking for one makes them all. */
  others?: string[];
  make: () => Map<string, string>;
}

/**
 * The local search index of the build's pages. A build that is written puts
 * its files into `files` now. The dev server's (`deferred`) is named by what
 * it is made from (`entry-<key>.json`: each page's path, title, category,
 * description and parts, hashed once per rendering) and made when a tab asks
 * for it, so a rebuild does not encode the index of every page.
 */
function localIndexOf(
  files: Map<string, OutputData>,
  pages: SearchPage[],
  deferred: boolean,
  session: BuildSession,
  words: WordTerms,
  synonyms: SiteConfig['search']['synonyms'],
): { entry: string; bytes: number; deferred: DeferredSearch | null } {
  const pageKeyMemo = session.memo(SEARCH_PAGE_KEY);
  const productOf = (page: SearchPage): LocalPageProduct =>
    session.product(
      'localPage',
      `${page.text.search.hash}\0${JSON.stringify([page.path, page.title, page.lvl0, page.meta, page.headings])}`,
      () =>
        localPageProduct(
          { path: page.path, title: page.title, category: page.lvl0, meta: page.meta, headings: page.headings, parts: page.text.searchParts },
          words,
        ),
      { bytes: (made) => made.fragment.json.length + made.terms.length + 8 * made.fields.length, save: true },
    );
  if (!deferred) {
    const out = localIndexFiles(pages.map(productOf), synonyms);
    for (const [path, json] of out.files) files.set(path, json);
    return { entry: out.entry, bytes: JSON.parse(out.files.get(out.entry)!).bytes as number, deferred: null };
  }
  const hash = createHash('sha256');
  hash.update(JSON.stringify(synonyms));
  // Each page's key is kept with its search input, which is kept while the page and its place are the same.
  for (const page of pages)
    hash.update(remembered(pageKeyMemo, page, () => sha(JSON.stringify([page.path, page.title, page.lvl0, page.meta, page.headings, page.text.search.hash]))));
  // Not `entry.<hash>.json`: the service worker checks such a file against its name.
  const entry = `search/entry-${hash.digest('hex').slice(0, 12)}.json`;
  const make = () => {
    const out = localIndexFiles(pages.map(productOf), synonyms);
    out.files.set(entry, out.files.get(out.entry)!);
    return out.files;
  };
  return { entry, bytes: 0, deferred: { entry, make } };
}

/**
 * About the length of `JSON.stringify(value)` (escapes not counted), without
 * making the string: shard bounds weigh every route of every build (megabytes
 * of throwaway JSON on a large site), and a bound needs no exact byte.
 */
export function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  if (value === null || typeof value !== 'object') return 4;
  // Brackets, and a comma after each part but the last.
  let n = 1;
  if (Array.isArray(value)) {
    for (const item of value) n += jsonLength(item) + 1;
    return Math.max(n, 2);
  }
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) n += key.length + 4 + jsonLength(v);
  }
  return Math.max(n, 2);
}

/** What the manifest step's products are made from. */
interface ManifestInputs {
  src: ContentSources;
  plan: RoutePlan;
  renders: Map<string, Rendered>;
  /** What the pages were rendered with besides their sources (`renderContent`'s version): another renders every page anew. */
  renderedWith: string;
  texts: PageTexts;
  model: DocsModel;
  /** The build's output files, which each product function adds its files to. */
  files: Map<string, OutputData>;
  session: BuildSession;
  articlesIn: ManifestRoot['articlesIn'];
  /** Whether the site has more than one version (or locale): each doc then names its copies in the others, each search input its version. */
  versioned: boolean;
}

/**
 * Writes the blobs, search files, used files and manifest files into `files`, and returns the manifest: one
 * function per product (page entries, search inputs, used files, local indexes, shards, version totals, locale
 * strings), the root made here from what they made.
 */
export function assembleManifest(
  src: ContentSources,
  plan: RoutePlan,
  renders: Map<string, Rendered>,
  renderedWith: string,
  texts: PageTexts,
  model: DocsModel,
  files: Map<string, OutputData>,
  session: BuildSession,
  articlesIn: ManifestRoot['articlesIn'],
  shell: ManifestRoot['shell'],
  deferSearch = false,
): AssembledManifest {
  const versioned = plan.versions.length > 1;
  const inputs: ManifestInputs = { src, plan, renders, renderedWith, texts, model, files, session, articlesIn, versioned };
  const { site, routes, linkContext } = plan;
  const { state, delta } = pageEntriesOf(inputs);
  const { docs: manifestDocs, pages: manifestPages, articleSizes } = state;
  // What offline mode stores besides the pages' HTML (`ManifestRoot.totals`): the shards, long categories' further
  // cards, the local search index, and every page's markdown and article when they are files.
  let storedBytes = articlesIn === 'blobs' ? state.blobBytes : 0;
  const { categoryIndexes, bytes: cardBytes } = categoryIndexesOf(model, files, session);
  storedBytes += cardBytes;
  searchInputsOf(inputs, state, delta);
  usedFilesOf(inputs, state, delta);
  // The tags pages read every tagged doc's entry: made again each build, as the docs model is read by every entry.
  const tagPagesByPath = tagPages(
    plan.docs.flatMap((d) => {
      if (d.tags.length === 0) return [];
      const { title, description, unlisted } = manifestDocs[d.id]!;
      return [{ version: d.version, tags: d.tags, title, description, path: d.path, unlisted: unlisted === true }];
    }),
  );
  session.remember(LAST_PAGES, state);
  // Not saved for a next process: the records of a large site are about as large as its HTML.
  // Unlisted docs are found only by those who have their link.
  const searched = state.search.some((page) => page.unlisted) ? state.search.filter((page) => !page.unlisted) : state.search;
  const recordsInput: RecordsInput = { pages: searched, language: site.locale.code, version: 'current' };
  const { json: records, count: recordCount } = searchRecordsJson(recordsInput.pages, recordsInput.language, recordsInput.version, (key, make) =>
    session.product('records', key, make, { bytes: (made) => made.json.length }),
  );
  const { index, indexes, deferredSearch, bytes: indexBytes } = localIndexesOf(inputs, searched, deferSearch);
  storedBytes += indexBytes;

  // Sidebar shards, then page shards, both by name.
  const shards: Record<string, AnyShard> = {};
  const sidebars = new Map(
    plan.versions.map((version) => {
      const byId = Object.entries(model.sidebars.get(versionKey(version)) ?? {}).map(([id, items]) => {
        const { sidebar, bytes } = sidebarShardsOf(items, files, shards, session);
        storedBytes += bytes;
        return [id, sidebar] as const;
      });
      return [versionKey(version), Object.fromEntries(byId)];
    }),
  );
  const { filesByPath, usedFiles } = state;
  const shardInputs = {
    routes,
    manifestDocs,
    manifestPages,
    categoryIndexes,
    tagPages: tagPagesByPath,
    filesByPath,
    usedFiles,
    renders,
    linkContext,
    tables: plan.links.tables,
  };
  const { names: shardNames, starts: shardStarts, bytes: shardBytes } = pageShardsOf(shardInputs, files, shards, session);
  storedBytes += shardBytes;
  // Each route's article, in its HTML: offline mode's estimate of a page's HTML starts from it (`ManifestRoot.totals`).
  // Every doc's and page's, and the main doc's again at the docs' root.
  let routeArticleBytes = state.articleBytes;
  for (const version of plan.versions) {
    const docsRoot = routes[docsPath(version.routeBase)];
    routeArticleBytes += docsRoot?.kind === 'docsRoot' ? (articleSizes.get(manifestDocs[docsRoot.docId]?.article ?? '') ?? 0) : 0;
  }

  const versionsWith = (sidebarOf: (sidebars: Record<string, SidebarItem[]>) => Record<string, SidebarItem[]>): DocVersion[] =>
    plan.versions.map((version) => ({
      // A site with one version is labelled by `docs.versionLabel` and has the root it always had.
      name: version.name,
      label: versioned ? version.label : site.docs.versionLabel,
      path: docsPath(versioned ? version.routeBase : src.routeBase),
      mainDocId: site.docs.mainDocId,
      draftIds: [],
      sidebars: sidebarOf(sidebars.get(versionKey(version))!),
      ...(versioned ? { banner: version.banner, badge: version.badge, noIndex: version.noIndex, isLast: version.isLast } : {}),
      ...(version.locale ? { locale: version.locale } : {}),
    }));
  // The root holds the default locale's sidebars; each other locale's are in its blob (`LocaleStrings.sidebars`).
  const rootVersions = versionsWith(sidebarsTop).map((version) => (version.locale ? { ...version, sidebars: {} } : version));
  const locales = localeStringsOf(inputs, sidebars, shards);
  storedBytes += locales.bytes;
  const localeStrings = locales.names;
  const rootSite = localeStrings.size
    ? { ...site, locales: site.locales.map((locale) => (localeStrings.has(locale.code) ? { ...locale, strings: localeStrings.get(locale.code)! } : locale)) }
    : site;
  const rootBody: Omit<ManifestRoot, 'generatedAt' | 'contentHash'> = {
    manifestVersion: MANIFEST_VERSION,
    site: rootSite,
    versions: rootVersions,
    search: {
      entry: index.entry,
      count: recordCount,
      ...(indexes ? { entries: Object.fromEntries(indexes.map(({ version, index: { entry } }) => [versionKey(version), entry])) } : {}),
    },
    shards: shardNames,
    shardStarts,
    totals: {
      pages: Object.keys(routes).length,
      bytes: storedBytes,
      articles: routeArticleBytes,
      ...(indexes ? { versions: versionTotalsOf(inputs, state, indexes, rootVersions, storedBytes) } : {}),
    },
    articlesIn,
    shell,
  };
  // The shards' names are their hashes, so the root's hash covers every page.
  const contentHash = sha(JSON.stringify(rootBody)).slice(0, 16);
  const latest = Math.max(0, ...src.sources.map((s) => Date.parse(s.mtime)));
  const root = parseManifest({ ...rootBody, contentHash, generatedAt: new Date(latest).toISOString() });
  files.set(ROOT_MANIFEST, JSON.stringify(root));
  const manifest: Manifest = {
    ...root,
    versions: versionsWith((items) => items),
    docs: manifestDocs,
    pages: manifestPages,
    categories: categoryIndexes,
    tags: tagPagesByPath,
    routes,
    files: usedFiles.files,
    sources: remembered(session.memo(SOURCES), linkContext.routeBySource, () => ({ ...linkContext.routeBySource })),
  };
  return { manifest, root, shards, records, recordsInput, deferredSearch, articles: state.articles, intact: () => !state.handedOn };
}

/** The docs and pages that a build makes again by difference from the last build's page state, or null for all of them. */
type PageDelta = (DocEntry | PageEntry)[] | null;

/**
 * The page entries, their articles and, with `articlesIn: 'blobs'`, their markdown and article files (written into
 * `files`). With the last build's docs model, site, link tables and versions, only the pages whose keys differ get
 * new entries (`delta`); each entry is a product keyed by what it is made from.
 */
function pageEntriesOf({ plan, renders, renderedWith, texts, model, files, session, articlesIn, versioned }: ManifestInputs): {
  state: PageState;
  delta: PageDelta;
} {
  const { docs, pages, site } = plan;
  const bodyMemo = session.memo(BODY);
  const entryKeys = session.memo(ENTRY_KEY);
  const last = session.last(LAST_PAGES) ?? null;
  const keys: EntryKeys = { whole: JSON.stringify([model.key, articlesIn, site, plan.links.tables, plan.versions, renderedWith]), each: plan.keys };
  const delta = (last && changedEntries(last.keys, keys)?.map((rel) => plan.bySource.get(rel)!)) ?? null;
  // The last state is taken over and changed where it is (copying its tables of every page cost more than the rest
  // of a one-page rebuild): the session forgets it until this build remembers its own, so a build that fails on the
  // way leaves the next one to start afresh. The search inputs are copied, as the last build's deferred index reads
  // them; its route documents are made from the tables only while they are its own (`intact`).
  if (delta) {
    session.forget(LAST_PAGES);
    last!.handedOn = true;
  }
  const state: PageState = delta
    ? { ...last!, keys, search: [...last!.search], handedOn: false }
    : {
        keys,
        docs: {},
        pages: {},
        articles: new Map(),
        articleSizes: new Map(),
        articleUses: new Map(),
        articleBytesOf: new Map(),
        articleBytes: 0,
        blobs: new Map(),
        blobBytes: 0,
        indexOf: new Map(),
        search: [],
        filesByPath: new Map(),
        usedFiles: { files: {}, copies: new Map() },
        handedOn: false,
      };
  const { articles, articleSizes } = state;
  // The inside of `<div class="markdown">`: a title when the body has no h1, then the body; named by its hash. Its
  // name and size are kept under the rendering's HTML hash (and the title, which it shows when the body has no h1).
  const articleOf = (file: SourceFile, r: Rendered, at: string, cards: CategoryCard[] | undefined) => {
    // Front matter `hide_title` hides the title the body does not have, as Docusaurus does.
    const title = r.h1 === null && !file.data.hide_title ? texts.titleOf(file) : '';
    // `<DocCardList />` shows the cards of the category the doc is the page of (none on another page).
    const listed = r.html.includes(DOC_CARD_LIST_MARK) ? docCardListHtml(cards ?? [], at) : null;
    const body = () => (listed === null ? r.html : r.html.replaceAll(DOC_CARD_LIST_MARK, listed));
    const text = () => (title ? `<header><h1>${escapeHtml(title)}</h1></header>` : '') + body();
    let fresh = false;
    const made = session.product(
      'article',
      `${r.htmlHash}\0${title}${listed === null ? '' : `\0${listed}`}`,
      () => {
        fresh = true;
        const article = text();
        return { name: `${sha(article).slice(0, 16)}.html`, bytes: Buffer.byteLength(article) };
      },
      { save: true },
    );
    // A name kept from an earlier build is checked when the article is read: one naming another page's article would show that one.
    const html = fresh
      ? text
      : () => {
          const article = text();
          if (`${sha(article).slice(0, 16)}.html` !== made.name)
            throw new CacheMismatchError(`the kept article name of \`${file.display}\`, \`${made.name}\`, is not the hash of its article`);
          return article;
        };
    return { html, ...made };
  };
  const remember = session.keeps;
  // Writes the page's blobs (unless the route's HTML is the page's one file); its entry is a product keyed by its
  // source's plan key, its rendering and `inputs`, every other value `make` reads: an unchanged page keeps its entry
  // object, and its shard its JSON.
  const entryOf = <T extends ManifestPage>(
    file: SourceFile,
    r: Rendered,
    inputs: unknown[],
    make: (blobs: { blob: string; size: number; article: string }) => T,
    { path, cards }: { path: string; cards?: CategoryCard[] },
  ): T => {
    const body = remembered(bodyMemo, file, () => {
      const text = publishedMarkdown(file.body, r);
      return { blob: `${sha(text).slice(0, 16)}.md`, size: Buffer.byteLength(text), text };
    });
    const { html, name: article, bytes } = articleOf(file, r, path, cards);
    articles.set(article, html);
    articleSizes.set(article, bytes);
    state.articleBytes += bytes - (state.articleBytesOf.get(file.rel) ?? 0);
    state.articleBytesOf.set(file.rel, bytes);
    if (articlesIn === 'blobs') {
      state.blobBytes -= state.blobs.get(file.rel)?.bytes ?? 0;
      state.blobs.set(file.rel, { body: [body.blob, body.text], article: [article, html()], bytes: body.size + bytes });
      state.blobBytes += body.size + bytes;
    }
    let key = '';
    const entry = session.keptProduct(
      'manifestEntry',
      () => (key = JSON.stringify([plan.keys.get(file.rel), renderingKey(session, r), body.blob, article, ...inputs])),
      () => make({ blob: body.blob, size: body.size, article }),
      { bytes: jsonLength, owner: file.rel },
    );
    if (remember && !entryKeys.has(entry)) entryKeys.set(entry, sha(key).slice(0, 16));
    return entry;
  };
  const pageEntry = (
    file: SourceFile,
    r: Rendered,
    id: string,
    path: string,
    { blob, size, article }: { blob: string; size: number; article: string },
  ): ManifestPage => ({
    id,
    path,
    title: texts.titleOf(file),
    description: texts.descriptionOf(file),
    keywords: file.data.keywords ?? [],
    image: file.data.image ?? null,
    headings: r.headings.map(({ depth, id: hid, text }) => ({ depth, id: hid, text })),
    blob,
    blobSize: size,
    article,
    lastModified: file.mtime,
    source: file.rel,
    hasH1: r.h1 !== null || (file.data.hide_title ?? false),
    hideTableOfContents: file.data.hide_table_of_contents ?? false,
    tocMinLevel: file.data.toc_min_heading_level ?? 2,
    tocMaxLevel: file.data.toc_max_heading_level ?? 3,
    codeLanguages: r.codeLanguages,
    hasMermaid: r.hasMermaid,
  });
  const editBase = site.editUrl ? site.editUrl.replace(/\/?$/, '/') : null;
  // On a versioned site, each doc names the same doc (by id) in the other versions, for the version dropdown and banner.
  const pathsByVersion = new Map<string, Map<string, string>>();
  if (versioned) for (const d of docs) remembered(pathsByVersion, versionKey(d.version), () => new Map<string, string>()).set(d.localId, d.path);
  const otherVersionsOf = (d: DocEntry): Record<string, string> =>
    Object.fromEntries(
      plan.versions.flatMap((version) => {
        // The other locales' copies of a doc are at the same path below their root (`localizedPath`).
        const path = version === d.version || version.locale !== d.version.locale ? undefined : pathsByVersion.get(versionKey(version))?.get(d.localId);
        return path ? [[versionKey(version), path]] : [];
      }),
    );
  const docEntryOf = (d: DocEntry): ManifestDoc => {
    const r = renders.get(d.file.rel)!;
    const nav = model.pagination.get(d.id) ?? { previous: null, next: null };
    const category = model.breadcrumbs.get(d.id) ?? [];
    // Front matter `displayed_sidebar` names the sidebar the page shows (null: none), whichever lists it.
    const displayed = d.file.data.displayed_sidebar;
    const sidebar = displayed !== undefined ? displayed : (model.sidebarOf.get(d.id) ?? null);
    const top = displayed === undefined || displayed === model.sidebarOf.get(d.id) ? (model.topByPath.get(d.path) ?? null) : null;
    const title = texts.titleOf(d.file);
    const label = texts.label(d);
    const { previous: p, next: n } = nav;
    const otherVersions = versioned ? otherVersionsOf(d) : null;
    // Every value the entry shows besides its source, rendering and blobs: its key names them.
    const inputs = [
      d.id,
      d.path,
      title,
      texts.descriptionOf(d.file),
      label,
      sidebar,
      editBase,
      top,
      p?.id,
      p?.title,
      p?.path,
      n?.id,
      n?.title,
      n?.path,
      otherVersions && JSON.stringify(otherVersions),
      d.tags.length > 0 ? JSON.stringify(d.tags) : null,
      ...category,
    ];
    return entryOf(
      d.file,
      r,
      inputs,
      (blobs) => ({
        ...pageEntry(d.file, r, d.id, d.path, blobs),
        sidebarLabel: label,
        sidebar,
        category,
        previous: nav.previous,
        next: nav.next,
        // An untranslated copy is edited where its text is: the default locale's file.
        editUrl:
          d.file.data.custom_edit_url !== undefined
            ? d.file.data.custom_edit_url
            : editBase === null
              ? null
              : editBase + (d.file.untranslated?.source ?? d.file.rel),
        sidebarTop: top,
        ...(otherVersions ? { otherVersions } : {}),
        ...(d.file.untranslated ? { untranslated: true } : {}),
        ...(d.file.data.unlisted === true ? { unlisted: true as const } : {}),
        ...(d.tags.length > 0 ? { tags: d.tags } : {}),
      }),
      { path: d.path, cards: model.cards.get(d.id) },
    );
  };
  const pageEntryOf = (p: PageEntry): ManifestPage => {
    const r = renders.get(p.file.rel)!;
    return entryOf(
      p.file,
      r,
      [p.id, p.path, texts.titleOf(p.file), texts.descriptionOf(p.file)],
      (blobs) => ({
        ...pageEntry(p.file, r, p.id, p.path, blobs),
        ...(p.file.untranslated ? { untranslated: true } : {}),
      }),
      { path: p.path },
    );
  };
  const manifestDocs = state.docs;
  const manifestPages = state.pages;
  const { articleUses } = state;
  const use = (article: string, n: 1 | -1) => {
    const uses = (articleUses.get(article) ?? 0) + n;
    if (uses > 0) articleUses.set(article, uses);
    else {
      // No page shows it any more: its HTML goes.
      articleUses.delete(article);
      articles.delete(article);
      articleSizes.delete(article);
    }
  };
  if (delta) {
    for (const entry of delta) {
      const entries: Record<string, ManifestPage> = isDoc(entry) ? manifestDocs : manifestPages;
      const before = entries[entry.id]?.article;
      const made = isDoc(entry) ? docEntryOf(entry) : pageEntryOf(entry);
      entries[entry.id] = made;
      if (before !== made.article) {
        use(made.article, 1);
        if (before !== undefined) use(before, -1);
      }
    }
  } else {
    for (const d of docs) use((manifestDocs[d.id] = docEntryOf(d)).article, 1);
    for (const p of pages) use((manifestPages[p.id] = pageEntryOf(p)).article, 1);
  }
  if (articlesIn === 'blobs')
    for (const { body, article } of state.blobs.values()) {
      files.set(`blobs/${body[0]}`, body[1]);
      files.set(`blobs/${article[0]}`, article[1]);
    }
  return { state, delta };
}

/**
 * Each page's search input (`state.search`, in the order of the docs and pages), a product keyed by its entry's key
 * (which names its rendering, so its sections too) and the values besides it.
 */
function searchInputsOf({ plan, renders, model, session, versioned }: ManifestInputs, state: PageState, delta: PageDelta): void {
  const { site } = plan;
  const base = site.baseUrl;
  const entryKeys = session.memo(ENTRY_KEY);
  const searchPageOf = (entry: ManifestPage, lvl0: string, rank: number): SearchPage =>
    session.keptProduct(
      'searchPage',
      () => JSON.stringify([entryKeys.get(entry), lvl0, rank, site.url, base]),
      () => {
        const r = renders.get(entry.source)!;
        const meta = [entry.description ?? '', ...entry.keywords, 'sidebarLabel' in entry && entry.sidebarLabel !== entry.title ? entry.sidebarLabel : '']
          .filter(Boolean)
          .join(' · ');
        return {
          path: entry.path,
          url: site.url + withBase(entry.path, base),
          title: entry.title,
          lvl0,
          meta,
          text: r,
          headings: entry.headings,
          pageRank: rank,
        };
      },
      { bytes: (page) => page.text.html.length, owner: entry.source },
    );
  const searchPageAt = (entry: DocEntry | PageEntry, index: number): SearchPage => {
    if (!isDoc(entry)) {
      const page = searchPageOf(state.pages[entry.id]!, 'Pages', 1000);
      return versioned ? { ...page, tag: 'default', ...(entry.locale ? { language: entry.locale } : {}) } : page;
    }
    const doc = state.docs[entry.id]!;
    const made = searchPageOf(doc, (model.breadcrumbs.get(entry.id) ?? [])[0] ?? 'Documentation', index);
    const page = doc.unlisted ? { ...made, unlisted: true as const } : made;
    if (!versioned) return page;
    const { locale } = entry.version;
    return { ...page, version: versionKey(entry.version), tag: `docs-default-${entry.version.name}`, ...(locale ? { language: locale } : {}) };
  };
  if (delta)
    for (const entry of delta) {
      const index = state.indexOf.get(entry.file.rel)!;
      state.search[index] = searchPageAt(entry, index);
    }
  else {
    const all = [...plan.docs, ...plan.pages];
    state.indexOf = new Map(all.map(({ file }, i) => [file.rel, i]));
    state.search = all.map(searchPageAt);
  }
}

/**
 * The files the pages refer to (`state.filesByPath`, each page's a product keyed by its rendering, route and the link
 * tables) and what the site serves of them (`state.usedFiles`): co-located images are written into `files` under
 * their hashed names.
 */
function usedFilesOf({ src, plan, renders, files, session }: ManifestInputs, state: PageState, delta: PageDelta): void {
  const { tables } = plan.links;
  const filesOf = ({ file, path }: DocEntry | PageEntry): Set<string> => {
    const r = renders.get(file.rel)!;
    return session.keptProduct(
      'usedFiles',
      () => `${renderingKey(session, r)}\0${path}\0${tables}`,
      () => referencedFiles([{ source: file.rel, path, links: r.links }], plan.links),
      { bytes: (keys) => 64 * keys.size, owner: file.rel },
    );
  };
  let filesChanged = !delta;
  if (delta)
    for (const entry of delta) {
      const keys = filesOf(entry);
      const before = state.filesByPath.get(entry.path);
      if (!before || before.size !== keys.size || [...keys].some((key) => !before.has(key))) filesChanged = true;
      state.filesByPath.set(entry.path, keys);
    }
  else state.filesByPath = new Map([...plan.docs, ...plan.pages].map((entry) => [entry.path, filesOf(entry)]));
  if (filesChanged) state.usedFiles = usedFileOutput(src.fileTable, new Set([...state.filesByPath.values()].flatMap((keys) => [...keys])));
  for (const [path, bytes] of state.usedFiles.copies) files.set(path, bytes);
}

/**
 * The local search indexes: one of every page, or on a versioned site one per version (its docs and the pages of
 * its locale), so a search finds the version on screen only. `index` is the one the root names first; `bytes` what
 * offline mode stores of them (nothing for one made when read, the dev server's).
 */
function localIndexesOf(
  { src, plan, files, session, versioned }: ManifestInputs,
  search: SearchPage[],
  deferSearch: boolean,
): {
  index: ReturnType<typeof localIndexOf>;
  indexes: { version: RoutePlan['versions'][number]; index: ReturnType<typeof localIndexOf> }[] | null;
  deferredSearch: DeferredSearch | null;
  bytes: number;
} {
  // The site's words, each stemmed once in this build, for every version's index.
  const words: WordTerms = new Map();
  const synonyms = src.input.search.synonyms ?? [];
  const indexes = versioned
    ? plan.versions.map((version) => ({
        version,
        index: localIndexOf(
          files,
          // A standalone page is in each version's index of its locale.
          search.filter((page) => (page.version === undefined ? page.language === version.locale : page.version === versionKey(version))),
          deferSearch,
          session,
          words,
          synonyms,
        ),
      }))
    : null;
  const index = indexes
    ? indexes.find(({ version }) => version.isLast && !version.locale)!.index
    : localIndexOf(files, search, deferSearch, session, words, synonyms);
  const bytes = indexes ? indexes.reduce((sum, { index: { bytes } }) => sum + bytes, 0) : index.bytes;
  const deferredSearch: DeferredSearch | null =
    indexes && index.deferred
      ? {
          entry: index.entry,
          others: indexes.map(({ index: { entry } }) => entry).filter((entry) => entry !== index.entry),
          make: () => new Map(indexes.flatMap(({ index: { deferred } }) => [...deferred!.make()])),
        }
      : index.deferred;
  return { index, indexes, deferredSearch, bytes };
}

/**
 * What offline mode stores when it saves one version, by version: the shared files (`storedBytes` but the indexes
 * and the pages' files), that version's pages and the others outside the docs, its index.
 */
function versionTotalsOf(
  { plan, articlesIn }: ManifestInputs,
  state: PageState,
  indexes: { version: RoutePlan['versions'][number]; index: { bytes: number } }[],
  rootVersions: DocVersion[],
  storedBytes: number,
): Record<string, VersionTotals> {
  const { routes } = plan;
  const indexBytes = indexes.reduce((sum, { index: { bytes } }) => sum + bytes, 0);
  const shared = storedBytes - indexBytes - (articlesIn === 'blobs' ? state.blobBytes : 0);
  return Object.fromEntries(
    indexes.map(({ version, index: { bytes } }) => {
      const mine = (rel: string) => (versionOfSource(plan.versions, rel) ?? version) === version;
      let blobBytes = 0;
      if (articlesIn === 'blobs') for (const [rel, blob] of state.blobs) if (mine(rel)) blobBytes += blob.bytes;
      let articles = 0;
      for (const [rel, size] of state.articleBytesOf) if (mine(rel)) articles += size;
      const docsRoot = routes[docsPath(version.routeBase)];
      articles += docsRoot?.kind === 'docsRoot' ? (state.articleSizes.get(state.docs[docsRoot.docId]?.article ?? '') ?? 0) : 0;
      const pages = Object.keys(routes).filter((path) => savedWithVersion({ versions: rootVersions }, path, versionKey(version))).length;
      return [versionKey(version), { pages, bytes: shared + blobBytes + bytes, articles }];
    }),
  );
}

/**
 * Each other locale's translations of the shell's texts and its versions' sidebars, in a file of their own (written
 * into `files`, added to `shards`) that the root names: the file's name by locale, and the files' bytes.
 */
function localeStringsOf(
  { src, plan, files }: ManifestInputs,
  sidebars: Map<string, Record<string, SidebarItem[]>>,
  shards: Record<string, AnyShard>,
): { names: Map<string, string>; bytes: number } {
  const { site } = plan;
  let bytes = 0;
  const names = new Map(
    site.locales.slice(1).map(({ code }) => {
      const sidebarsIn = plan.versions.filter((version) => version.locale === code);
      const body: LocaleStrings = {
        strings: src.localeStrings[code] ?? {},
        sidebars: Object.fromEntries(sidebarsIn.map((version) => [version.name, sidebarsTop(sidebars.get(versionKey(version))!)])),
      };
      const json = JSON.stringify(parseLocaleStrings(body, code));
      const name = `${sha(json).slice(0, 16)}.json`;
      files.set(`blobs/${name}`, json);
      shards[name] = body;
      bytes += Buffer.byteLength(json);
      return [code, name];
    }),
  );
  return { names, bytes };
}

/** What the page shards are made from. */
interface ShardInputs {
  routes: Record<string, RouteTarget>;
  manifestDocs: Record<string, ManifestDoc>;
  manifestPages: Record<string, ManifestPage>;
  categoryIndexes: Record<string, CategoryIndex>;
  /** The tags pages by route. */
  tagPages: Record<string, TagPage>;
  /** The files each page uses, by route, and what the site serves of them. */
  filesByPath: Map<string, Set<string>>;
  usedFiles: ReturnType<typeof usedFileOutput>;
  renders: Map<string, Rendered>;
  linkContext: RoutePlan['linkContext'];
  /** What the link tables hash to. */
  tables: string;
}

/**
 * The page shards: runs of consecutive routes (`groupRoutes`), each with its routes' entries, files and the
 * sources their `.md` links name, written into `files` under their hashes and added to `shards`. A shard whose
 * routes and entries are those of the last build's shard at the same first route keeps its JSON and name.
 */
function pageShardsOf(
  { routes, manifestDocs, manifestPages, categoryIndexes, tagPages, filesByPath, usedFiles, renders, linkContext, tables }: ShardInputs,
  files: Map<string, OutputData>,
  shards: Record<string, AnyShard>,
  session: BuildSession,
): { names: string[]; starts: string[]; bytes: number } {
  const lengthMemo = session.memo(LENGTH);
  const sortedRoutesMemo = session.memo(SORTED_ROUTES);
  const cutsMemo = session.memo(SHARD_CUTS);
  let bytes = 0;
  const entryAt = (path: string): ManifestPage | CategoryIndex | TagPage | undefined => {
    const target = routes[path]!;
    switch (target.kind) {
      case 'doc':
        return manifestDocs[target.id];
      case 'docsRoot':
        return manifestDocs[target.docId];
      case 'page':
        return manifestPages[target.id];
      case 'category':
        return categoryIndexes[target.slug];
      case 'tags':
      case 'tag':
        return tagPages[path];
      case 'home':
      case 'search':
        return undefined;
      default:
        return unreachable(target, 'route kind');
    }
  };
  const weightOf = (path: string): number => {
    const entry = entryAt(path);
    if (!entry) return path.length;
    let length = lengthMemo.get(entry);
    if (length === undefined) lengthMemo.set(entry, (length = jsonLength(entry)));
    return path.length + length;
  };
  const sorted = remembered(sortedRoutesMemo, routes, () => Object.keys(routes).sort());
  const groups = groupRoutes(
    sorted,
    weightOf,
    remembered(cutsMemo, sorted, () => shardCuts(sorted)),
  );
  const fill = (group: string[]): ManifestShard => {
    const shard: ManifestShard = { docs: {}, pages: {}, categories: {}, tags: {}, routes: {}, files: {}, sources: {} };
    for (const path of group) {
      const target = routes[path]!;
      shard.routes[path] = target;
      const id = target.kind === 'doc' ? target.id : target.kind === 'docsRoot' ? target.docId : null;
      if (id !== null) shard.docs[id] = manifestDocs[id]!;
      if (target.kind === 'page') shard.pages[target.id] = manifestPages[target.id]!;
      if (target.kind === 'category') shard.categories[target.slug] = categoryIndexes[target.slug]!;
      if (target.kind === 'tags' || target.kind === 'tag') shard.tags[path] = tagPages[path]!;
      const entry = id !== null ? manifestDocs[id] : target.kind === 'page' ? manifestPages[target.id] : undefined;
      if (!entry) continue;
      // What the shell needs to render this page's markdown itself: its files and the pages its `.md` links name.
      for (const key of filesByPath.get(entry.path)!) shard.files[key] = usedFiles.files[key]!;
      shard.sources[entry.source] = entry.path;
      for (const link of renders.get(entry.source)!.links) {
        const file = /\.mdx?(?:#.*)?$/i.test(link.url) ? sourceOfLink(link.url, entry.source, linkContext.routeBySource) : null;
        if (file) shard.sources[file] = linkContext.routeBySource[file]!;
      }
    }
    return shard;
  };
  // A shard is a product keyed by what it is made from: the link tables (its files and sources), and each route's
  // path, target and entry's key (`entryOf`; a category index's is a hash of its JSON).
  const entryKeys = session.memo(ENTRY_KEY);
  const targetJson = session.memo(TARGET_JSON);
  const shardKey = (group: string[]): string => {
    let text = tables;
    for (const path of group) {
      const target = routes[path]!;
      const entry = entryAt(path);
      const entryKey = entry === undefined ? '' : remembered(entryKeys, entry, () => sha(JSON.stringify(entry)).slice(0, 16));
      text += `\n${path}\0${remembered(targetJson, target, () => JSON.stringify(target))}\0${entryKey}`;
    }
    return sha(text);
  };
  const shardNames = groups.map((group, i) => {
    const made = session.keptProduct(
      'pageShard',
      () => shardKey(group),
      () => {
        const shard = fill(group);
        const json = JSON.stringify(parseShard(shard, `#${i}`));
        return { name: `${sha(json).slice(0, 16)}.json`, json, shard, bytes: Buffer.byteLength(json) };
      },
      { bytes: (made) => 3 * made.bytes, owner: group[0] },
    );
    files.set(`blobs/${made.name}`, made.json);
    bytes += made.bytes;
    shards[made.name] = made.shard;
    return made.name;
  });
  return { names: shardNames, starts: groups.map((group) => group[0] ?? '/'), bytes };
}

/**
 * The category indexes of the docs model: a long category's cards past the first `CATEGORY_CARDS` go to a file of
 * their own (written into `files`), kept while the docs model is. `bytes`: what those files add to an offline save.
 */
function categoryIndexesOf(
  model: DocsModel,
  files: Map<string, OutputData>,
  session: BuildSession,
): { categoryIndexes: Record<string, CategoryIndex>; bytes: number } {
  const moreCardsMemo = session.memo(MORE_CARDS);
  const categoryIndexes: Record<string, CategoryIndex> = {};
  let bytes = 0;
  for (const c of model.categoryIndexes) {
    if (c.items.length <= CATEGORY_CARDS) {
      categoryIndexes[c.slug] = c;
      continue;
    }
    const made = remembered(moreCardsMemo, c, () => {
      const json = JSON.stringify(parseCategoryCards(c.items.slice(CATEGORY_CARDS), 'new'));
      const name = `${sha(json).slice(0, 16)}.json`;
      return {
        json,
        name,
        bytes: Buffer.byteLength(json),
        index: { ...c, items: c.items.slice(0, CATEGORY_CARDS), more: { count: c.items.length - CATEGORY_CARDS, file: name } },
      };
    });
    files.set(`blobs/${made.name}`, made.json);
    bytes += made.bytes;
    categoryIndexes[c.slug] = made.index;
  }
  return { categoryIndexes, bytes };
}

/**
 * The sidebar with each top-level category's children in a shard of its own (written into `files`, added to
 * `shards`), kept while the docs model is (a rebuild that changes no label, position or neighbour).
 */
/** Each sidebar's top level (`sidebarTop`), by sidebar id. */
const sidebarsTop = (sidebars: Record<string, SidebarItem[]>): Record<string, SidebarItem[]> =>
  Object.fromEntries(Object.entries(sidebars).map(([id, items]) => [id, sidebarTop(items)]));

function sidebarShardsOf(
  items: SidebarItem[],
  files: Map<string, OutputData>,
  shards: Record<string, AnyShard>,
  session: BuildSession,
): { sidebar: SidebarItem[]; bytes: number } {
  const sidebarShardMemo = session.memo(SIDEBAR_SHARD);
  let bytes = 0;
  const sidebar = items.map((item): SidebarItem => {
    if (item.type !== 'category') return item;
    const made = remembered(sidebarShardMemo, item.items, () => {
      const json = JSON.stringify(parseSidebarShard({ items: item.items }, 'new'));
      return { json, name: `${sha(json).slice(0, 16)}.json`, bytes: Buffer.byteLength(json) };
    });
    files.set(`blobs/${made.name}`, made.json);
    bytes += made.bytes;
    shards[made.name] = { items: item.items };
    return { ...item, shard: made.name };
  });
  return { sidebar, bytes };
}

/** The source file (relative to `content/`) a `.md` link written in `source` names, when it is a page. */
function sourceOfLink(url: string, source: string, routeBySource: Record<string, string>): string | null {
  const path = decodeURI(url.split('#')[0]!);
  const file = path.startsWith('/') ? joinPath('', path) : joinPath(source.split('/').slice(0, -1).join('/'), path);
  if (Object.hasOwn(routeBySource, file)) return file;
  return Object.hasOwn(routeBySource, `docs/${file}`) ? `docs/${file}` : null;
}
