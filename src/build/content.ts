/**
 * The content build: `content/` in, every content file of `dist/` out (as an
 * in-memory file map; `output.ts` writes it atomically).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_VERSION, SITEMAP } from '../../manifest/constants';
import { UnknownIdError } from '../../manifest/errors';
import { tocHeadings } from '../../manifest/lookup';
import { ADMONITIONS } from '../../manifest/markdown';
import { joinPath, type LinkContext, resolveContentImage, resolveContentLink } from '../../manifest/links';
import { parseManifest } from '../../manifest/parse';
import { normalizeRoutePath, withBase } from '../../manifest/paths';
import { resolveSiteConfig, type SiteConfig } from '../../manifest/siteConfig';
import type { CategoryIndex, Manifest, ManifestDoc, ManifestPage, RouteTarget } from '../../manifest/types';
import { buildDocsModel, type DocEntry, docEntry } from './docs';
import { BuildError, displayPath, ProblemLog, type Problem } from './errors';
import { esc, NOT_FOUND_PATH, renderDocument, type RouteHead, type ShellAssets } from './html';
import type { ServerRenderer } from '../../manifest/serverRender';
import { loadServerRenderer } from './serverRenderer';
import type { OutputData } from './output';
import { type Rendered, type Renderer, type Section, loadRenderer } from './render';
import type { LocalSection } from '../../manifest/localSearch';
import { type ParallelOptions, type RenderJob, renderPages } from './renderPool';
import { localIndexJson, localPages, searchRecords, type SearchPage } from './search';
import { loadSiteConfig, SITE_CONFIG_FILE } from './siteConfig';
import { llmsFiles } from './llms';
import { collectFiles, imageProblem, referencedFiles, usedFileOutput } from './staticFiles';
import { checkPlainMarkdown, parseSource, readCategory, type SourceFile, textProblem, walk } from './sources';

/** Bump when rendering changes, so cached renders are not reused. */
const RENDER_VERSION = 3;

/** Renders kept between builds, keyed by file hash and route-table hash. */
export type RenderCache = Map<string, Rendered>;

export interface ContentBuildOptions {
  /** The `content/` folder. */
  contentDir: string;
  /** Shell assets to reference from the HTML, or null for HTML without the shell. */
  shell: ShellAssets | null;
  /** Render cache, shared across builds in one process (dev) or loaded from disk. */
  cache?: RenderCache;
  /** Receives warnings (broken anchors, unresolvable markdown links). */
  onWarning?: (problem: Problem) => void;
  /** Render big cold builds on several cores (`renderPool.ts`); without it every page renders in this thread. */
  parallel?: ParallelOptions;
  /** Loads the shell's server-render bundle, which renders every route's markup; without it, a bundle of `src/` (`serverRenderer.ts`). */
  renderer?: () => Promise<ServerRenderer>;
  /** The shell's `public/` folder: its files may be linked and shown as they are served (`/img/x.png`). */
  publicDir?: string;
}

export interface ContentBuildResult {
  /** Files to write below `dist/`, by relative path. */
  files: Map<string, OutputData>;
  manifest: Manifest;
  warnings: Problem[];
  /** How many pages were rendered rather than taken from the cache. */
  rendered: number;
}

/** Paths of `dist/` that only the build writes: the shell's and the content build's own folders and files. */
const GENERATED = /^(assets|blobs|search)\/|^(sw\.js|shell\.json|manifest\.json|404\.html)$/;

/** The admonition types, as a warning lists them. */
const ADMONITION_LIST = Object.keys(ADMONITIONS).map((n) => `\`:::${n}\``).join(', ');

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

let rendererPromise: Promise<Renderer> | undefined;

/** Local-index sections of each cached rendering (keyed by its sections), kept while the rendering is. */
const localSectionMemo = new WeakMap<Section[], LocalSection[]>();

/** One renderer per process: grammars load and the pipeline is set up once, not per build. */
function sharedRenderer() {
  rendererPromise ??= loadRenderer();
  return rendererPromise;
}

