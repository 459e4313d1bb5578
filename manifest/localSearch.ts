/**
 * The local search index: the files the content build writes below
 * `dist/search/` and the shell's search worker reads (`src/search/localEngine.ts`)
 * when Algolia cannot answer. Shared by both sides: the word analysis, the
 * posting codec and the file shapes.
 *
 * The index is split so that a query loads only what its words need, whatever
 * the size of the site:
 *
 * - the **entry** (`search/entry.<hash>.json`, named in the root manifest):
 *   the first term of each term chunk and the chunk's name, and the names of
 *   the page directories;
 * - **term chunks** (`search/c.<hash>.json`): a run of the sorted vocabulary,
 *   each term with its page count and its postings (page slot, and how often
 *   the term comes up in the page's title, headings, description, body and
 *   code). A term on more pages than `TOP_POSTINGS` keeps its best postings
 *   there and the rest in a **tail** file (`search/t.<hash>.json`), read only
 *   when a query needs every page that holds the term;
 * - **page directories** (`search/d.<hash>.json`): for a run of page slots
 *   (`directorySlots`), the name of each page's fragment;
 * - **fragments** (`search/f.<hash>.json`): what a result shows of one page
 *   (title, category, headings, section texts), read only for results shown.
 *
 * Every name is the hash of the file's contents. A page's slot comes from its
 * route (`pageSlots`) and chunk bounds from the terms themselves
 * (`isChunkCut`), so a deploy that changes one page changes its fragment, its
 * directory, the chunks of the terms it gained, lost or uses a different
 * number of times, and the entry.
 */
import { stem as porter2 } from 'porter2';
import { fnv1a } from './shards';

/** Version of the file format; the shell refuses another one. */
export const LOCAL_INDEX_FORMAT = 'abp-local-search@3';

/** Postings a term chunk holds of one term, best first by `fieldScore`; the rest go to the term's tail file. */
export const TOP_POSTINGS = 512;
/** Fewest page slots a page directory spans (a small site has one or two directories). */
const MIN_DIRECTORY_SLOTS = 128;
/** Characters of a section's text a fragment keeps, for snippets and for choosing the section a result opens. */
export const FRAGMENT_SECTION_CHARS = 300;
/** Characters of text a fragment keeps in all (a very long page keeps its first sections whole). */
export const FRAGMENT_CHARS = 4000;
/** Characters of a section's text and code that are indexed: the start of a long section says what it is about. */
export const INDEXED_SECTION_CHARS = 4000;

/** The entry file: what a first search reads before any term. */
export interface LocalIndexEntry {
  /** `LOCAL_INDEX_FORMAT`. */
  format: string;
  /** Pages indexed (for term rarity). */
  pages: number;
  /** Page slots run from 0 to this (a power of two, at least four times `pages`). */
  slots: number;
  /** Page slots each directory spans (`directorySlots`). */
  directorySlots: number;
  /** Each term chunk, in term order: its first term and its file's hash (`search/c.<hash>.json`). */
  chunks: [string, string][];
  /** For each run of `directorySlots` slots, its directory's hash (`search/d.<hash>.json`), or null when it holds no page. */
  directories: (string | null)[];
  /** Every file of the index, entry included, in bytes (offline mode's estimate). */
  bytes: number;
  /** Number of files of the index, entry included. */
  files: number;
  /** The site's synonyms (`search.synonyms`), when it has some. */
  synonyms?: LocalSynonym[];
}

/** A synonym as the local index keeps it: `input` finds each of `synonyms` (one way), or without it each finds every other. */
export interface LocalSynonym {
  input?: string;
  synonyms: string[];
}

/** A term chunk. */
export interface LocalIndexChunk {
  /** The chunk's terms, sorted, joined by spaces. */
  terms: string;
  /** Pages holding each term, as VLQ integers in the order of `terms`. */
  pages: string;
  /** Each term's top postings (`encodePostings`), in the order of `terms`, joined by spaces. */
  postings: string;
  /** Tails of the terms on more than `TOP_POSTINGS` pages: the term's index in `terms` and the hash of its tail file (`search/t.<hash>.json`). */
  tails: [number, string][];
}

/** A term's postings past its top ones. */
export interface LocalIndexTail {
  /** `encodePostings`' text. */
  postings: string;
}

/** A page directory. */
export interface LocalIndexDirectory {
  /** Slots of the directory's pages, as VLQ gaps from the directory's first slot (a page's slot minus the previous one's, minus one). */
  slots: string;
  /** The hash of each page's fragment (`search/f.<hash>.json`), 12 hex digits each, in the order of `slots`. */
  fragments: string;
}

