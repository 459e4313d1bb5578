/**
 * Docs tags, as Docusaurus has them: front matter `tags` (labels, or `{ label, permalink }`) link each doc to its
 * tag's page, `<version root>/tags/<slug>`, which lists the version's listed docs with that tag; `<version root>/tags`
 * lists the version's tags with their counts. A version none of whose docs has a tag has neither page.
 */
import { docsPath, normalizeRoutePath } from '../manifest/paths';
import type { TagLink, TagPage } from '../manifest/types';

/** What the tags read of a docs version (`versions.ts`'s `DocsVersion`): its route base. */
interface TagsVersion {
  routeBase: string;
}

/** The folder of a version's tags pages, below its root. */
const TAGS_FOLDER = 'tags';

/**
 * A tag's slug as Docusaurus makes it (lodash's `kebabCase`): accents dropped, words split at spaces and punctuation,
 * between a lower-case and an upper-case letter and between letters and digits, lower-cased and joined by `-`:
 * `Getting Started` → `getting-started`, `React18` → `react-18`, `XMLHttp` → `xml-http`.
 */
export function tagSlug(label: string): string {
  const plain = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['\u2019]/g, '');
  const words = plain.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu) ?? [];
  return words.map((word) => word.toLowerCase()).join('-');
}

/** What a doc's front matter `tags` holds, once validated (`contentSchemas.ts`): labels, or labels with their own permalinks. */
type FrontMatterTag = string | { label: string; permalink: string };

/** The route of a version's tags page. */
const tagsPathOf = (version: TagsVersion): string => docsPath(version.routeBase, TAGS_FOLDER);

/** A doc's tags in the order written, each with its page's route in the doc's version; a tag written twice counts once. */
export function docTags(file: { data: { tags?: FrontMatterTag[] | undefined } }, version: TagsVersion): TagLink[] {
  const seen = new Set<string>();
  return (file.data.tags ?? []).flatMap((tag) => {
    const { label, permalink } = typeof tag === 'string' ? { label: tag, permalink: tagSlug(tag) } : tag;
    // A permalink is below the version's tags folder whether or not it starts with `/`, as in Docusaurus.
    const path = normalizeRoutePath(`${tagsPathOf(version)}/${permalink.replace(/^\/+/, '')}`);
    if (seen.has(path)) return [];
    seen.add(path);
    return [{ label, path }];
  });
}

/** What the tags pages read of a doc: its version, tags, title, description, route and whether it is listed. */
export interface TaggedDoc {
  version: TagsVersion;
  tags: TagLink[];
  title: string;
  description: string;
  path: string;
  unlisted: boolean;
}

/**
 * The routes of the tags pages: each version's tags page and each tag's page, by route, with the kind of page and the
 * first doc that makes it (where a clash with it is reported).
 */
export function tagRoutes<D extends Pick<TaggedDoc, 'version' | 'tags'>>(docs: readonly D[]): Map<string, { kind: TagPage['kind']; by: D }> {
  const routes = new Map<string, { kind: TagPage['kind']; by: D }>();
  for (const doc of docs) {
    const made = (path: string, kind: TagPage['kind']) => routes.set(path, { kind, by: routes.get(path)?.by ?? doc });
    if (doc.tags.length === 0) continue;
    made(tagsPathOf(doc.version), 'tags');
    for (const tag of doc.tags) made(tag.path, 'tag');
  }
  return routes;
}

/**
 * The tags pages by route. A tag's page lists its listed docs by title; the tags page lists, by label, the tags
 * that a listed doc names. A tag only unlisted docs name keeps its page (their footers link it) with no docs.
 * Two labels with one slug are one tag, labelled as the first doc names it.
 */
export function tagPages(docs: readonly TaggedDoc[]): Record<string, TagPage> {
  const pages: Record<string, TagPage> = {};
  const byTitle = new Intl.Collator('en').compare;
  for (const doc of docs) {
    if (doc.tags.length === 0) continue;
    const allTagsPath = tagsPathOf(doc.version);
    pages[allTagsPath] ??= { kind: 'tags', path: allTagsPath, tags: [] };
    for (const tag of doc.tags) {
      const page = (pages[tag.path] ??= { kind: 'tag', path: tag.path, label: tag.label, allTagsPath, docs: [] });
      if (page.kind === 'tag' && !doc.unlisted) page.docs.push({ title: doc.title, description: doc.description, path: doc.path });
    }
  }
  for (const page of Object.values(pages)) {
    if (page.kind !== 'tag') continue;
    page.docs.sort((a, b) => byTitle(a.title, b.title) || byTitle(a.path, b.path));
    const list = pages[page.allTagsPath];
    if (list?.kind === 'tags' && page.docs.length > 0) list.tags.push({ label: page.label, path: page.path, count: page.docs.length });
  }
  for (const page of Object.values(pages)) if (page.kind === 'tags') page.tags.sort((a, b) => byTitle(a.label, b.label) || byTitle(a.path, b.path));
  return pages;
}