/** Runs the content build; throws `BuildError` on any error, after collecting all of them. */
export async function buildContent(options: ContentBuildOptions): Promise<ContentBuildResult> {
  const { contentDir } = options;
  const log = new ProblemLog();
  const input = loadSiteConfig(contentDir);
  const routeBase = input.docs?.routeBasePath ?? 'docs';

  const all = walk(contentDir, contentDir);
  const sources: SourceFile[] = [];
  for (const rel of all.filter((f) => /^(docs|pages)\/.+\.mdx?$/.test(f))) {
    const full = join(contentDir, rel);
    const display = displayPath(contentDir, rel);
    const bytes = readFileSync(full);
    const unreadable = textProblem(bytes);
    if (unreadable) {
      log.error(display, unreadable.line, unreadable.message);
      continue;
    }
    const file = parseSource(rel, bytes.toString('utf8'), statSync(full).mtime.toISOString(), log, display);
    if (!file || file.data.draft) continue;
    checkPlainMarkdown(file, log);
    sources.push(file);
  }
  const categories = all.filter((f) => /^docs\/(.+\/)?_category_\.json$/.test(f)).flatMap((f) => readCategory(contentDir, f, log) ?? []);
  const assets = all.filter((f) => !/\.mdx?$/.test(f) && !f.endsWith('_category_.json') && f !== 'site.config.json');
  log.throwIfAny((n) => `Cannot build: ${n} problem${n === 1 ? '' : 's'} in content:`);
  // Static files and co-located images, with their sizes (`staticFiles.ts`).
  const fileTable = collectFiles({ contentDir, contentAssets: assets, publicDir: options.publicDir });

  // Ids and routes, checked for duplicates.
  const docs: DocEntry[] = sources.filter((s) => s.rel.startsWith('docs/')).map((s) => docEntry(s, routeBase));
  const pages = sources.filter((s) => s.rel.startsWith('pages/')).map((file) => {
    const id = file.rel.replace(/^pages\//, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
    const dir = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
    // A slug without a leading `/` is relative to the page's folder, as a doc's is.
    const slug = file.data.slug;
    const path = normalizeRoutePath(slug === undefined ? `/${id}` : slug.startsWith('/') ? slug : `/${joinPath(dir, slug)}`);
    return { file, id: id || 'index', path };
  });
  const claimed = new Map<string, string>();
  const claim = (key: string, display: string, what: string) => {
    const other = claimed.get(key);
    if (other) log.error(display, 1, `${what} is also used by ${other}. Give one of them another \`id\` or \`slug\` in its front matter.`);
    else claimed.set(key, `\`${display}\``);
  };
  // The routes the site makes itself: a page there would silently replace them.
  const configDisplay = displayPath(contentDir, SITE_CONFIG_FILE);
  claimed.set('path:/', 'the home page (its texts are `home` in `' + configDisplay + '`)');
  claimed.set(`path:/${input.search?.searchPagePath ?? 'search'}`, 'the search page (`search.searchPagePath` in `' + configDisplay + '`)');
  for (const d of docs) {
    claim(`id:${d.id}`, d.file.display, `doc id \`${d.id}\``);
    claim(`path:${d.path}`, d.file.display, `route \`${d.path}\``);
  }
  for (const p of pages) claim(`path:${p.path}`, p.file.display, `route \`${p.path}\``);
  log.throwIfAny((n) => `Cannot build: ${n} duplicate id${n === 1 ? '' : 's'} or route${n === 1 ? '' : 's'}:`);

  const docsById = new Map(docs.map((d) => [d.id, d]));
  const docPath = (id: string) => {
    const d = docsById.get(id);
    if (!d) throw new UnknownIdError('doc id', id, [...docsById.keys()].sort());
    return d.path;
  };
  let site: SiteConfig;
  try {
    site = resolveSiteConfig(input, docPath);
  } catch (error) {
    throw new BuildError(`Cannot build: an item in \`${configDisplay}\` cannot be rendered.\n  ${(error as Error).message.replace(/\n/g, '\n  ')}`, [], { cause: error });
  }
  const base = site.baseUrl;

  // Route table. Category routes are known once the sidebar exists, but their paths only depend on labels.
  const routes: Record<string, RouteTarget> = { '/': { kind: 'home' }, [`/${site.search.searchPagePath}`]: { kind: 'search' } };
  if (!docsById.has(site.docs.mainDocId)) {
    throw new BuildError(`Cannot build: \`docs.mainDocId\` in \`${configDisplay}\` is \`${site.docs.mainDocId}\`, which is no doc.`, [], { cause: new UnknownIdError('doc id', site.docs.mainDocId, [...docsById.keys()].sort()) });
  }
  routes[`/${routeBase}`] = { kind: 'docsRoot', docId: site.docs.mainDocId };
  for (const d of docs) routes[d.path] = { kind: 'doc', id: d.id };
  for (const p of pages) routes[p.path] = { kind: 'page', id: p.id };
  const preModel = buildDocsModel({ docs, categories, routeBase, label: (d) => d.id, description: () => '', log: new ProblemLog() });
  for (const c of preModel.categoryIndexes) routes[c.path] = { kind: 'category', slug: c.slug };

  // Render every page (or take it from the cache).
  const routeBySource: Record<string, string> = {};
  for (const d of docs) routeBySource[d.file.rel] = d.path;
  for (const p of pages) routeBySource[p.file.rel] = p.path;
  const linkContext: LinkContext = { baseUrl: base, routes, routeBySource, assets: new Set(assets), files: fileTable.files };
  // Assets belong in the key: a link to one renders with the base path only once the file exists (images with their names and sizes).
  const routesKey = sha(JSON.stringify([RENDER_VERSION, base, Object.keys(routes).sort(), routeBySource, assets, fileTable.files]));
  const render = await sharedRenderer();
  const cache = options.cache ?? new Map();
  const keyOf = (file: SourceFile) => `${file.hash}:${routesKey}`;
  const pending = [...docs, ...pages].filter(({ file }) => !cache.has(keyOf(file)));
  const jobs: RenderJob[] = pending.map(({ file, path }) => ({ rel: file.rel, display: file.display, path, body: file.body }));
  const fresh = await renderPages(jobs, linkContext, render, options.parallel);
  pending.forEach(({ file }, i) => cache.set(keyOf(file), fresh[i]!));
  const renderedCount = pending.length;
  const renders = new Map<string, Rendered>();
  for (const { file } of [...docs, ...pages]) renders.set(file.rel, cache.get(keyOf(file))!);

  // Titles, then the docs model with real labels.
  const titleOf = (file: SourceFile) => file.data.title ?? renders.get(file.rel)?.h1 ?? null;
  for (const { file } of [...docs, ...pages]) {
    if (!titleOf(file)) log.error(file.display, 1, 'has no title. Add a `# Heading` or a `title` field to its front matter.');
  }
  const descriptionOf = (file: SourceFile) => (file.data.description ?? renders.get(file.rel)?.firstParagraph ?? '').slice(0, 300);
  const label = (d: DocEntry) => d.file.data.sidebar_label ?? titleOf(d.file) ?? d.id;
  const model = buildDocsModel({ docs, categories, routeBase, label, description: (d) => descriptionOf(d.file), log });
  log.throwIfAny((n) => `Cannot build: ${n} problem${n === 1 ? '' : 's'} in content:`);

  // Links: broken page links fail the build; missing anchors and markdown files warn (spec §4).
  const headingIds = new Map<string, Set<string>>();
  for (const { file, path } of [...docs, ...pages]) headingIds.set(path, new Set(renders.get(file.rel)!.headings.map((h) => h.id)));
  for (const { file, path } of [...docs, ...pages]) {
    for (const link of renders.get(file.rel)!.links) {
      const line = file.bodyLine + link.line - 1;
      if (link.image) {
        // Images: a file next to the markdown or a static file, with a size (issue 16).
        const problem = imageProblem(link.url, resolveContentImage(link.url, file.rel, path, linkContext), fileTable, contentDir);
        if (problem) log.error(file.display, line, problem);
        continue;
      }
      const target = resolveContentLink(link.url, file.rel, path, linkContext);
      if (target.kind === 'missingPage') {
        log.error(file.display, line, `link to "${link.url}" matches no page. Link to an existing route such as \`/${routeBase}/${site.docs.mainDocId}\`, or to a file with a relative \`.md\` path.`);
      } else if (target.kind === 'missingFile') {
        log.warn(file.display, line, `link to "${link.url}" names a markdown file that does not exist (\`${displayPath(contentDir, target.file)}\`).`);
      } else if (target.kind === 'route' && target.hash) {
        const ids = headingIds.get(target.path);
        if (ids && !ids.has(target.hash)) log.warn(file.display, line, `link to "${link.url}" names anchor \`#${target.hash}\`, which is no heading of \`${target.path}\`.`);
      }
    }
  }
  log.throwIfAny((n) => `${n} broken link${n === 1 ? '' : 's'} found:`);
  // Directives that are no admonition: shown as text, reported (issue 16).
  for (const { file } of [...docs, ...pages]) {
    for (const d of renders.get(file.rel)!.unknownDirectives) {
      log.warn(file.display, file.bodyLine + d.line - 1, `\`${d.kind === 'container' ? ':::' : '::'}${d.name}\` is no admonition; its text is shown as it is. Use one of ${ADMONITION_LIST}.`);
    }
  }
  for (const w of log.warnings) options.onWarning?.(w);

  // Blobs and page entries.
  const files = new Map<string, OutputData>();
  // The inside of `<div class="markdown">`: a title when the body has no h1, then the body.
  const articleHtml = (file: SourceFile, r: Rendered) => (r.h1 === null ? `<header><h1>${esc(titleOf(file)!)}</h1></header>` : '') + r.html;
  const pageEntry = (file: SourceFile, id: string, path: string): ManifestPage => {
    const r = renders.get(file.rel)!;
    const blob = `${sha(file.body).slice(0, 16)}.md`;
    files.set(`blobs/${blob}`, file.body);
    const html = articleHtml(file, r);
    const article = `${sha(html).slice(0, 16)}.html`;
    files.set(`blobs/${article}`, html);
    return {
      id,
      path,
      title: titleOf(file)!,
      description: descriptionOf(file),
      keywords: file.data.keywords ?? [],
      image: file.data.image ?? null,
      headings: r.headings.map(({ depth, id: hid, text }) => ({ depth, id: hid, text })),
      blob,
      blobSize: Buffer.byteLength(file.body),
      article,
      lastModified: file.mtime,
      source: file.rel,
      hasH1: r.h1 !== null,
      hideTableOfContents: file.data.hide_table_of_contents ?? false,
      tocMinLevel: file.data.toc_min_heading_level ?? 2,
      tocMaxLevel: file.data.toc_max_heading_level ?? 3,
      codeLanguages: r.codeLanguages,
      hasMermaid: r.hasMermaid,
    };
  };
  const manifestDocs: Record<string, ManifestDoc> = {};
  for (const d of docs) {
    const nav = model.pagination.get(d.id) ?? { previous: null, next: null };
    manifestDocs[d.id] = {
      ...pageEntry(d.file, d.id, d.path),
      sidebarLabel: label(d),
      sidebar: site.docs.sidebarId,
      category: model.breadcrumbs.get(d.id) ?? [],
      previous: nav.previous,
      next: nav.next,
      editUrl: site.editUrl ? site.editUrl.replace(/\/?$/, '/') + d.file.rel : null,
    };
  }
  const manifestPages: Record<string, ManifestPage> = {};
  for (const p of pages) manifestPages[p.id] = pageEntry(p.file, p.id, p.path);
  const categoryIndexes: Record<string, CategoryIndex> = {};
  for (const c of model.categoryIndexes) categoryIndexes[c.slug] = c;

  // Search.
  const order = new Map(docs.map((d, i) => [d.id, i]));
  const searchPages: SearchPage[] = [
    ...docs.map((d) => ({ entry: manifestDocs[d.id]!, lvl0: (model.breadcrumbs.get(d.id) ?? [])[0] ?? 'Documentation', rank: order.get(d.id) ?? 0 })),
    ...pages.map((p) => ({ entry: manifestPages[p.id]!, lvl0: 'Pages', rank: 1000 })),
  ].map(({ entry, lvl0, rank }) => ({
    path: entry.path,
    url: site.url + withBase(entry.path, base),
    title: entry.title,
    lvl0,
    sections: renders.get(entry.source)!.sections,
    headings: entry.headings,
    pageRank: rank,
  }));
  const records = JSON.stringify(searchRecords(searchPages, site.locale.code, 'current'));
  const index = localIndexJson(localPages(searchPages, localSectionMemo));
  const recordsFile = `search/records.${sha(records).slice(0, 12)}.json`;
  const indexFile = `search/index.${sha(index).slice(0, 12)}.json`;
  files.set(recordsFile, records);
  files.set(indexFile, index);

  // Files the pages refer to; co-located images are written under their hashed names.
  const usedFiles = usedFileOutput(fileTable, referencedFiles([...docs, ...pages].map(({ file, path }) => ({ source: file.rel, path, links: renders.get(file.rel)!.links })), linkContext));
  for (const [path, bytes] of usedFiles.copies) files.set(path, bytes);

  const manifestBody: Omit<Manifest, 'generatedAt' | 'contentHash'> = {
    manifestVersion: MANIFEST_VERSION,
    site,
    versions: [
      {
        name: 'current',
        label: site.docs.versionLabel,
        path: `/${routeBase}`,
        mainDocId: site.docs.mainDocId,
        docs: docs.map((d) => ({ id: d.id, path: d.path, sidebar: site.docs.sidebarId })),
        draftIds: [],
        sidebars: { [site.docs.sidebarId]: model.sidebar },
      },
    ],
    docs: manifestDocs,
    pages: manifestPages,
    categories: categoryIndexes,
    routes,
    search: { records: recordsFile, index: indexFile, count: JSON.parse(records).length },
    files: usedFiles.files,
  };
  const contentHash = sha(JSON.stringify(manifestBody)).slice(0, 16);
  const latest = Math.max(0, ...sources.map((s) => Date.parse(s.mtime)));
  const manifest = parseManifest({ ...manifestBody, contentHash, generatedAt: new Date(latest).toISOString() });
  files.set('manifest.json', JSON.stringify(manifest));

  // Per-route HTML: the shell's own components, rendered by its server bundle (issue 14), in the document around them.
  const server = await (options.renderer ?? (() => loadServerRenderer({ dir: '', shell: null })))();
  const htmlFor = (route: RouteHead, entry?: ManifestPage) => async () =>
    renderDocument(site, options.shell, route, await server.renderRoute({ manifest, path: route.path, article: entry && { name: entry.article, html: files.get(`blobs/${entry.article}`) as string } }));
  const put = (path: string, html: () => Promise<string>) => files.set(path === '/' ? 'index.html' : `${path.slice(1)}.html`, html);
  for (const d of Object.values(manifestDocs)) put(d.path, htmlFor({ path: d.path, title: d.title, description: d.description, keywords: d.keywords, image: d.image, article: d.article }, d));
  const mainDoc = manifestDocs[site.docs.mainDocId]!;
  put(`/${routeBase}`, htmlFor({ path: `/${routeBase}`, title: mainDoc.title, description: mainDoc.description, keywords: mainDoc.keywords, image: null, article: mainDoc.article }, mainDoc));
  for (const p of Object.values(manifestPages)) put(p.path, htmlFor({ path: p.path, title: p.title, description: p.description, keywords: p.keywords, image: p.image, article: p.article }, p));
  for (const c of Object.values(categoryIndexes)) put(c.path, htmlFor({ path: c.path, title: c.label, description: c.description, keywords: [], image: null }));
  put('/', htmlFor({ path: '/', title: null, description: site.tagline, keywords: [], image: null }));
  put(`/${site.search.searchPagePath}`, htmlFor({ path: `/${site.search.searchPagePath}`, title: 'Search', description: `Search the ${site.title} documentation.`, keywords: [], image: null, noindex: true }));
  files.set('404.html', htmlFor({ path: NOT_FOUND_PATH, title: 'Page Not Found', description: 'This page does not exist.', keywords: [], image: null, noindex: true }));
  // Spec §2: `x/index.html` is `x` too; hosts serve it for `x/` (a link to the same file, unless a route has that name).
  for (const path of Object.keys(routes)) {
    const alias = `${path.slice(1)}/index.html`;
    if (path !== '/' && !files.has(alias)) files.set(alias, { linkTo: `${path.slice(1)}.html` });
  }

  // Sitemap, robots, web app manifest, assets.
  const sitemapPaths = Object.keys(routes).filter((p) => p !== `/${site.search.searchPagePath}` && !p.includes('/tags/'));
  files.set('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapPaths.map((p) => `<url><loc>${esc(site.url + withBase(p, base))}</loc><changefreq>${SITEMAP.changefreq}</changefreq><priority>${SITEMAP.priority}</priority></url>`).join('\n')}\n</urlset>\n`);
  files.set('robots.txt', `User-agent: *\nAllow: /\nDisallow: ${withBase(`/${site.search.searchPagePath}`, base)}\n\nSitemap: ${site.url}${withBase('/sitemap.xml', base)}\n`);
  files.set('manifest.webmanifest', JSON.stringify({
    name: `${site.title} Documentation`,
    short_name: site.title,
    description: site.tagline,
    start_url: base,
    scope: base,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: site.themeColor,
    icons: [
      { src: withBase('/img/icon-192.png', base), sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: withBase('/img/icon-512.png', base), sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  }, null, 2));
  // llms.txt, llms-full.txt and each doc's markdown at its route + `.md` (`llms.ts`).
  for (const [path, text] of llmsFiles(site, model.sidebar, docs.map((d) => ({ doc: manifestDocs[d.id]!, body: d.file.body })))) files.set(path, text);
  // Assets go where they are, but never over a file the build or the shell writes.
  const shellFiles = new Set(options.shell?.files ?? []);
  for (const a of assets) {
    if (files.has(a) || shellFiles.has(a) || GENERATED.test(a)) {
      log.error(displayPath(contentDir, a), 0, `would replace \`${a}\`, which the build writes itself. Rename or move the file.`);
    } else files.set(a, readFileSync(join(contentDir, a)));
  }
  log.throwIfAny((n) => `Cannot build: ${n} file${n === 1 ? '' : 's'} in content would replace generated files:`);

  return { files, manifest, warnings: log.warnings, rendered: renderedCount };
}
