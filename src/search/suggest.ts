/**
 * "Did you mean …?": for a query that matched nothing, the same query with each word replaced by the closest word the
 * local index holds. The engine (`localEngine.ts`) loads this module only then, so a search that finds something
 * never downloads it; it reads the index through the engine (`SuggestionSource`) and imports nothing else.
 */
import type { LocalIndexFragment } from '../../manifest/localSearch';

/** A word of the query as the engine parsed it (its `QueryWord`): as typed, its term, whether it is still being typed, its place. */
interface TypedWord {
  word: string;
  term: string | null;
  prefix: boolean;
  at: number;
}

/** What a suggestion reads of the index, through the engine. */
export interface SuggestionSource {
  /** Terms near `term` in the index, one edit further than the typos `typed` may have matched, with their page counts and postings. */
  closest(term: string, typed: string): Promise<{ term: string; distance: number; df: number; postings: string }[]>;
  /** The page (slot) a term's postings say is most about it, or -1. */
  topPage(postings: string): number;
  /** Fragments of pages, by slot (those that can be had). */
  fragments(slots: number[]): Promise<Map<number, LocalIndexFragment>>;
  /** A word's indexed term (`indexTerm`). */
  termOf(word: string): string | null;
  /** A text's words, as the index splits them (`tokenize`). */
  tokenize(text: string): string[];
}

/** Letters of a word typed whole, or still being typed, before another word is suggested for it. */
const SUGGEST_LETTERS = 3;
const SUGGEST_TYPING_LETTERS = 4;

/** How `texts` write the word whose term is `term`: a word, or two joined by a hyphen (`multi-tenancy` for `multitenanc`). */
function spelling(texts: string[], term: string, termOf: (word: string) => string | null): string | null {
  for (const text of texts) {
    const parts = text.toLowerCase().split(/([\n\r\t\p{Z}\p{P}\p{S}]+)/u);
    for (let i = 0; i < parts.length; i += 2) {
      const word = parts[i]!;
      if (!word) continue;
      if (termOf(word) === term) return word;
      const next = parts[i + 2];
      if (next && parts[i + 1] === '-' && termOf(word + next) === term) return `${word}-${next}`;
    }
  }
  return null;
}

/**
 * The query with each of its words replaced by the closest term the index holds (the commonest on a tie), written as
 * the page most about that term writes it (the index holds stems, which readers do not type); null when no word has one.
 */
export async function suggestQuery(words: TypedWord[], input: string, source: SuggestionSource): Promise<string | null> {
  const closest = new Map<number, { term: string; postings: string }>();
  for (const word of words) {
    if (!word.term || word.word.length < (word.prefix ? SUGGEST_TYPING_LETTERS : SUGGEST_LETTERS)) continue;
    let best: { term: string; distance: number; df: number; postings: string } | null = null;
    for (const c of await source.closest(word.term, word.word)) {
      if (!best || c.distance < best.distance || (c.distance === best.distance && c.df > best.df)) best = c;
    }
    if (best) closest.set(word.at, best);
  }
  if (!closest.size) return null;
  const pageOf = new Map([...closest].map(([at, { postings }]) => [at, source.topPage(postings)]));
  const bySlot = await source.fragments([...new Set(pageOf.values())].filter((slot) => slot >= 0));
  const typed = source.tokenize(input.toLowerCase());
  for (const [at, { term }] of closest) {
    const f = bySlot.get(pageOf.get(at)!);
    const texts = f ? [f.title, ...f.headings.map((h) => h[2]), ...f.sections.map((x) => x[1])] : [];
    typed[at] = spelling(texts, term, source.termOf) ?? term;
  }
  return typed.join(' ');
}
