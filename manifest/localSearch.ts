/**
 * The local search index: the format of `dist/search/index.<hash>.json`, shared
 * by the content build (which writes it) and the shell (which loads it when
 * Algolia cannot answer, issue 4: `src/search/localEngine.ts`).
 *
 * One document per page section: the page's lead (the text before its first
 * heading) and one per heading. To stay small on the wire (≤ 60 KiB gzipped for
 * this site, spec issue 4) the file holds only what the shell cannot know:
 *
 * - the section text's terms, stop words and numbers left out, light-stemmed,
 *   as postings (document ids delta-coded in base64 VLQ, with term frequency);
 * - the first words of every section, for snippets.
 *
 * Titles and headings are already in the manifest (`ManifestPage.headings`), so
 * the shell tokenizes them itself with the same functions (`analyze`) when it
 * loads the index.
 */

/** Version of the file format; the shell refuses another one. */
export const LOCAL_INDEX_FORMAT = 'abp-local-search@1';

/** A page of the local index. */
interface LocalIndexPage {
  /** Route path below the base, such as `/docs/fundamentals/authentication`. */
  path: string;
  /** Page title (`lvl1`). */
  title: string;
  /** Category (`lvl0`). */
  lvl0: string;
  /**
   * Which of the page's manifest headings have a section document, as VLQ
   * deltas (`A` = the next heading). Documents of a page: its lead, then these.
   */
  sections: string;
}

/** The serialized local index. */
export interface LocalIndexFile {
  /** `LOCAL_INDEX_FORMAT`. */
  format: string;
  /** Pages in document order. */
  pages: LocalIndexPage[];
  /** First words of each document's text ('' when it has none), for snippets. */
  snippets: string[];
  /** Indexed terms of the section text, sorted, joined by spaces. */
  terms: string;
  /** Postings of each term of `terms`, in the same order, joined by spaces (see `encodePostings`). */
  postings: string;
}

/** A section as the build hands it to `encodeLocalIndex`. */
export interface LocalSection {
  /** Index of the heading in the page's manifest `headings`, or -1 for the page's lead. */
  heading: number;
  /** Plain text of the section. */
  text: string;
  /** `sectionTerms(text)`, when the build kept it from an earlier build. */
  terms?: string[];
  /** `snippetLead(text)`, likewise. */
  snippet?: string;
}

/** A page as the build hands it to `encodeLocalIndex`. */
export interface LocalPageInput {
  path: string;
  title: string;
  lvl0: string;
  /** Its lead first (heading -1), then sections in heading order. */
  sections: LocalSection[];
}

/** Characters of section text kept for snippets (about 10 words, spec §9). */
export const LOCAL_SNIPPET_CHARS = 72;
/** Characters of section text indexed; longer sections are rare and their start says what they are about. */
const LOCAL_INDEXED_CHARS = 1200;

/** Fields of a local document: the lead's page title, the page title on other sections, the heading, the text. */
export const LOCAL_FIELDS = ['title', 'context', 'heading', 'text'] as const;
/** One field of `LOCAL_FIELDS`. */
export type LocalField = (typeof LOCAL_FIELDS)[number];

/**
 * Field weights: a page whose title matches ranks above a section that
 * mentions the word in passing; a heading weighs more than body text; the page
 * title on a page's other sections (`context`) lets "authentication jwt" find
 * the JWT section of the authentication page without drowning other pages.
 */
export const LOCAL_BOOST: Record<LocalField, number> = { title: 6, context: 1.2, heading: 3, text: 1 };

/** Words too common to help: left out of the index and of queries. */
const STOP_WORDS = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing don doesn down during e each eg etc few for from further g had has have having he her here hers him his ' +
    'how i ie if in into is isn it its itself just me more most my no nor not now of off on once only or other our ours out over own ' +
    'same she should so some such t than that the their theirs them then there these they this those through to too under until up ' +
    'very via was we were what when where which while who whom why will with would you your yours').split(' '),
);

/** Splits text into words: on white space, punctuation and symbols (so `multi-tenancy` is two words). */
export const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;

/** Splits text into raw words. */
export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).filter(Boolean);
}

