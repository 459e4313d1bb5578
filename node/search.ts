/** Search output: DocSearch-shaped records for Algolia, and the local index's files (`manifest/localSearch.ts`). */
import { createHash } from 'node:crypto';
import {
  directorySlots,
  FRAGMENT_CHARS,
  FRAGMENT_SECTION_CHARS,
  fieldScore,
  forEachTerm,
  type WordTerms,
  LOCAL_INDEX_FORMAT,
  packFields,
  pageSlots,
  SEARCH_HASH_CHARS,
  searchFile,
  slotSpace,
  TOP_POSTINGS,
  encodePostings,
  vlq,
  type FieldCounts,
  type LocalIndexChunk,
  type LocalIndexDirectory,
  type LocalIndexEntry,
  type LocalIndexFragment,
} from '../manifest/localSearch';
import { fnv1a } from '../manifest/shards';
import type { SearchRecord } from '../manifest/types';
import type { SiteConfig } from '../manifest/siteConfig';

/** A synonym of the site's configuration (`search.synonyms`). */
type SiteSynonym = SiteConfig['search']['synonyms'][number];
import type { Nodes } from 'mdast';
import { cutText } from '../manifest/cutText';

/** A block of searchable text under a heading path. */
export interface Section {
  /** Headings above the text: index 0 is h2, 1 is h3 … */
  path: { text: string; id: string; depth: number }[];
  /** Plain text, or null for the heading record itself. */
  text: string | null;
}

/** The text of one part of a page for the local index: its lead, or a heading's section. */
export interface SearchPart {
  /** Index of the part's heading in `Rendered.headings`, or -1 for the text before the first. */
  heading: number;
  /** Its prose (paragraphs, lists, tables, quotes), cut at `INDEXED_SECTION_CHARS`. */
  text: string;
  /** Its code blocks (diagrams left out), cut likewise. */
  code: string;
}

/** Parents whose children are blocks, rows or cells: their texts are joined with a space. */
const SPACED = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'footnoteDefinition']);

/**
 * Plain text of a markdown block for search. Unlike `mdast-util-to-string` it
 * puts a space between list items, paragraphs and table cells (which it would
 * glue into words such as `tenantdto`), and it leaves out code blocks and HTML.
 */
export function searchText(node: Nodes): string {
  switch (node.type) {
    case 'code':
    case 'html':
    case 'definition':
      return '';
    case 'break':
      return ' ';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    default:
      if ('value' in node) return node.value;
      if (!('children' in node)) return '';
      return (node.children as Nodes[]).map(searchText).join(SPACED.has(node.type) ? ' ' : '');
  }
}

/** A rendering's searchable text (`Rendered`'s fields): the arrays are read only to make a product that is not kept. */
interface SearchText {
  sections: Section[];
  /** The page's lead and each heading's section, for the local index. */
  searchParts: SearchPart[];
  /** What products made from the two are kept under, and how many sections there are. */
  search: { hash: string; sections: number };
}

/** A page as search sees it. */
export interface SearchPage {
  /** Route path below the base. */
  path: string;
  /** Absolute URL of the page, with the base. */
  url: string;
  title: string;
  /** Category label (`lvl0`). */
  lvl0: string;
  /** Description, keywords and sidebar label (when not the title), joined: the local index weighs them above the body. */
  meta: string;
  /** Its rendering's searchable text: sections for DocSearch's records, parts for the local index. */
  text: SearchText;
  /** The page's manifest headings. */
  headings: { depth: number; id: string; text: string }[];
  /** Order of the page in the sidebar, for Algolia's custom ranking. */
  pageRank: number;
  /** On a site with several versions: a doc's version, whose local index holds it (a page without one is in every version's). */
  version?: string;
  /** On a site with several versions: its records' `docusaurus_tag` (`docs-default-<version>` for a doc, `default` for a page), as Docusaurus tags them. */
  tag?: string;
  /** On a site with several locales: a doc's locale (`language` of its records), the default one's when unset. */
  language?: string;
  /** An unlisted doc (`ManifestDoc.unlisted`): kept in its place among the inputs, but in no index and no record. */
  unlisted?: true;
}

