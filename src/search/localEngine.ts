/**
 * The local search engine: the local index (`manifest/localSearch.ts`)
 * answering in the same hit shape as Algolia (`types.ts`). It runs in a Web
 * Worker when the index is large (`localIndex.ts` starts this very module as a
 * module worker: the guarded block at the end wires up its messages), on the
 * main thread otherwise, and in Node for unit tests and the benchmark.
 *
 * Terms live in MiniSearch's radix tree (`SearchableMap`: exact, prefix and
 * typo-tolerant lookup); postings in typed arrays, scored with MiniSearch's
 * BM25+ into reused accumulators, so a query over 70,000 sections allocates
 * almost nothing.
 *
 * Ranking: every query word must match (prefix on the last one while it is
 * typed, typos from 4 letters); fields weigh title > heading > page title on a
 * section > text; BM25+ does the rest.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { SEARCH_HITS_PER_PAGE, SNIPPET_WORDS } from '../../manifest/constants';
import {
  decodeLocalIndex,
  indexTerm,
  LOCAL_BM25,
  LOCAL_BOOST,
  LOCAL_FIELDS,
  LOCAL_MATCH_WEIGHTS,
  LOCAL_SNIPPET_CHARS,
  tokenize,
  typoTolerance,
  WORD_SEPARATOR,
  type DecodedLocalIndex,
  type LocalHeading,
  type LocalIndexFile,
  type Posting,
} from '../../manifest/localSearch';
import { escapeHtml } from './sanitize';
import type { HighlightValue, HitType, Level, SearchHit, SearchOptions, SearchResult } from './types';

/** URL of this module's code: `localIndex.ts` starts it as a worker. */
export const LOCAL_ENGINE_URL: string = import.meta.url;

/** Headings of every page, by route path, from the manifest. */
export type HeadingsByPath = Record<string, LocalHeading[]>;

/** One word of a query, as the index terms it may match (term id → weight). */
export type Clause = Map<number, number>;

/** A word of the query, parsed: the indexed term, whether it is still being typed (prefix), its typo budget. */
export interface QueryWord {
  /** The word as typed, lower case. */
  word: string;
  /** Its indexed form (stemmed), or null for a stop word or a number. */
  term: string | null;
  /** The last word, not yet followed by a space: matched as a prefix too. */
  prefix: boolean;
  /** Typos allowed. */
  typos: number;
}

/**
 * Parses what the reader typed: one word per clause, all required. A word
 * matches its indexed form exactly or with typos; the last word, while still
 * being typed, also matches as a prefix (so stop words and unfinished words
 * such as `permis` still find something).
 */
export function parseQuery(input: string): QueryWord[] {
  const words = tokenize(input.toLowerCase());
  const typing = !WORD_SEPARATOR.test(input.slice(-1));
  const out: QueryWord[] = [];
  words.forEach((word, i) => {
    const term = indexTerm(word);
    const prefix = typing && i === words.length - 1 && word.length >= 2;
    if (term || prefix) out.push({ word, term, prefix, typos: term ? typoTolerance(term) : 0 });
  });
  return out;
}

/** A displayed text cut into words, each with its indexed form and the (escaped) separator after it. */
interface Tokens {
  /** Escaped separator before the first word. */
  lead: string;
  words: { html: string; term: string; after: string }[];
}

/** Tokens of displayed texts, remembered: titles, headings and snippets come back in every result list. */
const tokenCache = new Map<string, Tokens>();
function tokensOf(text: string): Tokens {
  let tokens = tokenCache.get(text);
  if (!tokens) {
    if (tokenCache.size > 5000) tokenCache.clear();
    const parts = text.split(/([\n\r\p{Z}\p{P}\p{S}]+)/u);
    tokens = { lead: '', words: [] };
    for (let i = 0; i < parts.length; i += 2) {
      const word = parts[i]!;
      const after = escapeHtml(parts[i + 1] ?? '');
      if (!word) {
        // A separator before the first word (or between two separators).
        if (tokens.words.length) tokens.words[tokens.words.length - 1]!.after += after;
        else tokens.lead += after;
        continue;
      }
      tokens.words.push({ html: escapeHtml(word), term: indexTerm(word) ?? word.toLowerCase(), after });
    }
    tokenCache.set(text, tokens);
  }
  return tokens;
}

/** Which indexed terms to mark: a set, or a test. */
export type TermMatcher = ReadonlySet<string> | ((term: string) => boolean);

const matcher = (terms: TermMatcher) => (typeof terms === 'function' ? terms : (t: string) => terms.has(t));

