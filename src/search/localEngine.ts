/**
 * The local search engine: the local index (`manifest/localSearch.ts`)
 * answering in the same hit shape as Algolia (`types.ts`). It runs in a Web
 * Worker (`localIndex.ts` starts this very module as one: the guarded block at
 * the end wires up its messages), and in Node for unit tests and the
 * benchmark. It asks for the files a query needs through a loader, so it
 * reads the entry, the chunks of the query's words, and the directories and
 * fragments of the results it shows, and nothing else.
 *
 * Ranking, as Algolia's optional words do: a page need not hold every word
 * of the query. Each word scores a page by where the word comes up (title,
 * headings, description, body, code: `fieldScore`) and how rare it is; a
 * page's score is the sum, times the share of the query's (rarity-weighted)
 * words it holds (`FULL_MATCH`), so pages with more of the words come first. A word
 * matches its stem exactly; while it is typed, also as a prefix; when the
 * index has no such stem, with a typo from four letters and two from eight.
 * The results shown are then ordered again with what their fragments tell:
 * the query's words side by side in the title, a heading or the text.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { SEARCH_HITS_PER_PAGE, SNIPPET_WORDS } from '../../manifest/constants';
import {
  chunkOf,
  chunksOfPrefix,
  directoryPages,
  fieldScore,
  indexTerm,
  inTitleOrHeading,
  isStopWord,
  parseChunk,
  parseDirectory,
  parseEntry,
  parseFragment,
  parseTail,
  rarity,
  readPostings,
  readVlq,
  searchFile,
  tokenize,
  WORD_SEPARATOR,
  analyze,
  type LocalIndexEntry,
  type LocalIndexFragment,
  type LocalSynonym,
} from '../../manifest/localSearch';
import { escapeHtml } from '../../manifest/escapeHtml';
import { FIRST_HITS, SupersededError, type HighlightValue, type HitType, type Level, type SearchHit, type SearchOptions, type SearchResult } from './types';
import { cutText } from '../../manifest/cutText';

/** URL of this module's code: `localIndex.ts` starts it as a worker. */
export const LOCAL_ENGINE_URL: string = import.meta.url;

/**
 * Reads search files by their path below the base (`search/c.<hash>.json`);
 * null for a file that cannot be had (offline and never fetched).
 */
export type FileLoader = (paths: string[]) => Promise<(string | null)[]>;

/** A word of the query, parsed. */
export interface QueryWord {
  /** The word as typed, lower case. */
  word: string;
  /** Its stem, or null for a stop word or a number. */
  term: string | null;
  /** The last word, not yet followed by a space: matched as a prefix too. */
  prefix: boolean;
  /** A filler word of a question (`FILLER`): it counts for little. */
  filler?: boolean;
  /** Its place among the query's words, stop words included (`tokenize`). */
  at: number;
  /** Terms the site's synonyms give it (`withSynonyms`). */
  alternatives?: string[];
}

/**
 * Parses what the reader typed. The last word, while still being typed, is
 * also a prefix (so `permis` finds `permissions` before the word is done).
 */
export function parseQuery(input: string): QueryWord[] {
  const words = tokenize(input.toLowerCase());
  const typing = input.length > 0 && !WORD_SEPARATOR.test(input.slice(-1));
  const out: QueryWord[] = [];
  words.forEach((word, i) => {
    const term = indexTerm(word);
    const prefix = typing && i === words.length - 1 && word.length >= 2;
    if (term || prefix) out.push({ word, term, prefix, ...(FILLER.has(word) ? { filler: true } : {}), at: i });
  });
  // A stop word that ends a query of other words ("sign out", "what is it") is done, not the start of "output":
  // alone it is all there is to search, as a prefix.
  const last = out[out.length - 1];
  if (last?.prefix && isStopWord(last.word) && out.some((w) => w.term)) out.pop();
  return out;
}

/** Weights of inexact matches, against 1 for the word's own stem. */
const MATCH_WEIGHTS = { stemOfTyped: 0.9, synonym: 0.85, prefix: 0.5, prefixPerLetter: 0.4, typo: 0.45, secondTypo: 0.25 } as const;

/** A synonym rule: the words (`synonymKey` of each) that call for it, and the terms of each thing they stand for. */
interface SynonymRule {
  from: string[];
  to: string[][];
}

/** A query word as a synonym compares it: its stem, or the word itself for a stop word ("in" of "log in"). */
const synonymKey = (word: string) => indexTerm(word) ?? word;

/** The site's synonyms as rules: each word or phrase of a two-way synonym calls for the others, a one-way one's input for its synonyms. */
export function synonymRules(synonyms: readonly LocalSynonym[]): SynonymRule[] {
  const keys = (text: string) => tokenize(text.toLowerCase()).map(synonymKey);
  const terms = (text: string) => analyze(text.toLowerCase());
  const rules: SynonymRule[] = [];
  for (const s of synonyms) {
    if (s.input !== undefined) rules.push({ from: keys(s.input), to: s.synonyms.map(terms) });
    else s.synonyms.forEach((phrase, i) => rules.push({ from: keys(phrase), to: s.synonyms.filter((_, j) => j !== i).map(terms) }));
  }
  return rules.filter((r) => r.from.length > 0);
}