type Level = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** DocSearch records: one for the page, one per heading, one per text block. */
function searchRecords(pages: SearchPage[], language: string, version: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const page of pages) {
    const base = { language: page.language ?? language, docusaurus_tag: page.tag ?? `docs-default-${version}` };
    const hierarchy = (path: Section['path']): SearchRecord['hierarchy'] => {
      const h: SearchRecord['hierarchy'] = { lvl0: page.lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
      for (const p of path) h[`lvl${Math.min(p.depth, 6)}` as Level] = p.text;
      return h;
    };
    records.push({
      objectID: `${page.path}#`,
      url: page.url,
      type: 'lvl1',
      hierarchy: hierarchy([]),
      content: null,
      ...base,
      weight: { pageRank: page.pageRank, level: 100, position: 0 },
    });
    page.text.sections.forEach((section, i) => {
      const last = section.path[section.path.length - 1];
      const url = last ? `${page.url}#${last.id}` : page.url;
      const type: SearchRecord['type'] = section.text === null && last ? (`lvl${Math.min(last.depth, 6)}` as Level) : 'content';
      records.push({
        objectID: `${page.path}#${i}`,
        url,
        type,
        hierarchy: hierarchy(section.path),
        content: section.text,
        ...base,
        weight: { pageRank: page.pageRank, level: type === 'content' ? 0 : 100 - 10 * (last?.depth ?? 1), position: i + 1 },
      });
    });
  }
  return records;
}

/** One page's records as JSON array elements, and how many. */
export interface PageRecords {
  json: string;
  count: number;
}

/**
 * The records of `searchRecords` as the text of that JSON array, in parts
 * made when read, and how many there are. Each page's part is taken from
 * `kept` (the session's products) under its text's hash and the fields it
 * also depends on, so a rebuild serialises only the pages that changed. Parts are made only when read: the
 * dev server never writes the records.
 */
export function searchRecordsJson(
  pages: SearchPage[],
  language: string,
  version: string,
  kept: (key: string, make: () => PageRecords) => PageRecords,
): { json: () => Iterable<string>; count: number } {
  const part = (page: SearchPage): PageRecords =>
    kept(
      `${page.text.search.hash}\0${JSON.stringify([page.path, page.url, page.title, page.lvl0, page.pageRank, page.language ?? language, page.tag ?? version])}`,
      () => {
        const records = searchRecords([page], language, version);
        return { json: JSON.stringify(records).slice(1, -1), count: records.length };
      },
    );
  function* json(): Iterable<string> {
    yield '[';
    let first = true;
    for (const page of pages) {
      yield `${first ? '' : ','}${part(page).json}`;
      first = false;
    }
    yield ']';
  }
  // One record for the page, one per section (`searchRecords`).
  return { json, count: pages.reduce((sum, page) => sum + 1 + page.text.search.sections, 0) };
}

/** A page as the local index takes it. */
export interface LocalPageInput {
  /** Route path below the base. */
  path: string;
  title: string;
  /** Category (`lvl0`). */
  category: string;
  /** Description, keywords and sidebar label, joined. */
  meta: string;
  /** The page's headings below its title. */
  headings: { depth: number; id: string; text: string }[];
  /** Its lead and each heading's section (`Rendered.searchParts`). */
  parts: SearchPart[];
}

/** What one page gives the index: its terms with where they come up (`packFields`), and its fragment. Plain JSON, so a build can save it. */
export interface LocalPageProduct {
  path: string;
  /** Its terms, joined by spaces (a term has none): one string, which a saved product reads back fast. */
  terms: string;
  /** Each term's packed fields, in that order. */
  fields: number[];
  /** The fragment's JSON and hash. */
  fragment: { json: string; hash: string };
}

/** Code in running text: a call (`var(--primary)`), an assignment or markup (`a=b`, `<Foo />`), a flag (`--force`). */
const CODE_IN_PROSE = /\S*(?:\w\(|[{}<>=;])\S*|(?<!\S)--\S+/g;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, SEARCH_HASH_CHARS);

