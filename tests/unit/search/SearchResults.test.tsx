/** The search page's results in the locale on screen: no results, the count's plural form, the error. */
import { describe, expect, it } from 'vitest';
import { lastVersion, localeCodeAt, SNIPPET_WORDS, versionKey } from '../../../manifest';
import SearchResults from '../../../src/search/SearchResults';
import type { SearchResult } from '../../../src/search/types';
import { TEXTS } from '../../../manifest/texts';
import { FRENCH, localizedManifest, localizedQueryClient, renderText } from '../renderInLocale';

/** The page's results for `query` as if the search had answered `result`. */
async function resultsText(path: string, query: string, result: Partial<SearchResult>): Promise<string> {
  const manifest = localizedManifest();
  const queryClient = localizedQueryClient(manifest);
  const answer: SearchResult = { query, hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, queryID: null, fromLocalIndex: false, ...result };
  // The version on screen: on the search page, the last one of the locale (no version is preferred).
  const version = versionKey(lastVersion(manifest, localeCodeAt(manifest.site, path)));
  queryClient.setQueryData(['search', manifest.search.entry, JSON.stringify(manifest.site.search), version, query, SNIPPET_WORDS], {
    pages: [answer],
    pageParams: [0],
  });
  return renderText(path, <SearchResults manifest={manifest} query={query} />, { manifest, queryClient });
}

describe('SearchResults', () => {
  it('says there are no results in French, with the local index’s note', async () => {
    expect(await resultsText('/fr/search', 'zzz', { fromLocalIndex: true })).toBe(
      `${FRENCH['theme.SearchModal.noResultsScreen.noResultsText']} "zzz"${FRENCH['shell.search.fromLocalIndex']}`,
    );
  });

  it('says results found without part of the index need the network offline, and that it could not be read online', async () => {
    expect(await resultsText('/search', 'zzz', { fromLocalIndex: true, incomplete: true })).toBe(
      'Search needs the network for these words; pages you saved are searched',
    );
    expect(await resultsText('/search', 'zzz', { fromLocalIndex: true, incomplete: true, unreadable: true })).toBe(
      'Part of the search index could not be read, so some pages may be missing here. Try again later.',
    );
    expect(await resultsText('/search', 'a', { nbHits: 1, fromLocalIndex: true, incomplete: true, unreadable: true })).toContain(
      'Part of the search index could not be read',
    );
  });

  it('counts results with the French plural form and numbers, and English elsewhere', async () => {
    expect(await resultsText('/fr/search', 'a', { nbHits: 1 })).toMatch(/^1 résultat/);
    expect(await resultsText('/fr/search', 'a', { nbHits: 1500 })).toMatch(/^1\u202f500 résultats/);
    expect(await resultsText('/search', 'a', { nbHits: 1 })).toMatch(/^1 result/);
    expect(await resultsText('/search', 'a', { nbHits: 1500 })).toMatch(/^1,500 results/);
  });

  it('offers the closest words when nothing matches, in the locale’s sentence, and only then', async () => {
    expect(await resultsText('/search', 'dokcer', { suggestion: 'docker' })).toBe('No results for "dokcer"Did you mean docker?');
    expect(await resultsText('/fr/search', 'dokcer', { suggestion: 'docker' })).toContain('Vouliez-vous dire docker ?');
    expect(await resultsText('/search', 'dokcer', { suggestion: 'docker', incomplete: true })).toBe(`${TEXTS['shell.search.incomplete']}Did you mean docker?`);
  });

  it('asks for the query as typed, a space after its last word included, as the modal does', async () => {
    expect(await resultsText('/search', 'docker ', { nbHits: 1 })).toMatch(/^1 result/);
  });
});