/**
 * Gives the query's words the terms the site's synonyms call for: a phrase of the rule found in the query (its words
 * in a row) gives each of its words the term at the same place of each synonym as long, else gives all of a
 * synonym's terms to its first word.
 */
export function withSynonyms(words: QueryWord[], input: string, rules: readonly SynonymRule[]): QueryWord[] {
  if (!rules.length) return words;
  const keys = tokenize(input.toLowerCase()).map(synonymKey);
  const out = words.map((w) => ({ ...w }));
  for (const { from, to } of rules) {
    for (let a = 0; a + from.length <= keys.length; a++) {
      if (!from.every((k, i) => keys[a + i] === k)) continue;
      const span = out.filter((w) => w.at >= a && w.at < a + from.length && w.term);
      if (!span.length) continue;
      for (const terms of to) {
        terms.forEach((term, i) => {
          const word = terms.length === span.length ? span[i]! : span[0]!;
          if (term !== word.term && !word.alternatives?.includes(term)) (word.alternatives ??= []).push(term);
        });
      }
    }
  }
  return out;
}
/**
 * A page holds a query word fully when it scores at least this share of the best page's score for the word: a
 * word in passing (one mention in a long body) counts for less, so incidental words of a question ("give",
 * "make") do not outweigh the words the page is about.
 */
const FULL_MATCH = 0.5;
/** Weight of a filler word of a question (`FILLER`) against a word it is about. */
const FILLER_WEIGHT = 0.3;
/**
 * Words readers put in questions that say little of what they look for ("what do I need to change", "how does it
 * work"): they still count, for little. Stop words (`indexTerm`) are left out altogether.
 */
const FILLER = new Set(
  (
    'able anything change changes go goes going got get gets getting happen happened happens help instead know like make makes making made ' +
    'need needs own please possible put something thing things use used using want wants way ways work working works wrote write'
  ).split(' '),
);
/** How much a page gains when its title and headings hold all of a query's words (less, by the square of the share, for some). */
const NAMING_BOOST = 1.5;
/** Rarity below which a word counts for less in naming a page: a word nearly every page holds (about four in five). */
const COMMON_RARITY = 0.25;
/** Least match weight of a term for its title or heading to name the word (a stem, a prefix being typed; not a typo). */
const NAMING_WEIGHT = 0.5;
/** Most terms one query word may expand to (prefixes, typos): the most common are kept. */
const MAX_EXPANSIONS = 40;
/** A prefix whose terms span more chunks than this expands only within the chunk it falls in, until more letters are typed. */
const MAX_PREFIX_CHUNKS = 2;
/** Letters of a word being typed before its chunks are read ahead (`LocalEngine.warm`). */
const WARM_LETTERS = 4;
/** Results ordered again with their fragments (the first page of results). */
const RERANK_DEPTH = 20;
/** Query streams (`latestOf`) whose newest query is remembered: a few modal openings. */
const STREAMS_KEPT = 8;
/** Parsed files kept in memory, by kind: a query's chunks, directories and fragments stay while the reader types. */
const KEEP = { chunks: 48, tails: 8, directories: 32, fragments: 120, texts: 3000 } as const;

/** A map that forgets its oldest entry past `limit` (a worker's few kept files; no dependency for that). */
class Kept<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override get(key: string): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      // Most recently used last.
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value!);
    return this;
  }
}

/** A term chunk, decoded: by term, its page count, top postings and tail, in MiniSearch's radix tree (prefix and typo lookups). */
interface Chunk {
  byTerm: SearchableMap<{ df: number; postings: string; tail: string | null }>;
}

/** A term a query word matches, with how much it counts. */
interface Candidate {
  term: string;
  weight: number;
  df: number;
  /** The page count its rarity is taken from: its own, or the word's own term's when that is commoner (`candidates`). */
  rarityDf: number;
  postings: string;
  tail: string | null;
}

/** The shortest start of a word being typed that may be its stem: half of it, three letters at least. */
const stemOfTypedFrom = (typed: string) => Math.max(3, Math.ceil(typed.length / 2));

/** Typos allowed in a word, by the length typed (Algolia's defaults): none below four letters, one from four, two from eight. */
function typoTolerance(typed: string): number {
  return typed.length >= 8 ? 2 : typed.length >= 4 ? 1 : 0;
}

/** Which displayed words a result marks: the stems of terms the query matched, and the word being typed as a prefix. */
interface Matcher {
  terms: Set<string>;
  /** The first two letters of each of `terms`: a word whose own differ cannot stem to one (it is not stemmed). */
  heads: Set<string>;
  prefix: string | null;
  /** Query words (as typed) for `matchedWords`. */
  words: string[];
}

/** A matcher of a query's terms (stems) and the word being typed. */
export function matcherOf(terms: Iterable<string>, prefix: string | null, words: string[]): Matcher {
  const set = new Set(terms);
  return { terms: set, heads: new Set([...set].map((t) => t.slice(0, 2))), prefix, words };
}

/** Whether a displayed word matches the query; stems it only when its first letters may. */
const matchesTerm = (m: Matcher, w: Token): boolean =>
  (m.prefix !== null && w.raw.startsWith(m.prefix)) || (m.heads.has(w.raw.slice(0, 2)) && m.terms.has(termOf(w) ?? ''));

