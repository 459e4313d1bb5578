/**
 * The local search index: one document per page section, indexed with
 * MiniSearch. The build creates it from the same records it gives Algolia; the
 * shell loads it lazily and queries it when Algolia cannot answer.
 */
import type { Options, SearchOptions } from 'minisearch';

/** A section of a page in the local index. */
export interface LocalDoc {
  /** Numeric id (smaller JSON than strings). */
  id: number;
  /** Route path below the base, with `#anchor` for sections. */
  url: string;
  /** Category (`lvl0`). */
  lvl0: string;
  /** Page title (`lvl1`). */
  title: string;
  /** Heading of the section, '' for the page's lead. */
  heading: string;
  /** Depth of `heading` (2–6), or 1 for the page's lead. */
  depth: number;
  /** Section text, indexed, not stored. */
  text: string;
  /** The start of `text`, stored for the result's snippet. */
  snippet: string;
}

/** Fields indexed; `title` and `heading` weigh more than `text`. */
export const LOCAL_INDEX_OPTIONS: Options<LocalDoc> = {
  fields: ['title', 'heading', 'text'],
  storeFields: ['url', 'lvl0', 'title', 'heading', 'depth', 'snippet'],
};

/** Query options: prefix and typo-tolerant matching, titles first. */
export const LOCAL_SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, heading: 2, text: 1 },
  prefix: true,
  fuzzy: (term) => (term.length > 4 ? 0.2 : false),
  combineWith: 'AND',
  // A page's lead section (its title) outranks sections deep inside it.
  boostDocument: (_id, _term, stored) => ((stored as { depth?: number } | undefined)?.depth === 1 ? 1.5 : 1),
};

/** Characters of section text stored for snippets. */
export const LOCAL_SNIPPET_CHARS = 200;
