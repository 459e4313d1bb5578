/**
 * The manifest step of a build: each page's blobs (its markdown and the
 * build's rendering of it, named by their hashes), the search files, the
 * files the pages use, and `manifest.json`, checked with `parseManifest()`
 * as the shell checks it.
 */
import { createHash } from 'node:crypto';
import { MANIFEST_VERSION } from '../../manifest/constants';
import type { LocalSection } from '../../manifest/localSearch';
import { parseManifest } from '../../manifest/parse';
import { withBase } from '../../manifest/paths';
import type { CategoryIndex, Manifest, ManifestDoc, ManifestPage } from '../../manifest/types';
import type { DocsModel, PageTexts, RoutePlan } from './docs';
import { esc } from './html';
import type { OutputData } from './output';
import type { Rendered, Section } from './render';
import { localIndexJson, localPages, searchRecordsJson, type PageRecords, type SearchPage } from './search';
import type { ContentSources, SourceFile } from './sources';
import { referencedFiles, usedFileOutput } from './staticFiles';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/** Local-index sections of each cached rendering (keyed by its sections), kept while the rendering is. */
const localSectionMemo = new WeakMap<Section[], LocalSection[]>();
/** Search records of each cached rendering, likewise. */
const recordsMemo = new WeakMap<Section[], PageRecords>();
/** Each cached rendering's article and its file name, with the title it was made with: a rebuild hashes only new articles. */
const articleMemo = new WeakMap<Rendered, { title: string; html: string; name: string }>();

/** Writes the blobs, search files and used files into `files`, and returns the manifest (also in `files`). */
export function assembleManifest(src: ContentSources, plan: RoutePlan, renders: Map<string, Rendered>, texts: PageTexts, model: DocsModel, files: Map<string, OutputData>): Manifest {
  const { docs, pages, site, routes, linkContext } = plan;
  const { routeBase, sources, fileTable } = src;
  const base = site.baseUrl;
  // Blobs and page entries.
  // The inside of `<div class="markdown">`: a title when the body has no h1, then the body; named by its hash.
  const articleOf = (file: SourceFile, r: Rendered) => {
    const title = texts.titleOf(file)!;
    const known = articleMemo.get(r);
    if (known?.title === title) return known;
    const html = (r.h1 === null ? `<header><h1>${esc(title)}</h1></header>` : '') + r.html;
    const made = { title, html, name: `${sha(html).slice(0, 16)}.html` };
    articleMemo.set(r, made);
    return made;
  };
  const pageEntry = (file: SourceFile, id: string, path: string): ManifestPage => {
    const r = renders.get(file.rel)!;
    const blob = `${sha(file.body).slice(0, 16)}.md`;
    files.set(`blobs/${blob}`, file.body);
    const { html, name: article } = articleOf(file, r);
    files.set(`blobs/${article}`, html);
    return {
      id,
      path,
      title: texts.titleOf(file)!,
      description: texts.descriptionOf(file),
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
      sidebarLabel: texts.label(d),
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
  const { json: records, count: recordCount } = searchRecordsJson(searchPages, site.locale.code, 'current', recordsMemo);
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
    search: { records: recordsFile, index: indexFile, count: recordCount },
    files: usedFiles.files,
  };
  const contentHash = sha(JSON.stringify(manifestBody)).slice(0, 16);
  const latest = Math.max(0, ...sources.map((s) => Date.parse(s.mtime)));
  const manifest = parseManifest({ ...manifestBody, contentHash, generatedAt: new Date(latest).toISOString() });
  files.set('manifest.json', JSON.stringify(manifest));
  return manifest;
}