/** A displayed word's stem (`indexTerm`), worked out when first asked for. */
function termOf(w: Token): string | null {
  if (w.term === undefined) w.term = indexTerm(w.raw);
  return w.term;
}

/** A displayed text cut into words, each with its stem and the escaped separator after it. */
interface Token {
  html: string;
  raw: string;
  /** Its stem once asked for (`termOf`). */
  term?: string | null;
  after: string;
}

/** Tokens of displayed texts, kept: a fragment's texts come back in every query whose results hold the page. */
const tokenCache = new Kept<{ lead: string; words: Token[] }>(KEEP.texts);

function tokensOf(text: string): { lead: string; words: Token[] } {
  const known = tokenCache.get(text);
  if (known) return known;
  const parts = text.split(/([\n\r\t\p{Z}\p{P}\p{S}]+)/u);
  const out: { lead: string; words: Token[] } = { lead: '', words: [] };
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i]!;
    const after = escapeHtml(parts[i + 1] ?? '');
    if (!word) {
      if (out.words.length) out.words[out.words.length - 1]!.after += after;
      else out.lead += after;
      continue;
    }
    const raw = word.toLowerCase();
    out.words.push({ html: escapeHtml(word), raw, after });
  }
  tokenCache.set(text, out);
  return out;
}

/** Escapes `text`, marking words the query matched; and how many it marked. */
export function markTerms(text: string, m: Matcher): { html: string; marked: number } {
  const { lead, words } = tokensOf(text);
  let html = lead;
  let marked = 0;
  for (const w of words) {
    if (matchesTerm(m, w)) {
      marked++;
      html += `<mark>${w.html}</mark>${w.after}`;
    } else {
      html += w.html + w.after;
    }
  }
  return { html, marked };
}

/** A separator that ends a word as a reader sees it: a space or a line break, not the `-` of `multi-tenancy` or the `.` of `api.ts`. */
const READER_WORD_END = /[\s\p{Z}]/u;

/**
 * A snippet of `count` words of `text` around its first match, with `…` where cut (Algolia's `attributesToSnippet`).
 * It counts and cuts words as a reader sees them, between spaces, so it never starts or ends inside
 * `multi-tenancy`, `don't` or `useSession()`.
 */
export function snippet(text: string, m: Matcher, count: number): string {
  const { words } = tokensOf(text);
  // Each reader's word: the tokens from `[start, end)`.
  const spans: [number, number][] = [];
  let from = 0;
  words.forEach((w, i) => {
    if (i === words.length - 1 || READER_WORD_END.test(w.after)) {
      spans.push([from, i + 1]);
      from = i + 1;
    }
  });
  if (!spans.length) return '';
  const firstToken = words.findIndex((w) => matchesTerm(m, w));
  const first = firstToken < 0 ? -1 : spans.findIndex(([, end]) => firstToken < end);
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor(count / 3), spans.length - count));
  const end = Math.min(spans.length, start + count);
  const body = words
    .slice(spans[start]![0], spans[end - 1]![1])
    .map((w) => (matchesTerm(m, w) ? `<mark>${w.html}</mark>${w.after}` : w.html + w.after))
    .join('')
    .trimEnd();
  return (start > 0 ? '…' : '') + body + (end < spans.length ? '…' : '');
}

/** How many adjacent pairs of the query's stems `text` holds side by side. */
function adjacentPairs(text: string, stems: string[]): number {
  if (stems.length < 2) return 0;
  const terms = tokensOf(text)
    .words.map(termOf)
    .filter((t): t is string => t !== null);
  let pairs = 0;
  for (let i = 0; i + 1 < stems.length; i++) {
    for (let j = 0; j + 1 < terms.length; j++) {
      if (terms[j] === stems[i] && terms[j + 1] === stems[i + 1]) {
        pairs++;
        break;
      }
    }
  }
  return pairs;
}

/** A ranked page: its slot and score. */
interface Ranked {
  slot: number;
  score: number;
}

/** A query's ranking, kept so the next page of results reuses it. */
interface Ranking {
  key: string;
  ranked: Ranked[];
  matcher: Matcher;
  stems: string[];
  /** Some file the query needed could not be had: results may be missing. */
  incomplete: boolean;
}

/** The local index, read through a loader. */
export class LocalEngine {
  private readonly chunks = new Kept<Chunk>(KEEP.chunks);
  private readonly tails = new Kept<Map<number, number>>(KEEP.tails);
  private readonly directories = new Kept<Map<number, string>>(KEEP.directories);
  private readonly fragments = new Kept<LocalIndexFragment>(KEEP.fragments);
  private last: Ranking | null = null;
  /** Files being read, by path. */
  private readonly reading = new Map<string, Promise<string | null>>();
  /** Number of the newest query of each stream (`latestOf`), for the last `STREAMS_KEPT` streams. */
  private readonly newest = new Map<string, number>();
  private queries = 0;

  private readonly synonyms: SynonymRule[];

  constructor(
    private readonly entry: LocalIndexEntry,
    private readonly load: FileLoader,
  ) {
    this.synonyms = synonymRules(entry.synonyms ?? []);
  }

