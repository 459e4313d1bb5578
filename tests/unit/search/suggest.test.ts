/** "Did you mean …?": the closest term of each word, written as the page most about it writes it. */
import { describe, expect, it } from 'vitest';
import { indexTerm, tokenize } from '../../../manifest/localSearch';
import { suggestQuery, type SuggestionSource } from '../../../src/search/suggest';

const fragment = {
  path: '/docs/t',
  title: 'Multi-tenancy',
  category: 'Docs',
  headings: [],
  sections: [[-1, 'Each tenant has its own data.']] as [number, string][],
};

/** An index of two terms, both on the page above (slot 0). */
const source: SuggestionSource = {
  closest: async (term) =>
    [
      { term: indexTerm('multitenancy')!, distance: 2, df: 1, postings: '' },
      { term: 'tenant', distance: 1, df: 3, postings: '' },
    ].filter((c) => (term === 'tenent' ? c.term === 'tenant' : c.term !== 'tenant')),
  topPage: () => 0,
  fragments: async () => new Map([[0, fragment]]),
  termOf: indexTerm,
  tokenize,
};

describe('suggestQuery', () => {
  it('replaces each word by its closest term as the page writes it, hyphenated words included, and keeps the rest as typed', async () => {
    const words = [
      { word: 'multitenensy', term: indexTerm('multitenensy'), prefix: false, at: 0 },
      { word: 'tenent', term: indexTerm('tenent'), prefix: false, at: 2 },
    ];
    expect(await suggestQuery(words, 'multitenensy of tenent', source)).toBe('multi-tenancy of tenant');
  });

  it('suggests nothing for words too short to guess at', async () => {
    expect(await suggestQuery([{ word: 'te', term: 'te', prefix: false, at: 0 }], 'te', source)).toBeNull();
  });
});