/** What a result shows of a page. */
export interface LocalIndexFragment {
  /** Route path below the base, such as `/docs/fundamentals/authentication`. */
  path: string;
  /** Page title (`lvl1`). */
  title: string;
  /** Category (`lvl0`). */
  category: string;
  /** The page's headings below its title, in order: depth (2–6), anchor id, text. */
  headings: [number, string, string][];
  /** The page's sections with text: the index of their heading in `headings` (-1 before the first), and their text, cut. */
  sections: [number, string][];
}

/** Hash length of every search file's name. */
export const SEARCH_HASH_CHARS = 12;

/** The path below the base of a search file: its kind's letter (`entry`, `c`, `t`, `d`, `f`) and its hash. */
export const searchFile = (kind: 'entry' | 'c' | 't' | 'd' | 'f', hash: string): string => `search/${kind}.${hash}.json`;

// ---------------------------------------------------------------- words

/** Words too common to help: left out of the index and of queries. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing don doesn down during e each eg etc few for from further g had has have having he her here hers him his ' +
    'how i ie if in into is isn it its itself just me more most my no nor not now of off on once only or other our ours out over own ' +
    'same she should so some such t than that the their theirs them then there these they this those through to too under until up ' +
    'very via was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

/** Splits text into words: on white space, punctuation and symbols (so `multi-tenancy` is two words). */
export const WORD_SEPARATOR = /[\n\r\t\p{Z}\p{P}\p{S}]+/u;

/** Splits text into raw words. */
export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).filter(Boolean);
}