  /** Number of pages indexed. */
  get size(): number {
    return this.entry.pages;
  }

  /** Reads files not kept yet, parsed; a file that cannot be had is left out. A file already being read is read once. */
  private async fetchAll<T>(paths: string[], kept: Kept<T>, parse: (json: unknown) => T): Promise<{ missing: boolean }> {
    const wanted = [...new Set(paths)].filter((p) => kept.get(p) === undefined);
    if (!wanted.length) return { missing: false };
    const fresh = wanted.filter((p) => !this.reading.has(p));
    if (fresh.length) {
      const texts = this.load(fresh);
      fresh.forEach((path, i) => {
        const text = texts.then(
          (all) => all[i] ?? null,
          () => null,
        );
        this.reading.set(path, text);
        void text.then(() => this.reading.delete(path));
      });
    }
    const texts = await Promise.all(wanted.map((p) => this.reading.get(p)!));
    let missing = false;
    wanted.forEach((path, i) => {
      const text = texts[i];
      if (text === null || text === undefined) missing = true;
      else if (kept.get(path) === undefined) kept.set(path, parse(JSON.parse(text)));
    });
    return { missing };
  }

  private async loadChunks(indexes: Iterable<number>): Promise<boolean> {
    const paths = [...new Set(indexes)].map((i) => searchFile('c', this.entry.chunks[i]![1]));
    const { missing } = await this.fetchAll(paths, this.chunks, (json) => {
      const c = parseChunk(json);
      const terms = c.terms ? c.terms.split(' ') : [];
      const postings = c.postings ? c.postings.split(' ') : [];
      const dfs: number[] = [];
      readVlq(c.pages, (n) => dfs.push(n));
      if (postings.length !== terms.length || dfs.length !== terms.length)
        throw new Error('[docs] local search index: a term chunk has terms and postings of different lengths.');
      const tails = new Map(c.tails.map(([i, hash]) => [i, hash]));
      const byTerm = new SearchableMap<{ df: number; postings: string; tail: string | null }>();
      terms.forEach((t, i) => byTerm.set(t, { df: dfs[i]!, postings: postings[i]!, tail: tails.get(i) ?? null }));
      return { byTerm };
    });
    return missing;
  }

  private chunkAt(index: number): Chunk | undefined {
    return this.chunks.get(searchFile('c', this.entry.chunks[index]![1]));
  }

  /** The chunks a word's matches may be in. */
  private chunksFor(word: QueryWord): number[] {
    const out = new Set<number>();
    if (word.term) out.add(chunkOf(this.entry, word.term));
    for (const term of word.alternatives ?? []) out.add(chunkOf(this.entry, term));
    if (word.prefix) {
      out.add(chunkOf(this.entry, word.word));
      const [first, last] = chunksOfPrefix(this.entry, word.word);
      if (last - first < MAX_PREFIX_CHUNKS) for (let i = first; i <= last; i++) out.add(i);
      // A typed word longer than its stem (`configura` for `configur`, `authenticatio` for `authent`): the stems it starts with.
      for (let k = stemOfTypedFrom(word.word); k < word.word.length; k++) out.add(chunkOf(this.entry, word.word.slice(0, k)));
    }
    return [...out];
  }

  /** The terms a word matches in the loaded chunks, with their weights. */
  private candidates(word: QueryWord, chunks: number[]): Candidate[] {
    const found = new Map<string, Candidate>();
    const put = (term: string, weight: number, info: { df: number; postings: string; tail: string | null } | undefined) => {
      if (!info) return;
      const known = found.get(term);
      if (!known || known.weight < weight) found.set(term, { term, weight, rarityDf: info.df, ...info });
    };
    const loaded = chunks.map((i) => this.chunkAt(i)).filter((c): c is Chunk => c !== undefined);
    for (const { byTerm } of loaded) {
      if (word.term) put(word.term, 1, byTerm.get(word.term));
      for (const term of word.alternatives ?? []) put(term, MATCH_WEIGHTS.synonym, byTerm.get(term));
      if (word.prefix) {
        for (const [term, info] of byTerm.atPrefix(word.word)) {
          if (term.length > word.word.length) put(term, MATCH_WEIGHTS.prefix + (MATCH_WEIGHTS.prefixPerLetter * word.word.length) / term.length, info);
        }
      }
    }
    // A typed word longer than its stem (`configura` for `configur`) may be a word still being typed: the stems it
    // starts with. Not when the index holds the word as typed: "builder" is done, and "build" or "redi" (of "redis",
    // for "redirect") are other words.
    if (word.prefix && !(word.term && found.get(word.term)?.weight === 1)) {
      for (const { byTerm } of loaded) {
        for (let k = stemOfTypedFrom(word.word); k <= word.word.length; k++) {
          const term = word.word.slice(0, k);
          if (term !== word.term) put(term, MATCH_WEIGHTS.stemOfTyped, byTerm.get(term));
        }
      }
    }
    // Typos only for a word the index does not have.
    const typos = word.term && !found.size ? typoTolerance(word.word) : 0;
    if (typos) {
      for (const { byTerm } of loaded) {
        for (const [term, [info, distance]] of byTerm.fuzzyGet(word.term!, typos))
          put(term, distance <= 1 ? MATCH_WEIGHTS.typo : MATCH_WEIGHTS.secondTypo, info);
      }
    }
    // A word typed whole that the index holds: its longer words (`tenantId` for `tenant`) count for less than it
    // does, however rare they are, so the pages about the word come before those that name its compounds.
    const own = word.term ? found.get(word.term) : undefined;
    if (own?.weight === 1) for (const c of found.values()) if (c !== own) c.rarityDf = Math.max(c.df, own.df);
    // The most telling first: weight times rarity, and common enough to be worth reading.
    const value = (c: Candidate) => c.weight * rarity(c.rarityDf, this.entry.pages) * Math.log2(1 + c.df);
    return [...found.values()].sort((a, b) => value(b) - value(a)).slice(0, MAX_EXPANSIONS);
  }

