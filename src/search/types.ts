/**
 * The one shape of search results, whichever source answered (Algolia or the
 * local index). It is DocSearch's hit shape, so the modal renders it as it is,
 * and the /search page reads the same fields. Every string that ends up as HTML
 * (`hierarchy`, `content`, highlight and snippet values) is escaped text in
 * which only `<mark>` and `</mark>` are markup (`sanitize.ts`).
 */

/** Hierarchy level names. */
export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** What a hit stands for: a page (`lvl1`), a heading (`lvl2`…), or a paragraph. */
export type HitType = Exclude<Level, 'lvl0'> | 'content';

/** A highlighted attribute. */
export interface HighlightValue {
  /** Escaped text with `<mark>` around matches. */
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  /** Query words that matched. */
  matchedWords: string[];
}

/** A snippet: a few words around the match, `…` where cut. */
export interface SnippetValue {
  /** Escaped text with `<mark>` around matches. */
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

/** One search hit. */
export interface SearchHit {
  /** Stable id (Algolia's objectID, or the url for local hits). */
  objectID: string;
  /** Route below the base with an optional `#anchor` (`/docs/intro#setup`), or an absolute URL off the site. */
  url: string;
  /** `url` without its anchor. */
  url_without_anchor: string;
  /** The anchor, or null. */
  anchor: string | null;
  type: HitType;
  /** Category, page title and headings (escaped text). */
  hierarchy: { lvl0: string; lvl1: string; lvl2: string | null; lvl3: string | null; lvl4: string | null; lvl5: string | null; lvl6: string | null };
  /** Paragraph text for `content` hits (escaped), else null. */
  content: string | null;
  _highlightResult: { hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
  _snippetResult: { hierarchy: Partial<Record<Level, SnippetValue>>; content?: SnippetValue };
  /** Whether the local index answered rather than Algolia. */
  fromLocalIndex: boolean;
}

/** A page of results. */
export interface SearchResult {
  /** The query as searched. */
  query: string;
  hits: SearchHit[];
  /** Hits in total, over every page. */
  nbHits: number;
  /** Zero-based page. */
  page: number;
  /** Pages in total. */
  nbPages: number;
  hitsPerPage: number;
  /** Algolia's query id (click analytics), or null. */
  queryID: string | null;
  /** Whether the local index answered rather than Algolia. */
  fromLocalIndex: boolean;
  /**
   * The local index answered without some of its files (offline, never fetched): pages may be missing from the
   * results. Readers are told to search the full site when online.
   */
  incomplete?: boolean;
  /**
   * With `incomplete`: the files were missing while the network was up (not found, or refused because their bytes
   * do not match their names), so the network is no cure and readers are not told to go online.
   */
  unreadable?: boolean;
  /** For a query that matched nothing, the same query with the closest words the index holds ("Did you mean …?"). */
  suggestion?: string;
  /** Only the first `SearchOptions.firstHits` hits of the page are here; the same query without it gives them all. */
  partial?: boolean;
}

/** Options of one search. */
export interface SearchOptions {
  /** Zero-based page; default 0. */
  page?: number;
  /** Default `SEARCH_HITS_PER_PAGE` (20). */
  hitsPerPage?: number;
  /** Snippet length in words; default `SNIPPET_WORDS` (10), 5 on small screens. */
  snippetWords?: number;
  /**
   * Names a stream of queries of which only the newest is answered: the local index drops this query
   * (`SupersededError`) once a newer query of the same stream comes, before it reads the results' fragments. One
   * stream per opening of the modal, so a closed modal's query never drops the open one's, or the reverse.
   */
  latestOf?: string;
  /**
   * Of a first page, the hits to answer with as soon as they can be shown (the local index then reads the fragments of
   * these alone, and says `partial`); the ranking is the whole page's, so asking again without it adds the rest below.
   */
  firstHits?: number;
}

/**
 * Hits the modal shows before the rest of a page (`SearchOptions.firstHits`): about what it shows unscrolled, and one
 * round of a browser's six connections to a host. The local index orders these among themselves and the rest of
 * the page among themselves, so the modal and the search page list the same hits in the same order.
 */
export const FIRST_HITS = 6;

/** A `latestOf` query that a newer one of its stream replaced before it was answered. */
export class SupersededError extends Error {
  override name = 'SupersededError';
}

/**
 * All search hosts unreachable and no local answer possible. Its
 * `name` is `RetryError`, as the Algolia client's, so DocSearch shows its error
 * screen ('Unable to fetch results').
 */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