/** Light English stemming (plural `s`, `ies`), so "permissions" finds "permission". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The indexed form of a word, or null when it is not indexed: lower case and
 * stemmed; stop words, single letters, numbers, colours and long code-ish
 * tokens are left out.
 */
export function indexTerm(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 2 || w.length > 24 || STOP_WORDS.has(w)) return null;
  if (/^\d+$/.test(w) || /^[0-9a-f]{6}$/.test(w) && /\d/.test(w)) return null;
  if (/\d/.test(w) && w.length > 8) return null;
  return stem(w);
}

/** The indexed terms of a text. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    const term = indexTerm(word);
    if (term) out.push(term);
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_CODES = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_CODES[B64.charCodeAt(i)] = i;

/** Base64 VLQ of a non-negative integer (5 bits per character, as in source maps). */
export function vlq(n: number): string {
  let out = '';
  do {
    let digit = n & 31;
    n >>>= 5;
    if (n) digit |= 32;
    out += B64[digit];
  } while (n);
  return out;
}

/** Calls `visit` with each VLQ integer of `text`, in order. */
function readVlq(text: string, visit: (n: number) => void): void {
  let value = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? B64_CODES[code]! : -1;
    if (digit < 0) throw new Error(`[docs] local search index: bad character \`${text[i]}\` in \`${text.slice(0, 20)}\``);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      visit(value);
      value = 0;
      shift = 0;
    }
  }
}

/** Decodes a run of VLQ integers. */
export function unvlq(text: string): number[] {
  const out: number[] = [];
  readVlq(text, (n) => out.push(n));
  return out;
}

/** One term's postings being written, a document at a time in increasing order (`encodePostings`' text). */
interface PostingWriter {
  text: string;
  /** The last document written, and the one being counted (-1: none yet). */
  previous: number;
  doc: number;
  tf: number;
}

const postingWriter = (): PostingWriter => ({ text: '', previous: -1, doc: -1, tf: 0 });

/** Counts one occurrence of the term in `doc`, which is the document of the last call or a later one. */
function addPosting(w: PostingWriter, doc: number): void {
  if (w.doc === doc) {
    w.tf++;
    return;
  }
  flushPosting(w);
  w.doc = doc;
  w.tf = 1;
}

/** Writes the document being counted: `(docDelta * 2 + (tf > 1))` and, when `tf > 1`, `tf - 2`, each as VLQ. */
function flushPosting(w: PostingWriter): string {
  if (w.doc > w.previous) {
    w.text += vlq((w.doc - w.previous - 1) * 2 + (w.tf > 1 ? 1 : 0));
    if (w.tf > 1) w.text += vlq(w.tf - 2);
    w.previous = w.doc;
  }
  return w.text;
}

/** Postings of one term (term frequency by document) as the index file holds them. */
export function encodePostings(postings: Map<number, number>): string {
  const w = postingWriter();
  for (const id of [...postings.keys()].sort((a, b) => a - b)) {
    flushPosting(w);
    w.doc = id;
    w.tf = postings.get(id)!;
  }
  return flushPosting(w);
}

/** Calls `visit(doc, tf)` for each posting of `encodePostings`' output. */
function readPostings(text: string, visit: (doc: number, tf: number) => void): void {
  let previous = -1;
  let doc = -1;
  readVlq(text, (n) => {
    if (doc >= 0) {
      visit(doc, n + 2);
      doc = -1;
      return;
    }
    const id = previous + 1 + (n >>> 1);
    previous = id;
    if (n & 1) doc = id;
    else visit(id, 1);
  });
}

/** Inverse of `encodePostings`. */
export function decodePostings(text: string): Map<number, number> {
  const out = new Map<number, number>();
  readPostings(text, (doc, tf) => out.set(doc, tf));
  return out;
}