  private async tailOf(hash: string): Promise<Map<number, number> | null> {
    const path = searchFile('t', hash);
    const { missing } = await this.fetchAll([path], this.tails, (json) => {
      const postings = new Map<number, number>();
      readPostings(parseTail(json).postings, (slot, packed) => postings.set(slot, packed));
      return postings;
    });
    return missing ? null : this.tails.get(path)!;
  }

  /** Ranks every page holding some word of the query. */
  private async rank(words: QueryWord[], limit: number): Promise<Ranking> {
    const key = JSON.stringify(words);
    // The next page of the same query: the ranking holds every page already.
    if (this.last?.key === key) return this.last;
    const need = words.map((w) => this.chunksFor(w));
    let incomplete = await this.loadChunks(need.flat());
    const pages = this.entry.pages;
    const perWord = words.map((w, i) => this.candidates(w, need[i]!));
    const matcher = matcherOf(
      perWord.flat().map((c) => c.term),
      words.find((w) => w.prefix)?.word ?? null,
      words.map((w) => w.word),
    );

    // Each word's best score on each page: its best matching term there.
    // Pages whose title or a heading holds the word (by any of its terms), for each word.
    const named = words.map(() => new Set<number>());
    const scoreOf = async (cands: Candidate[], full: boolean, w: number): Promise<Map<number, number>> => {
      const best = new Map<number, number>();
      for (const c of cands) {
        const r = c.weight * rarity(c.rarityDf, pages);
        const visit = (slot: number, packed: number) => {
          const s = r * fieldScore(packed);
          if (s > (best.get(slot) ?? 0)) best.set(slot, s);
          if (c.weight >= NAMING_WEIGHT && inTitleOrHeading(packed)) named[w]!.add(slot);
        };
        readPostings(c.postings, visit);
        if (full && c.tail) {
          const tail = await this.tailOf(c.tail);
          if (tail) tail.forEach((packed, slot) => visit(slot, packed));
          else incomplete = true;
        }
      }
      return best;
    };
    let scores = await Promise.all(perWord.map((c, w) => scoreOf(c, false, w)));
    // Filler ("need", "use", "work") counts for little beside the words a question is about.
    const weights = perWord.map((cands, w) => (words[w]!.filler ? FILLER_WEIGHT : 1) * Math.max(0, ...cands.map((c) => c.weight * rarity(c.rarityDf, pages))));
    const total = weights.reduce((a, b) => a + b, 0);
    // What a word counts for in naming a page: as much as any other word of the question, however rare, unless nearly
    // every page holds it (the product's name). Rarity already weighs the score; a title holding "error" and "fails"
    // says the page is about a question more than a body holding its one rare word ("display").
    const namingWeights = perWord.map(
      (cands, w) =>
        (words[w]!.filler ? FILLER_WEIGHT : 1) * Math.min(1, Math.max(0, ...cands.map((c) => c.weight * rarity(c.rarityDf, pages))) / COMMON_RARITY),
    );
    const namingTotal = namingWeights.reduce((a, b) => a + b, 0);
    const combine = () => {
      const sum = new Map<number, { score: number; covered: number; named: number }>();
      scores.forEach((best, w) => {
        let max = 0;
        for (const s of best.values()) if (s > max) max = s;
        const factor = words[w]!.filler ? FILLER_WEIGHT : 1;
        for (const [slot, s] of best) {
          const acc = sum.get(slot) ?? { score: 0, covered: 0, named: 0 };
          acc.score += s * factor;
          acc.covered += weights[w]! * Math.min(1, s / (FULL_MATCH * max));
          if (named[w]!.has(slot)) acc.named += namingWeights[w]!;
          sum.set(slot, acc);
        }
      });
      const ranked: Ranked[] = [];
      for (const [slot, { score, covered, named: inNames }] of sum) {
        // A title or headings naming most of the question's words say the page is about it, more than a body using one.
        const naming = words.length > 1 && namingTotal ? NAMING_BOOST * (inNames / namingTotal) ** 2 : 0;
        ranked.push({ slot, score: (total ? (score * covered) / total : score) * (1 + naming) });
      }
      return ranked;
    };
    let ranked = combine();
    // Pages holding every word, from the words' top postings alone: too few, and a word with a tail may hold more.
    const everyWord = () => ranked.filter((r) => scores.every((best, w) => !weights[w] || best.has(r.slot))).length;
    if (words.length > 1 && perWord.some((c) => c.some((x) => x.tail)) && everyWord() < limit) {
      scores = await Promise.all(perWord.map((c, w) => scoreOf(c, true, w)));
      ranked = combine();
    }
    ranked.sort((a, b) => b.score - a.score || a.slot - b.slot);
    const stems = words.map((w) => w.term).filter((t): t is string => t !== null);
    this.last = { key, ranked, matcher, stems, incomplete };
    return this.last;
  }