/** The page's terms and fragment. */
export function localPageProduct(page: LocalPageInput, words?: WordTerms): LocalPageProduct {
  const counts = new Map<string, FieldCounts>();
  const add = (field: keyof FieldCounts) => (term: string) => {
    let c = counts.get(term);
    if (!c) counts.set(term, (c = { title: 0, headings: 0, meta: 0, body: 0, code: 0 }));
    c[field]++;
  };
  forEachTerm(page.title, add('title'), words);
  forEachTerm(page.meta, add('meta'), words);
  for (const h of page.headings) {
    // A heading counts once however often it repeats a word.
    const seen = new Set<string>();
    forEachTerm(h.text, (term) => seen.add(term), words);
    seen.forEach(add('headings'));
  }
  for (const part of page.parts) {
    // Code written in the prose counts as code: `var(--primary)` says little of what the page is about for "vars".
    const prose = part.text.replace(CODE_IN_PROSE, (code) => {
      forEachTerm(code, add('code'), words);
      return ' ';
    });
    forEachTerm(prose, add('body'), words);
    forEachTerm(part.code, add('code'), words);
  }
  const fields: number[] = [];
  for (const c of counts.values()) fields.push(packFields(c));

  const sections: [number, string][] = [];
  let room = FRAGMENT_CHARS;
  for (const part of page.parts) {
    if (!part.text || room <= 0) continue;
    const text = cutAtWord(part.text, Math.min(FRAGMENT_SECTION_CHARS, room));
    room -= text.length;
    sections.push([part.heading, text]);
  }
  const fragment: LocalIndexFragment = {
    path: page.path,
    title: page.title,
    category: page.category,
    headings: page.headings.map((h) => [h.depth, h.id, h.text]),
    sections,
  };
  const json = JSON.stringify(fragment);
  return { path: page.path, terms: [...counts.keys()].join(' '), fields, fragment: { json, hash: hashOf(json) } };
}

/** The start of `text`, at most `chars` long, cut after a whole word when it is longer. */
function cutAtWord(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const space = text.lastIndexOf(' ', chars);
  return space > chars / 2 ? text.slice(0, space) : cutText(text, chars);
}

/** The shortest start of `next` that sorts after `previous` (`previous < next`). */
function separator(previous: string, next: string): string {
  for (let n = 1; n < next.length; n++) if (next.slice(0, n) > previous) return next.slice(0, n);
  return next;
}

/** Characters of postings from which a chunk may end, and after which it must. */
const CHUNK_MIN_CHARS = 3000;
const CHUNK_MAX_CHARS = 24_000;
/** A chunk past its minimum ends after a term whose hash is a multiple of this (so bounds depend on the terms, not on what came before). */
const CHUNK_CUT_ODDS = 8;

/** The files of the local index, by path below the base, and the entry's path. */
export interface LocalIndexOutput {
  entry: string;
  files: Map<string, string>;
}

/**
 * The local index of `pages`: term chunks, tails, page directories, fragments
 * and the entry (`manifest/localSearch.ts`). The same pages give the same
 * files, in whatever order they come.
 */