/** The start of a text, cut at a word boundary, for snippets. */
export function snippetLead(text: string, chars = LOCAL_SNIPPET_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= chars) return clean;
  const cut = clean.slice(0, chars + 1);
  const space = cut.lastIndexOf(' ');
  return (space > chars / 2 ? cut.slice(0, space) : cut.slice(0, chars)).replace(/[\s,;:([{-]+$/, '');
}

/** The indexed terms of a section: those of its first `LOCAL_INDEXED_CHARS` characters. */
export function sectionTerms(text: string): string[] {
  return analyze(text.slice(0, LOCAL_INDEXED_CHARS));
}

/** Builds the local index file from the build's pages. */
export function encodeLocalIndex(pages: LocalPageInput[]): LocalIndexFile {
  // Documents are numbered in order, so each term's postings are written as they come, with no sort.
  const postings = new Map<string, PostingWriter>();
  const snippets: string[] = [];
  const filePages: LocalIndexPage[] = [];
  let id = 0;
  for (const page of pages) {
    const [lead, ...rest] = page.sections;
    if (!lead || lead.heading !== -1) throw new Error(`[build] local search index: page \`${page.path}\` must start with its lead section (heading -1).`);
    let previous = -1;
    let sections = '';
    for (const s of rest) {
      if (s.heading <= previous) throw new Error(`[build] local search index: sections of \`${page.path}\` are not in heading order.`);
      sections += vlq(s.heading - previous - 1);
      previous = s.heading;
    }
    filePages.push({ path: page.path, title: page.title, lvl0: page.lvl0, sections });
    for (const section of page.sections) {
      for (const term of section.terms ?? sectionTerms(section.text)) {
        let w = postings.get(term);
        if (!w) postings.set(term, (w = postingWriter()));
        addPosting(w, id);
      }
      snippets.push(section.snippet ?? snippetLead(section.text));
      id++;
    }
  }
  const terms = [...postings.keys()].sort();
  return {
    format: LOCAL_INDEX_FORMAT,
    pages: filePages,
    snippets,
    terms: terms.join(' '),
    postings: terms.map((t) => flushPosting(postings.get(t)!)).join(' '),
  };
}

/** A heading as the manifest gives it. */
export interface LocalHeading {
  depth: number;
  id: string;
  text: string;
}

/** A document of the loaded index. */
interface LocalDocInfo {
  /** Index into `LocalIndexFile.pages`. */
  page: number;
  /** Index into the page's headings, or -1 for the lead. */
  heading: number;
  /** Heading level: 1 for the lead, else 2–6. */
  depth: number;
  /** Headings above and including this one, outermost first (`lvl2`…). */
  path: LocalHeading[];
}

/** One posting list: documents in increasing order with their term frequencies. */
export interface Posting {
  docs: Int32Array;
  tfs: Uint16Array;
}

/**
 * The loaded index, in typed arrays: term ids (the file's text terms first,
 * then terms found only in titles and headings), postings per field and term,
 * and each document's field lengths (its distinct terms).
 */
export interface DecodedLocalIndex {
  docs: LocalDocInfo[];
  /** Term of each term id. */
  terms: string[];
  /** `postings[field][termId]`: the field's posting list of the term, if any. */
  postings: (Posting | undefined)[][];
  /** `fieldLength[field][doc]`. */
  fieldLength: Uint16Array[];
  /** Average length of each field over the documents that have it. */
  averageFieldLength: number[];
}

/** Growable posting list while decoding. */
type Builder = { docs: number[]; tfs: number[] };

/**
 * Rebuilds the index: text postings from the file, title, context and heading
 * postings from the manifest's titles and headings (`headingsOf(path)`).
 */
export function decodeLocalIndex(file: LocalIndexFile, headingsOf: (path: string) => LocalHeading[] | undefined): DecodedLocalIndex {
  if (file.format !== LOCAL_INDEX_FORMAT) throw new Error(`[docs] local search index has format \`${file.format}\`; this shell reads \`${LOCAL_INDEX_FORMAT}\`.`);
  const F = LOCAL_FIELDS.length;
  const TEXT = LOCAL_FIELDS.indexOf('text');
  const terms = file.terms ? file.terms.split(' ') : [];
  const postingTexts = file.postings ? file.postings.split(' ') : [];
  if (terms.length !== postingTexts.length) throw new Error('[docs] local search index: terms and postings differ in length.');
  const termIds = new Map(terms.map((t, i) => [t, i]));
  const idOf = (term: string) => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = terms.length;
      terms.push(term);
      termIds.set(term, id);
    }
    return id;
  };

  // Documents, and the postings of titles, page titles on sections, and headings.
  const docs: LocalDocInfo[] = [];
  const built: Map<number, Builder>[] = LOCAL_FIELDS.map(() => new Map());
  const lengths: number[] = [];
  const add = (field: number, term: string, doc: number) => {
    const id = idOf(term);
    let b = built[field]!.get(id);
    if (!b) built[field]!.set(id, (b = { docs: [], tfs: [] }));
    const last = b.docs.length - 1;
    if (b.docs[last] === doc) {
      b.tfs[last]! += 1;
    } else {
      b.docs.push(doc);
      b.tfs.push(1);
      lengths[doc * F + field]! += 1;
    }
  };
  file.pages.forEach((page, p) => {
    const headings = headingsOf(page.path) ?? [];
    const ids = [-1];
    let previous = -1;
    for (const delta of unvlq(page.sections)) ids.push((previous += delta + 1));
    const titleTerms = analyze(page.title);
    for (const heading of ids) {
      const doc = docs.length;
      for (let f = 0; f < F; f++) lengths.push(0);
      const h = heading >= 0 ? headings[heading] : undefined;
      if (heading >= 0 && !h) throw new Error(`[docs] local search index: \`${page.path}\` has no heading ${heading} in the manifest.`);
      const path: LocalHeading[] = [];
      if (h) {
        // The chain of enclosing headings, for the hierarchy (lvl2 … lvl6).
        let depth = h.depth;
        path.unshift(h);
        for (let i = heading - 1; i >= 0 && depth > 2; i--) {
          const above = headings[i]!;
          if (above.depth < depth) {
            path.unshift(above);
            depth = above.depth;
          }
        }
      }
      docs.push({ page: p, heading, depth: h ? h.depth : 1, path });
      for (const term of titleTerms) add(LOCAL_FIELDS.indexOf(h ? 'context' : 'title'), term, doc);
      if (h) for (const term of analyze(h.text)) add(LOCAL_FIELDS.indexOf('heading'), term, doc);
    }
  });
  if (file.snippets.length !== docs.length) throw new Error('[docs] local search index: snippets and documents differ in number.');

  const postings: (Posting | undefined)[][] = LOCAL_FIELDS.map(() => new Array<Posting | undefined>(terms.length));
  const count = docs.length;
  const scratchDocs: number[] = [];
  const scratchTfs: number[] = [];
  postingTexts.forEach((text, id) => {
    scratchDocs.length = 0;
    scratchTfs.length = 0;
    readPostings(text, (doc, tf) => {
      if (doc >= count) throw new Error(`[docs] local search index: posting for document ${doc}, which does not exist.`);
      scratchDocs.push(doc);
      scratchTfs.push(Math.min(tf, 65535));
      lengths[doc * F + TEXT]! += 1;
    });
    postings[TEXT]![id] = { docs: Int32Array.from(scratchDocs), tfs: Uint16Array.from(scratchTfs) };
  });
  built.forEach((map, field) => {
    for (const [id, b] of map) postings[field]![id] = { docs: Int32Array.from(b.docs), tfs: Uint16Array.from(b.tfs) };
  });
  const fieldLength = LOCAL_FIELDS.map((_, f) => {
    const out = new Uint16Array(count);
    for (let d = 0; d < count; d++) out[d] = Math.min(lengths[d * F + f]!, 65535);
    return out;
  });
  // Averaged over the documents that have the field, as MiniSearch does (the title is on leads only).
  const averageFieldLength = fieldLength.map((l) => {
    let sum = 0;
    let n = 0;
    for (const v of l) if (v) (sum += v), n++;
    return n ? sum / n : 1;
  });
  for (let f = 0; f < F; f++) postings[f]!.length = terms.length;
  return { docs, terms, postings, fieldLength, averageFieldLength };
}

/** Typos allowed in a query term: 1 from 4 letters, 2 from 8 (Algolia's defaults). */
export function typoTolerance(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}

/** BM25+ parameters (MiniSearch's defaults). */
export const LOCAL_BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** Weights of inexact matches relative to an exact one (MiniSearch's defaults). */
export const LOCAL_MATCH_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 } as const;