  /** Whether the fragment of a slot is kept (its directory and itself). */
  private holdsFragment(slot: number): boolean {
    const hash = this.entry.directories[Math.floor(slot / this.entry.directorySlots)];
    const fragment = hash ? this.directories.get(searchFile('d', hash))?.get(slot % this.entry.directorySlots) : undefined;
    return fragment !== undefined && this.fragments.has(searchFile('f', fragment));
  }

  /** The fragments of `slots`, by slot (those that can be had). */
  private async fragmentsOf(slots: number[]): Promise<{ bySlot: Map<number, LocalIndexFragment>; missing: boolean }> {
    const span = this.entry.directorySlots;
    const dirIndexes = [...new Set(slots.map((s) => Math.floor(s / span)))];
    const dirPaths = dirIndexes
      .map((d) => this.entry.directories[d])
      .filter((h): h is string => !!h)
      .map((h) => searchFile('d', h));
    // Keyed by slot within the directory.
    let { missing } = await this.fetchAll(
      dirPaths,
      this.directories,
      (json) => new Map<number, string>(directoryPages(parseDirectory(json), 0).map((p) => [p.slot, p.fragment])),
    );
    const nameOf = (slot: number): string | null => {
      const d = Math.floor(slot / span);
      const hash = this.entry.directories[d];
      if (!hash) return null;
      const fragment = this.directories.get(searchFile('d', hash))?.get(slot % span);
      return fragment ? searchFile('f', fragment) : null;
    };
    const names = slots.map(nameOf);
    const got = await this.fetchAll(
      names.filter((n): n is string => n !== null),
      this.fragments,
      parseFragment,
    );
    missing ||= got.missing || names.includes(null);
    const bySlot = new Map<number, LocalIndexFragment>();
    slots.forEach((slot, i) => {
      const fragment = names[i] ? this.fragments.get(names[i]!) : undefined;
      if (fragment) bySlot.set(slot, fragment);
    });
    return { bySlot, missing };
  }

  /** Searches, returning one page of hits in Algolia's shape. */
  async query(input: string, options: SearchOptions = {}): Promise<SearchResult> {
    const hitsPerPage = options.hitsPerPage ?? SEARCH_HITS_PER_PAGE;
    const page = options.page ?? 0;
    const words = withSynonyms(parseQuery(cutText(input, 512)), cutText(input, 512), this.synonyms);
    const empty = (incomplete: boolean, suggestion: string | null = null): SearchResult => ({
      query: input,
      hits: [],
      nbHits: 0,
      page,
      nbPages: 0,
      hitsPerPage,
      queryID: null,
      fromLocalIndex: true,
      incomplete,
      ...(suggestion ? { suggestion } : {}),
    });
    if (!words.length) return empty(false);
    const stream = options.latestOf;
    const id = ++this.queries;
    if (stream !== undefined) {
      // Newest stream last; the oldest go, as only an open modal's stream matters.
      this.newest.delete(stream);
      this.newest.set(stream, id);
      for (const name of this.newest.keys()) if (this.newest.size > STREAMS_KEPT) this.newest.delete(name);
    }
    const ranking = await this.rank(words, (page + 1) * hitsPerPage);
    // A newer query of the stream came while this one read its chunks: its results will be shown, not these.
    if (stream !== undefined && this.newest.get(stream) !== id) throw new SupersededError(`[docs] local search: "${input}" was replaced by a newer query.`);
    const { ranked, matcher, stems } = ranking;
    let shown = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    if (!shown.length) return empty(ranking.incomplete, ranked.length ? null : await this.suggest(words, input));
    // The first hits alone, unless the rest are here too (a query asked again): then the whole page at once.
    const partial =
      page === 0 &&
      options.firstHits !== undefined &&
      options.firstHits < shown.length &&
      !shown.slice(options.firstHits).every((r) => this.holdsFragment(r.slot));
    if (partial) shown = shown.slice(0, options.firstHits);
    const { bySlot, missing } = await this.fragmentsOf(shown.map((r) => r.slot));
    if (page === 0 && stems.length > 1) shown = reorderByProximity(shown, bySlot, stems);
    const snippetWords = options.snippetWords ?? SNIPPET_WORDS;
    const hits = shown.flatMap((r) => {
      const f = bySlot.get(r.slot);
      return f ? [hitOf(f, matcher, snippetWords)] : [];
    });
    return {
      query: input,
      hits,
      nbHits: ranked.length,
      page,
      nbPages: Math.ceil(ranked.length / hitsPerPage),
      hitsPerPage,
      queryID: null,
      fromLocalIndex: true,
      incomplete: ranking.incomplete || missing,
      ...(partial ? { partial } : {}),
    };
  }