/** A word of displayed text with the separator after it, escaped, `<mark>`ed when it matched. */
interface MarkedWord {
  html: string;
  marked: number;
}

/** The words of `text`, each escaped and marked when its indexed form matches, with the separators that follow them. */
function markWords(text: string, terms: TermMatcher): MarkedWord[] {
  const matches = matcher(terms);
  return tokensOf(text).words.map((w) => (matches(w.term) ? { html: `<mark>${w.html}</mark>${w.after}`, marked: 1 } : { html: w.html + w.after, marked: 0 }));
}

/** Escapes `text`, marking words whose indexed form matches. */
export function markTerms(text: string, terms: TermMatcher): { html: string; marked: number } {
  const matches = matcher(terms);
  const { lead, words } = tokensOf(text);
  let html = lead;
  let marked = 0;
  for (const w of words) {
    if (matches(w.term)) {
      marked++;
      html += `<mark>${w.html}</mark>${w.after}`;
    } else {
      html += w.html + w.after;
    }
  }
  return { html, marked };
}

/** A snippet of `words` of the marked words around the first match, with `…` where cut. */
function snippetOf(all: MarkedWord[], words: number, truncated: boolean): string {
  const first = all.findIndex((w) => w.marked > 0);
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor(words / 3), all.length - words));
  const end = Math.min(all.length, start + words);
  const body = all.slice(start, end).map((w) => w.html).join('').trimEnd();
  return (start > 0 ? '…' : '') + body + (end < all.length || truncated ? '…' : '');
}

/**
 * A snippet of `words` words of `text` around its first match, with `…`
 * where cut (Algolia's `attributesToSnippet` / `snippetEllipsisText`).
 */
export function snippet(text: string, terms: TermMatcher, words: number, truncated: boolean): string {
  return snippetOf(markWords(text, terms), words, truncated);
}

/** A loaded local index. */
export class LocalEngine {
  private readonly index: DecodedLocalIndex;
  /** Terms for prefix and typo lookups (MiniSearch's radix tree), and for exact ones. */
  private readonly terms = new SearchableMap<number>();
  private readonly termIds = new Map<string, number>();
  /** Per field: `k * (1 - b + b * length / average)` of each document, precomputed for BM25. */
  private readonly norms: Float32Array[];
  /** Accumulators, reused by every query: score, clauses matched, and the query that last touched each document. */
  private readonly score: Float64Array;
  private readonly matched: Uint8Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  private constructor(private readonly file: LocalIndexFile, headings: HeadingsByPath) {
    this.index = decodeLocalIndex(file, (path) => headings[path]);
    this.index.terms.forEach((term, id) => {
      this.terms.set(term, id);
      this.termIds.set(term, id);
    });
    const { k, b } = LOCAL_BM25;
    this.norms = this.index.fieldLength.map((lengths, f) => {
      const average = this.index.averageFieldLength[f]!;
      return Float32Array.from(lengths, (l) => k * (1 - b + (b * l) / average));
    });
    const n = this.index.docs.length;
    this.score = new Float64Array(n);
    this.matched = new Uint8Array(n);
    this.stamp = new Uint32Array(n);
  }

  /** Loads the index file's JSON text with the manifest's headings. */
  static load(json: string, headings: HeadingsByPath): LocalEngine {
    return new LocalEngine(JSON.parse(json) as LocalIndexFile, headings);
  }

  /** Number of documents (sections). */
  get size(): number {
    return this.index.docs.length;
  }

  /** The index terms a query word may match, with their weights (MiniSearch's: exact 1, typos and prefixes less). */
  clause(word: QueryWord): Clause {
    const clause: Clause = new Map();
    const put = (id: number, weight: number) => {
      if ((clause.get(id) ?? 0) < weight) clause.set(id, weight);
    };
    if (word.term) {
      const exact = this.termIds.get(word.term);
      if (exact !== undefined) put(exact, 1);
      if (word.typos) {
        for (const [term, [id, distance]] of this.terms.fuzzyGet(word.term, word.typos)) {
          if (distance) put(id, (LOCAL_MATCH_WEIGHTS.fuzzy * term.length) / (term.length + distance));
        }
      }
    }
    if (word.prefix) {
      for (const [term, id] of this.terms.atPrefix(word.word)) {
        const distance = term.length - word.word.length;
        put(id, distance ? (LOCAL_MATCH_WEIGHTS.prefix * term.length) / (term.length + 0.3 * distance) : 1);
      }
    }
    return clause;
  }