/** The parts of a camelCase or PascalCase word (`useSession` → `use`, `Session`), or none when it has no inner capital. */
function camelParts(word: string): string[] {
  if (!/[a-z][A-Z]|[A-Z][A-Z][a-z]/.test(word)) return [];
  const parts = word.match(/[A-Z]{2,}(?=[A-Z][a-z]|\d|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g);
  return parts && parts.length > 1 ? parts : [];
}

/**
 * British endings and the American ones they stand for (-ise/-ize, -isation/-ization, -yse/-yze, -our/-or,
 * -ogue/-og, -tre/-ter and -tred/-tered, with their inflections). Both the index and the query fold a word this way before stemming,
 * so either spelling finds pages written in the other; a word the rules catch by chance ("noise") is folded on both
 * sides alike and still finds itself.
 */
const SPELLING_VARIANTS: [RegExp, string][] = [
  [/isation(s?)$/, 'ization$1'],
  [/is(e|es|ed|ing|er|ers)$/, 'iz$1'],
  [/ys(e|es|ed|ing|er|ers)$/, 'yz$1'],
  [/our(s|ed|ing|ite|ites|ful|able)?$/, 'or$1'],
  [/ogue(s?)$/, 'og$1'],
  [/tre(s?)$/, 'ter$1'],
  // Not -tring: "string" would fold.
  [/tred$/, 'tered'],
];

/** A lower-case word with its British ending folded to the American one (`SPELLING_VARIANTS`). */
export function foldSpelling(word: string): string {
  if (word.length < 5) return word;
  for (const [ending, american] of SPELLING_VARIANTS) if (ending.test(word)) return word.replace(ending, american);
  return word;
}

/** Whether a word (lower case) is one the index leaves out as saying nothing ("the", "out", "how"). */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/**
 * The indexed form of a lower-case word, or null when it is not indexed:
 * stop words, single letters, numbers (but HTTP status codes), colours and long code-ish tokens are
 * left out; the rest is folded to one spelling and stemmed.
 */
export function indexTerm(word: string): string | null {
  if (word.length < 2 || word.length > 24 || STOP_WORDS.has(word)) return null;
  // Numbers say little, but HTTP status codes are what a reader sees go wrong ("401 after login").
  if ((/^\d+$/.test(word) && !/^[1-5]\d\d$/.test(word)) || (/^[0-9a-f]{6}$/.test(word) && /\d/.test(word))) return null;
  if (/\d/.test(word) && word.length > 8) return null;
  // English stemming (Porter2, the Snowball English stemmer): "upgrading" and "upgrade" are one term.
  return porter2(foldSpelling(word));
}

/** Words joined by hyphens (`multi-tenancy`, `sign-in`). */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * Calls `visit` with each indexed term of a text, in order. A camelCase word
 * gives its whole self and its parts (`useSession`: `usesess`, `use`,
 * `session`), so a query finds code by either. Words joined by hyphens give
 * each word and, at the end, the words written as one (`multitenancy`), which
 * readers often type.
 */
export function forEachTerm(text: string, visit: (term: string) => void, words?: WordTerms): void {
  const termsOf = (word: string) => {
    let terms = words?.get(word);
    if (!terms) {
      terms = termsOfWord(word);
      words?.set(word, terms);
    }
    return terms;
  };
  for (const word of tokenize(text)) for (const term of termsOf(word)) visit(term);
  if (!text.includes('-')) return;
  for (const [compound] of text.matchAll(HYPHENATED)) {
    const joined = compound.replaceAll('-', '');
    if (joined.length <= 24) for (const term of termsOf(joined)) visit(term);
  }
}

/** Each word's terms (`forEachTerm`), for a caller that analyses many texts of one vocabulary: stemming each word once. */
export type WordTerms = Map<string, readonly string[]>;

/** The indexed terms of one word: itself, then its camelCase parts. */
function termsOfWord(word: string): string[] {
  const terms: string[] = [];
  const whole = indexTerm(word.toLowerCase());
  if (whole) terms.push(whole);
  for (const part of camelParts(word)) {
    const term = indexTerm(part.toLowerCase());
    if (term && term !== whole) terms.push(term);
  }
  return terms;
}

/** The indexed terms of a text. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (term) => out.push(term));
  return out;
}

// ---------------------------------------------------------------- fields and scores

/**
 * How a term comes up in a page, packed into one integer (small values first,
 * so the common body-only posting is one VLQ character): body count bucket
 * (bits 0–2), code count bucket (3–4), headings holding it (5–6), in the
 * description, keywords or sidebar label (7), in the title (8).
 */
export interface FieldCounts {
  title: number;
  headings: number;
  meta: number;
  body: number;
  code: number;
}

/** Body counts each bucket stands for (bucket of a count: `bucketOf`). */
const BODY_COUNTS = [0, 1, 2, 3, 4.5, 7, 11, 18];
const CODE_COUNTS = [0, 1, 3, 6];

const bucketOf = (count: number, representatives: number[]): number => {
  let bucket = 0;
  for (let i = 1; i < representatives.length; i++) if (count >= Math.ceil((representatives[i - 1]! + representatives[i]!) / 2)) bucket = i;
  return bucket;
};

/** Packs a term's counts in a page. */
export function packFields(counts: FieldCounts): number {
  return (
    bucketOf(counts.body, BODY_COUNTS) |
    (bucketOf(counts.code, CODE_COUNTS) << 3) |
    (Math.min(counts.headings, 3) << 5) |
    ((counts.meta > 0 ? 1 : 0) << 7) |
    ((counts.title > 0 ? 1 : 0) << 8)
  );
}

/**
 * Field weights: a word of the title says most about a page, then headings,
 * then the description and keywords, then the body; code counts, less.
 */
const FIELD_WEIGHTS = { title: 3, headings: 1.6, meta: 1.2, body: 1, code: 0.6 } as const;
/** Term-count saturation (BM25's k1): the tenth mention of a word adds little. */
const SATURATION = 1.2;

const saturate = (count: number) => (count * (SATURATION + 1)) / (count + SATURATION);
/** `fieldScore` of every packed value, computed once. */
const FIELD_SCORES = Float32Array.from({ length: 512 }, (_, packed) => {
  const w = FIELD_WEIGHTS;
  return (
    w.title * ((packed >> 8) & 1) +
    w.meta * ((packed >> 7) & 1) +
    w.headings * saturate((packed >> 5) & 3) +
    w.code * saturate(CODE_COUNTS[(packed >> 3) & 3]!) +
    w.body * saturate(BODY_COUNTS[packed & 7]!)
  );
});

/** How well a term describes a page, from where it comes up (`packFields`), before its rarity. */
export function fieldScore(packed: number): number {
  return FIELD_SCORES[packed & 511]!;
}

/** Whether the term is in the page's title or one of its headings. */
export const inTitleOrHeading = (packed: number): boolean => (packed & 0b1_0110_0000) !== 0;

/** Rarity of a term on `df` of `pages` pages (BM25's idf, never negative). */
export function rarity(df: number, pages: number): number {
  return Math.log(1 + (pages - df + 0.5) / (df + 0.5));
}

// ---------------------------------------------------------------- codec

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_CODES = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_CODES[B64.charCodeAt(i)] = i;

/** Base64 VLQ of a non-negative integer (5 bits per character, as in source maps). */
export function vlq(n: number): string {
  let out = '';
  do {
    let digit = n & 31;
    n = Math.floor(n / 32);
    if (n) digit |= 32;
    out += B64[digit];
  } while (n);
  return out;
}

/** Calls `visit` with each VLQ integer of `text`, in order. */
export function readVlq(text: string, visit: (n: number) => void): void {
  let value = 0;
  let shift = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? B64_CODES[code]! : -1;
    if (digit < 0) throw new Error(`[docs] local search index: bad character \`${text[i]}\` in \`${text.slice(0, 20)}\``);
    value += (digit & 31) * shift;
    if (digit & 32) {
      shift *= 32;
    } else {
      visit(value);
      value = 0;
      shift = 1;
    }
  }
}