  /** "Did you mean …?" for a query that matched nothing (`suggest.ts`, loaded only then); null when it cannot be had. */
  private async suggest(words: QueryWord[], input: string): Promise<string | null> {
    try {
      const { suggestQuery } = await import('./suggest');
      return await suggestQuery(words, input, {
        closest: async (term, typed) => {
          const at = chunkOf(this.entry, term);
          const near = [at - 1, at, at + 1].filter((i) => i >= 0 && i < this.entry.chunks.length);
          await this.loadChunks(near);
          const out = [];
          for (const i of near) {
            for (const [found, [info, distance]] of this.chunkAt(i)?.byTerm.fuzzyGet(term, typoTolerance(typed) + 1) ?? [])
              out.push({ term: found, distance, ...info });
          }
          return out;
        },
        topPage: (postings) => {
          let top = { slot: -1, score: -1 };
          readPostings(postings, (slot, packed) => {
            if (fieldScore(packed) > top.score) top = { slot, score: fieldScore(packed) };
          });
          return top.slot;
        },
        fragments: async (slots) => (await this.fragmentsOf(slots)).bySlot,
        termOf: indexTerm,
        tokenize,
      });
    } catch {
      return null;
    }
  }

  /**
   * Reads the chunks a query being typed will need, and does nothing else: called on every keystroke, so by the
   * time the reader stops typing the word's chunk is here. A word's first letters (`WARM_LETTERS`) read none: the
   * chunks they fall in are seldom the whole word's.
   */
  async warm(input: string): Promise<void> {
    const words = withSynonyms(parseQuery(cutText(input, 512)), cutText(input, 512), this.synonyms).filter((w) => !w.prefix || w.word.length >= WARM_LETTERS);
    await this.loadChunks(words.flatMap((w) => this.chunksFor(w)));
  }
}

/**
 * The first page of results ordered again by what their fragments tell of the query's words close together: side by
 * side (a phrase) in the title, a heading or the text, or several in one heading. The first `FIRST_HITS` results are
 * ordered among themselves, and the rest of the page among themselves, so a surface that shows the first ones before
 * it has the rest's fragments (the modal) shows them in the order of the whole page.
 */
function reorderByProximity(shown: Ranked[], bySlot: Map<number, LocalIndexFragment>, stems: string[]): Ranked[] {
  const boost = (r: Ranked): Ranked => {
    const f = bySlot.get(r.slot);
    if (!f) return r;
    const titled = adjacentPairs(f.title, stems) + Math.max(0, ...f.headings.map((h) => adjacentPairs(h[2], stems)));
    const texted = Math.max(0, ...f.sections.map((s) => adjacentPairs(s[1], stems)));
    const together = Math.max(0, ...f.headings.map((h) => stemsIn(h[2], stems)));
    return { ...r, score: r.score * (1 + 0.3 * titled + 0.1 * Math.min(texted, 2) + (together > 1 ? 0.15 * (together - 1) : 0)) };
  };
  const order = (block: Ranked[]) => block.map(boost).sort((a, b) => b.score - a.score || a.slot - b.slot);
  return [...order(shown.slice(0, FIRST_HITS)), ...order(shown.slice(FIRST_HITS, RERANK_DEPTH)), ...shown.slice(RERANK_DEPTH)];
}

/** How many of the query's stems a text holds. */
function stemsIn(text: string, stems: string[]): number {
  const terms = new Set(tokensOf(text).words.map(termOf));
  return new Set(stems.filter((t) => terms.has(t))).size;
}

/** The section of a page a result opens: the one whose heading and text hold most of the query's words (the lead on a tie). */
function bestSection(f: LocalIndexFragment, m: Matcher): { heading: number; text: string } {
  const count = (text: string) => {
    const seen = new Set<string>();
    for (const w of tokensOf(text).words) if (matchesTerm(m, w)) seen.add(termOf(w) ?? w.raw);
    return seen.size;
  };
  const textOf = new Map<number, string>();
  for (const [heading, text] of f.sections) textOf.set(heading, text);
  let best = { heading: -1, text: textOf.get(-1) ?? '', score: count(f.title) > 0 ? 0.5 + count(textOf.get(-1) ?? '') : count(textOf.get(-1) ?? '') };
  f.headings.forEach((h, i) => {
    const text = textOf.get(i) ?? '';
    const score = 2 * count(h[2]) + count(text);
    if (score > best.score) best = { heading: i, text, score };
  });
  return best;
}