  /** Searches, returning one page of hits in Algolia's shape. */
  query(input: string, options: SearchOptions = {}): SearchResult {
    const hitsPerPage = options.hitsPerPage ?? SEARCH_HITS_PER_PAGE;
    const page = options.page ?? 0;
    const words = parseQuery(input.slice(0, 512));
    const clauses = words.map((w) => this.clause(w));
    const { top, total } = this.rank(clauses, (page + 1) * hitsPerPage);
    const queryWords = tokenize(input.toLowerCase());
    // A displayed word is marked when its indexed form is one of the terms the query matched.
    const ids = new Set(clauses.flatMap((c) => [...c.keys()]));
    const seen = new Map<string, boolean>();
    const matches = (term: string) => {
      let hit = seen.get(term);
      if (hit === undefined) {
        const id = this.termIds.get(term);
        seen.set(term, (hit = id !== undefined && ids.has(id)));
      }
      return hit;
    };
    return {
      query: input,
      hits: top.slice(page * hitsPerPage).map((doc) => this.hit(doc, matches, queryWords, options.snippetWords ?? SNIPPET_WORDS)),
      nbHits: total,
      page,
      nbPages: Math.ceil(total / hitsPerPage),
      hitsPerPage,
      queryID: null,
      fromLocalIndex: true,
    };
  }

  /** Scores the documents matching every clause (BM25+ per field, boosted) and returns the best `limit`, best first. */
  private rank(clauses: Clause[], limit: number): { top: number[]; total: number } {
    if (!clauses.length || clauses.some((c) => c.size === 0)) return { top: [], total: 0 };
    const { postings } = this.index;
    const { k, d } = LOCAL_BM25;
    const n = this.index.docs.length;
    const gen = ++this.generation;
    const { score, matched, stamp } = this;
    // Rarest word first: later words only add to documents that matched every earlier one.
    const size = (c: Clause) => [...c.keys()].reduce((sum, id) => sum + postings.reduce((s, field) => s + (field[id]?.docs.length ?? 0), 0), 0);
    const ordered = clauses.map((c) => ({ c, size: size(c) })).sort((a, b) => a.size - b.size).map((x) => x.c);
    let candidates: number[] = [];
    ordered.forEach((clause, ci) => {
      for (const [id, weight] of clause) {
        for (let f = 0; f < LOCAL_FIELDS.length; f++) {
          const posting: Posting | undefined = postings[f]![id];
          if (!posting) continue;
          const df = posting.docs.length;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          const factor = weight * LOCAL_BOOST[LOCAL_FIELDS[f]!] * idf;
          const norm = this.norms[f]!;
          const { docs, tfs } = posting;
          for (let i = 0; i < docs.length; i++) {
            const doc = docs[i]!;
            if (ci === 0) {
              if (stamp[doc] !== gen) {
                stamp[doc] = gen;
                score[doc] = 0;
                matched[doc] = 1;
                candidates.push(doc);
              }
            } else if (stamp[doc] !== gen || matched[doc]! < ci) {
              continue;
            } else if (matched[doc] === ci) {
              matched[doc] = ci + 1;
            }
            const tf = tfs[i]!;
            score[doc]! += factor * (d + (tf * (k + 1)) / (tf + norm[doc]!));
          }
        }
      }
      if (ci > 0) candidates = candidates.filter((doc) => matched[doc] === ci + 1);
    });
    return { top: topK(candidates, score, limit), total: candidates.length };
  }