export function localIndexFiles(pages: readonly LocalPageProduct[], synonyms: readonly SiteSynonym[] = []): LocalIndexOutput {
  const files = new Map<string, string>();
  const put = (kind: 'c' | 't' | 'd' | 'f', json: string, hash = hashOf(json)) => {
    files.set(searchFile(kind, hash), json);
    return hash;
  };
  const slotOf = pageSlots(pages.map((p) => p.path));
  const bySlot = [...pages].sort((a, b) => slotOf.get(a.path)! - slotOf.get(b.path)!);

  // Postings of each term, in slot order (pages are visited in it).
  const postings = new Map<string, { slots: number[]; fields: number[] }>();
  for (const page of bySlot) {
    const slot = slotOf.get(page.path)!;
    const terms = page.terms ? page.terms.split(' ') : [];
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      const packed = page.fields[i]!;
      let p = postings.get(term);
      if (!p) postings.set(term, (p = { slots: [], fields: [] }));
      p.slots.push(slot);
      p.fields.push(packed);
    }
  }

  // Term chunks, cut where the terms say (`CHUNK_CUT_ODDS`) once long enough. The entry names each by the shortest
  // start of its first term that sorts after the previous chunk's last (all a lookup needs to find it).
  const chunks: [string, string][] = [];
  let lastTerm = '';
  let chunk: { first: string; terms: string[]; pages: string; postings: string[]; tails: [number, string][]; chars: number } | null = null;
  const close = () => {
    if (!chunk) return;
    const json = JSON.stringify({
      terms: chunk.terms.join(' '),
      pages: chunk.pages,
      postings: chunk.postings.join(' '),
      tails: chunk.tails,
    } satisfies LocalIndexChunk);
    chunks.push([chunks.length ? separator(lastTerm, chunk.first) : '', put('c', json)]);
    lastTerm = chunk.terms[chunk.terms.length - 1]!;
    chunk = null;
  };
  for (const term of [...postings.keys()].sort()) {
    const { slots, fields } = postings.get(term)!;
    chunk ??= { first: term, terms: [], pages: '', postings: [], tails: [], chars: 0 };
    let top = encodePostings(slots, fields);
    if (slots.length > TOP_POSTINGS) {
      // The best postings stay with the term; the rest go to its tail, read only when a query needs them all.
      const order = slots.map((_, i) => i).sort((a, b) => fieldScore(fields[b]!) - fieldScore(fields[a]!) || a - b);
      const best = new Uint8Array(slots.length);
      for (const i of order.slice(0, TOP_POSTINGS)) best[i] = 1;
      const pick = (keep: number) => {
        const s: number[] = [];
        const f: number[] = [];
        slots.forEach((slot, i) => {
          if (best[i] === keep) (s.push(slot), f.push(fields[i]!));
        });
        return encodePostings(s, f);
      };
      top = pick(1);
      chunk.tails.push([chunk.terms.length, put('t', JSON.stringify({ postings: pick(0) }))]);
    }
    chunk.terms.push(term);
    chunk.pages += vlq(slots.length);
    chunk.postings.push(top);
    chunk.chars += term.length + top.length + 2;
    if (chunk.chars >= CHUNK_MAX_CHARS || (chunk.chars >= CHUNK_MIN_CHARS && fnv1a(term) % CHUNK_CUT_ODDS === 0)) close();
  }
  close();
  if (!chunks.length) chunks.push(['', put('c', JSON.stringify({ terms: '', pages: '', postings: '', tails: [] } satisfies LocalIndexChunk))]);

  // Page directories: each page's fragment, by slot.
  const space = slotSpace(pages.length);
  const span = directorySlots(space);
  const directories: (string | null)[] = [];
  for (let d = 0; d * span < space; d++) directories.push(null);
  let at = 0;
  for (let d = 0; d < directories.length; d++) {
    let previous = d * span - 1;
    let slots = '';
    let fragments = '';
    for (; at < bySlot.length && slotOf.get(bySlot[at]!.path)! < (d + 1) * span; at++) {
      const page = bySlot[at]!;
      const slot = slotOf.get(page.path)!;
      slots += vlq(slot - previous - 1);
      previous = slot;
      fragments += put('f', page.fragment.json, page.fragment.hash);
    }
    if (fragments) directories[d] = put('d', JSON.stringify({ slots, fragments } satisfies LocalIndexDirectory));
  }

  // The entry counts every file, itself included.
  let bytes = 0;
  for (const json of files.values()) bytes += Buffer.byteLength(json);
  const entryOf = (total: number): LocalIndexEntry => ({
    format: LOCAL_INDEX_FORMAT,
    pages: pages.length,
    slots: space,
    directorySlots: span,
    chunks,
    directories,
    bytes: total,
    files: files.size + 1,
    ...(synonyms.length
      ? { synonyms: synonyms.map((s) => (s.type === 'oneWaySynonym' ? { input: s.input, synonyms: s.synonyms } : { synonyms: s.synonyms })) }
      : {}),
  });
  let json = JSON.stringify(entryOf(bytes));
  for (let i = 0; i < 3 && Buffer.byteLength(json) + bytes !== JSON.parse(json).bytes; i++) json = JSON.stringify(entryOf(bytes + Buffer.byteLength(json)));
  const entry = searchFile('entry', hashOf(json));
  files.set(entry, json);
  return { entry, files };
}