/** A result of a page in DocSearch's hit shape: the page's category and title, the headings above the chosen section, its snippet. */
function hitOf(f: LocalIndexFragment, m: Matcher, snippetWords: number): SearchHit {
  const section = bestSection(f, m);
  const raw: Record<Level, string | null> = { lvl0: f.category, lvl1: f.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  // The chain of headings down to the section's own.
  const path: [number, string, string][] = [];
  if (section.heading >= 0) {
    let depth = 7;
    for (let i = section.heading; i >= 0 && depth > 2; i--) {
      const h = f.headings[i]!;
      if (h[0] < depth) {
        path.unshift(h);
        depth = h[0];
      }
    }
  }
  for (const [depth, , text] of path) raw[`lvl${Math.min(depth, 6)}` as Level] = text;
  const highlight: Partial<Record<Level, HighlightValue>> = {};
  for (const [level, value] of Object.entries(raw) as [Level, string | null][]) {
    if (value === null) continue;
    const { html, marked } = markTerms(value, m);
    highlight[level] = { value: html, matchLevel: marked === 0 ? 'none' : marked >= m.words.length ? 'full' : 'partial', matchedWords: marked ? m.words : [] };
  }
  const own = path.length ? path[path.length - 1]! : null;
  const ownLevel = own ? (`lvl${Math.min(own[0], 6)}` as Level) : 'lvl1';
  const type: HitType = highlight[ownLevel]?.matchLevel !== 'none' ? (ownLevel as HitType) : 'content';
  const anchor = own ? own[1] : null;
  const url = anchor ? `${f.path}#${anchor}` : f.path;
  const text = section.text;
  const content = text ? snippet(text, m, snippetWords) : '';
  const contentMarked = content.includes('<mark>');
  const hierarchy = Object.fromEntries(Object.entries(raw).map(([key, v]) => [key, v === null ? null : escapeHtml(v)])) as SearchHit['hierarchy'];
  return {
    objectID: `local:${url}`,
    url,
    url_without_anchor: f.path,
    anchor,
    type,
    hierarchy,
    content: text ? escapeHtml(text) : null,
    _highlightResult: {
      hierarchy: highlight,
      ...(text
        ? { content: { value: markTerms(text, m).html, matchLevel: contentMarked ? 'partial' : 'none', matchedWords: contentMarked ? m.words : [] } }
        : {}),
    },
    _snippetResult: {
      hierarchy: Object.fromEntries(Object.entries(highlight).map(([key, v]) => [key, { value: v.value, matchLevel: v.matchLevel }])),
      ...(content ? { content: { value: content, matchLevel: contentMarked ? 'partial' : 'none' } } : {}),
    },
    fromLocalIndex: true,
  };
}

/** Queries the benchmark and the tests time: everyday words, several words, prefixes, a typo, a stop word. */
const BENCH_QUERIES = [
  'authentication',
  'tenant',
  'deploy',
  'permissions',
  'redis',
  'session cookie',
  'perm',
  'the',
  'configuration',
  'midleware',
  'multi tenancy',
  'api client',
  'form validation',
  'cms page',
  'co',
  'docker image',
];

/** Times `queries` (after one warm-up round, which loads their files) over `rounds` rounds: median and 95th percentile, ms. */
export async function measureQueries(
  engine: LocalEngine,
  queries: readonly string[] = BENCH_QUERIES,
  rounds = 5,
): Promise<{ p50: number; p95: number; runs: number }> {
  for (const q of queries) await engine.query(q);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      // Another query between: each run ranks afresh.
      await engine.query(`${q} x`);
      const start = performance.now();
      await engine.query(q);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  return { p50: at(0.5), p95: at(0.95), runs: times.length };
}

/** Messages to the worker. */
export type WorkerRequest =
  | { type: 'load'; entry: string }
  | { type: 'query'; id: number; query: string; options: SearchOptions }
  | { type: 'warm'; query: string }
  | { type: 'files'; id: number; texts: (string | null)[] };

/** Messages from the worker. */
export type WorkerResponse =
  | { type: 'loaded'; size: number }
  | { type: 'need'; id: number; paths: string[] }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'error'; id: number | null; message: string; superseded?: boolean };

/** Serves the engine over `postMessage` (when this module runs as a worker); files come from the page (`need` / `files`). */
export function serveEngine(scope: { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(message: WorkerResponse): void }): void {
  let engine: LocalEngine | null = null;
  const waiting = new Map<number, (texts: (string | null)[]) => void>();
  let next = 0;
  const load: FileLoader = (paths) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      scope.postMessage({ type: 'need', id, paths });
    });
  scope.onmessage = ({ data }) => {
    if (data.type === 'files') {
      waiting.get(data.id)?.(data.texts);
      waiting.delete(data.id);
      return;
    }
    try {
      if (data.type === 'load') {
        engine = new LocalEngine(parseEntryText(data.entry), load);
        scope.postMessage({ type: 'loaded', size: engine.size });
      } else if (data.type === 'warm') {
        // Only ever ahead of a query, which reports what cannot be had.
        engine?.warm(data.query).catch(() => {});
      } else if (!engine) {
        scope.postMessage({ type: 'error', id: data.id, message: '[docs] local search: the index is not loaded.' });
      } else {
        const id = data.id;
        engine.query(data.query, data.options).then(
          (result) => scope.postMessage({ type: 'result', id, result }),
          (error: unknown) =>
            scope.postMessage({
              type: 'error',
              id,
              message: error instanceof Error ? error.message : String(error),
              superseded: error instanceof SupersededError,
            }),
        );
      }
    } catch (error) {
      scope.postMessage({ type: 'error', id: data.type === 'query' ? data.id : null, message: error instanceof Error ? error.message : String(error) });
    }
  };
}

/** The entry file's text, checked. */
export function parseEntryText(text: string): LocalIndexEntry {
  return parseEntry(JSON.parse(text));
}

// Started as a module worker by `localIndex.ts`: answer its messages. (On the main thread and in Node, nothing happens.)
if (typeof document === 'undefined' && typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  serveEngine(globalThis as unknown as Parameters<typeof serveEngine>[0]);
}