/** Decodes a run of VLQ integers. */
export function unvlq(text: string): number[] {
  const out: number[] = [];
  readVlq(text, (n) => out.push(n));
  return out;
}

/** Postings in slot order: slot gaps (a slot minus the previous one, minus one) and packed fields, each as VLQ. */
export function encodePostings(slots: ArrayLike<number>, fields: ArrayLike<number>): string {
  let out = '';
  let previous = -1;
  for (let i = 0; i < slots.length; i++) {
    out += vlq(slots[i]! - previous - 1) + vlq(fields[i]!);
    previous = slots[i]!;
  }
  return out;
}

/** Calls `visit(slot, packed)` for each posting of `encodePostings`' text. */
export function readPostings(text: string, visit: (slot: number, packed: number) => void): void {
  let slot = -1;
  let gap = true;
  readVlq(text, (n) => {
    if (gap) slot += n + 1;
    else visit(slot, n);
    gap = !gap;
  });
}

// ---------------------------------------------------------------- layout

/** The slot space for `pages` pages: a power of two, at least four times as many slots as pages. */
export function slotSpace(pages: number): number {
  let slots = 256;
  while (slots < pages * 4) slots *= 2;
  return slots;
}

/**
 * Each route's page slot: its hash in the slot space, or the next free slot
 * when taken (routes placed in hash order, so one new route moves no other
 * unless they collide). A page keeps its slot from one deploy to the next, so
 * the postings of terms it does not touch keep their bytes.
 */