  private hit(doc: number, matches: (term: string) => boolean, queryWords: string[], snippetWords: number): SearchHit {
    const info = this.index.docs[doc]!;
    const page = this.file.pages[info.page]!;
    const raw: Record<Level, string | null> = { lvl0: page.lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    for (const h of info.path) raw[`lvl${Math.min(h.depth, 6)}` as Level] = h.text;
    const highlight: Partial<Record<Level, HighlightValue>> = {};
    const matchLevel = (marked: number) => (marked === 0 ? 'none' : marked >= queryWords.length ? 'full' : 'partial');
    for (const [level, value] of Object.entries(raw) as [Level, string | null][]) {
      if (value === null) continue;
      const { html, marked } = markTerms(value, matches);
      highlight[level] = { value: html, matchLevel: matchLevel(marked), matchedWords: marked ? queryWords : [] };
    }
    // A heading hit when the section's own heading matched (the page for its lead), else a paragraph.
    const own = info.depth === 1 ? highlight.lvl1 : highlight[`lvl${Math.min(info.depth, 6)}` as Level];
    const type: HitType = own && own.matchLevel !== 'none' ? (`lvl${Math.min(info.depth, 6)}` as HitType) : 'content';
    const anchor = info.path.length ? info.path[info.path.length - 1]!.id : null;
    const url = anchor ? `${page.path}#${anchor}` : page.path;
    const text = this.file.snippets[doc] ?? '';
    const marked = markWords(text, matches);
    const content = text ? snippetOf(marked, snippetWords, text.length >= LOCAL_SNIPPET_CHARS - 12) : '';
    const contentMarked = content.includes('<mark>');
    const hierarchy = Object.fromEntries(Object.entries(raw).map(([key, v]) => [key, v === null ? null : escapeHtml(v)])) as SearchHit['hierarchy'];
    return {
      objectID: `local:${url}`,
      url,
      url_without_anchor: page.path,
      anchor,
      type,
      hierarchy,
      content: text ? escapeHtml(text) : null,
      _highlightResult: {
        hierarchy: highlight,
        ...(text ? { content: { value: marked.map((w) => w.html).join(' '), matchLevel: contentMarked ? 'partial' : 'none', matchedWords: contentMarked ? queryWords : [] } } : {}),
      },
      _snippetResult: {
        hierarchy: Object.fromEntries(Object.entries(highlight).map(([key, v]) => [key, { value: v.value, matchLevel: v.matchLevel }])),
        ...(content ? { content: { value: content, matchLevel: contentMarked ? 'partial' : 'none' } } : {}),
      },
      fromLocalIndex: true,
    };
  }
}

/** The `limit` best documents by score, best first; ties keep document order (a min-heap of size `limit`). */
export function topK(docs: number[], score: Float64Array, limit: number): number[] {
  const better = (a: number, b: number) => score[a]! > score[b]! || (score[a] === score[b] && a < b);
  if (docs.length <= limit) return [...docs].sort((a, b) => (better(a, b) ? -1 : 1));
  const heap: number[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const doc of docs) {
    if (heap.length < limit) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!better(heap[parent]!, heap[i]!)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (better(doc, heap[0]!)) {
      heap[0] = doc;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let worst = i;
        if (l < heap.length && better(heap[worst]!, heap[l]!)) worst = l;
        if (r < heap.length && better(heap[worst]!, heap[r]!)) worst = r;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}

/** Queries the benchmark and the tests time: everyday words, several words, prefixes, a typo, a stop word. */
const BENCH_QUERIES = ['authentication', 'tenant', 'deploy', 'permissions', 'redis', 'session cookie', 'perm', 'the', 'configuration', 'midleware', 'multi tenancy', 'api client', 'form validation', 'cms page', 'co', 'docker image'];

/** Times `queries` (after one warm-up round) over `rounds` rounds: median and 95th percentile, ms. */
export function measureQueries(engine: LocalEngine, queries: readonly string[] = BENCH_QUERIES, rounds = 5): { p50: number; p95: number; runs: number } {
  for (const q of queries) engine.query(q);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const start = performance.now();
      engine.query(q);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  return { p50: at(0.5), p95: at(0.95), runs: times.length };
}

/** Messages to the worker. */
export type WorkerRequest =
  | { type: 'load'; json: string; headings: HeadingsByPath }
  | { type: 'query'; id: number; query: string; options: SearchOptions };

/** Messages from the worker. */
export type WorkerResponse =
  | { type: 'loaded'; size: number }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'error'; id: number | null; message: string };

/** Serves the engine over `postMessage` (when this module runs as a worker). */
export function serveEngine(scope: { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(message: WorkerResponse): void }): void {
  let engine: LocalEngine | null = null;
  scope.onmessage = ({ data }) => {
    try {
      if (data.type === 'load') {
        engine = LocalEngine.load(data.json, data.headings);
        scope.postMessage({ type: 'loaded', size: engine.size });
      } else if (!engine) {
        scope.postMessage({ type: 'error', id: data.id, message: '[docs] local search: the index is not loaded.' });
      } else {
        scope.postMessage({ type: 'result', id: data.id, result: engine.query(data.query, data.options) });
      }
    } catch (error) {
      scope.postMessage({ type: 'error', id: data.type === 'query' ? data.id : null, message: error instanceof Error ? error.message : String(error) });
    }
  };
}

// Started as a module worker by `localIndex.ts`: answer its messages. (On the main thread and in Node, nothing happens.)
if (typeof document === 'undefined' && typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  serveEngine(globalThis as unknown as Parameters<typeof serveEngine>[0]);
}