export function pageSlots(paths: readonly string[]): Map<string, number> {
  const slots = slotSpace(paths.length);
  const order = paths.map((path) => ({ path, home: fnv1a(path) % slots })).sort((a, b) => a.home - b.home || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const taken = new Uint8Array(slots);
  const out = new Map<string, number>();
  for (const { path, home } of order) {
    let slot = home;
    while (taken[slot]) slot = (slot + 1) % slots;
    taken[slot] = 1;
    out.set(path, slot);
  }
  return out;
}

/**
 * Page slots per directory for a slot space: about the square root of half the space (a power of two, at least
 * `MIN_DIRECTORY_SLOTS`). A query reads the directories of the results it shows, and the entry names every
 * directory: this keeps the sum of the two small as the site grows (at 10,000 docs, 256 directories of about 40
 * pages; at 100,000, 1,024 of about 100).
 */
export function directorySlots(slots: number): number {
  let span = MIN_DIRECTORY_SLOTS;
  while (span * span * 2 < slots) span *= 2;
  return Math.min(span, slots);
}

/** The index of the chunk that holds `term` (the last chunk whose first term is not after it). */
export function chunkOf(entry: Pick<LocalIndexEntry, 'chunks'>, term: string): number {
  let lo = 0;
  let hi = entry.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (entry.chunks[mid]![0] <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The chunks that may hold terms starting with `prefix`, first to last index. */
export function chunksOfPrefix(entry: Pick<LocalIndexEntry, 'chunks'>, prefix: string): [number, number] {
  return [chunkOf(entry, prefix), chunkOf(entry, `${prefix}\uffff`)];
}

// ---------------------------------------------------------------- parsing

const isString = (v: unknown): v is string => typeof v === 'string';
const fail = (what: string): never => {
  throw new Error(`[docs] local search index: ${what} is not in format \`${LOCAL_INDEX_FORMAT}\`.`);
};

/** Checks an entry file's shape. */
export function parseEntry(json: unknown): LocalIndexEntry {
  const e = json as Partial<LocalIndexEntry> | null;
  if (!e || typeof e !== 'object') return fail('the entry');
  if (e.format !== LOCAL_INDEX_FORMAT)
    throw new Error(`[docs] local search index has format \`${String(e.format)}\`; this shell reads \`${LOCAL_INDEX_FORMAT}\`.`);
  if (
    typeof e.pages !== 'number' ||
    typeof e.slots !== 'number' ||
    typeof e.directorySlots !== 'number' ||
    typeof e.bytes !== 'number' ||
    typeof e.files !== 'number'
  )
    return fail('the entry');
  if (!Array.isArray(e.chunks) || !e.chunks.length || !e.chunks.every((c) => Array.isArray(c) && isString(c[0]) && isString(c[1]))) return fail('the entry');
  if (!Array.isArray(e.directories) || !e.directories.every((d) => d === null || isString(d))) return fail('the entry');
  if (
    e.synonyms !== undefined &&
    !(
      Array.isArray(e.synonyms) &&
      e.synonyms.every((s) => s && (s.input === undefined || isString(s.input)) && Array.isArray(s.synonyms) && s.synonyms.every(isString))
    )
  )
    return fail('the entry');
  return e as LocalIndexEntry;
}

/** Checks a term chunk's shape. */
export function parseChunk(json: unknown): LocalIndexChunk {
  const c = json as Partial<LocalIndexChunk> | null;
  if (!c || !isString(c.terms) || !isString(c.pages) || !isString(c.postings) || !Array.isArray(c.tails)) return fail('a term chunk');
  if (!c.tails.every((t) => Array.isArray(t) && typeof t[0] === 'number' && isString(t[1]))) return fail('a term chunk');
  return c as LocalIndexChunk;
}

/** Checks a tail file's shape. */
export function parseTail(json: unknown): LocalIndexTail {
  const t = json as Partial<LocalIndexTail> | null;
  if (!t || !isString(t.postings)) return fail('a tail');
  return t as LocalIndexTail;
}

/** Checks a page directory's shape. */
export function parseDirectory(json: unknown): LocalIndexDirectory {
  const d = json as Partial<LocalIndexDirectory> | null;
  if (!d || !isString(d.slots) || !isString(d.fragments) || d.fragments.length % SEARCH_HASH_CHARS !== 0) return fail('a page directory');
  return d as LocalIndexDirectory;
}

/** Each page of a directory: its slot (from `first`, the directory's first slot) and its fragment's hash. */
export function directoryPages(directory: LocalIndexDirectory, first: number): { slot: number; fragment: string }[] {
  const out: { slot: number; fragment: string }[] = [];
  let slot = first - 1;
  readVlq(directory.slots, (gap) => {
    slot += gap + 1;
    const at = out.length * SEARCH_HASH_CHARS;
    out.push({ slot, fragment: directory.fragments.slice(at, at + SEARCH_HASH_CHARS) });
  });
  if (out.length * SEARCH_HASH_CHARS !== directory.fragments.length) fail('a page directory');
  return out;
}

/** Checks a fragment's shape. */
export function parseFragment(json: unknown): LocalIndexFragment {
  const f = json as Partial<LocalIndexFragment> | null;
  if (!f || !isString(f.path) || !isString(f.title) || !isString(f.category) || !Array.isArray(f.headings) || !Array.isArray(f.sections))
    return fail('a fragment');
  return f as LocalIndexFragment;
}

/**
 * Every file of an index below the base that `read` can name: the entry, its
 * chunks and directories, and the tails and fragments of those `read` gives.
 * With a `read` that fetches, that is the whole index (what offline mode
 * saves); with one that only looks in a cache, what the cache can still reach.
 */
export async function indexFiles(entryPath: string, read: (path: string) => Promise<string | null>): Promise<string[]> {
  const text = await read(entryPath);
  if (text === null) return [entryPath];
  const entry = parseEntry(JSON.parse(text));
  const chunks = entry.chunks.map(([, hash]) => searchFile('c', hash));
  const directories = entry.directories.filter((h): h is string => h !== null).map((hash) => searchFile('d', hash));
  const out = [entryPath, ...chunks, ...directories];
  const [chunkTexts, directoryTexts] = await Promise.all([Promise.all(chunks.map(read)), Promise.all(directories.map(read))]);
  for (const t of chunkTexts) if (t !== null) for (const [, hash] of parseChunk(JSON.parse(t)).tails) out.push(searchFile('t', hash));
  for (const t of directoryTexts) {
    if (t === null) continue;
    const { fragments } = parseDirectory(JSON.parse(t));
    for (let at = 0; at < fragments.length; at += SEARCH_HASH_CHARS) out.push(searchFile('f', fragments.slice(at, at + SEARCH_HASH_CHARS)));
  }
  return out;
}
