/** DocSearch's own texts, by Docusaurus's `theme.SearchModal.*` ids: the locale's translations, DocSearch's English otherwise. */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/hooks/useTranslate';
import { inRankedGroups, modalTranslations, withHeadingPath } from '../../../src/search/SearchModal';
import type { SearchHit } from '../../../src/search/types';
import { FRENCH } from '../renderInLocale';

describe('modalTranslations', () => {
  it('gives DocSearch the French texts of code.json', () => {
    const texts = modalTranslations(translator(FRENCH, 'fr-FR'));
    expect(texts.searchBox?.cancelButtonText).toBe(FRENCH['theme.SearchModal.searchBox.cancelButtonText']);
    expect(texts.startScreen?.noRecentSearchesText).toBe(FRENCH['theme.SearchModal.startScreen.noRecentSearchesText']);
    expect(texts.errorScreen?.titleText).toBe(FRENCH['theme.SearchModal.errorScreen.titleText']);
    expect(texts.noResultsScreen?.noResultsText).toBe(FRENCH['theme.SearchModal.noResultsScreen.noResultsText']);
    expect(texts.footer?.closeText).toBe(FRENCH['theme.SearchModal.footer.closeText']);
    // Every text has its translation in the fixture: none is left in English.
    const english = modalTranslations(translator(undefined, 'en'));
    const values = (t: typeof texts) => Object.values(t).flatMap((group) => Object.values(group as Record<string, string>));
    const both = values(texts).map((text, i) => [text, values(english)[i]]);
    expect(both.filter(([french, en]) => french === en)).toEqual([]);
  });

  it('keeps DocSearch’s own English without translations', () => {
    const texts = modalTranslations(translator(undefined, 'en'));
    expect(texts.errorScreen).toEqual({ titleText: 'Unable to fetch results', helpText: 'You might want to check your network connection.' });
    expect(texts.noResultsScreen?.reportMissingResultsText).toBe('Believe this query should return results?');
    expect(texts.noResultsScreen?.reportMissingResultsLinkText).toBe('Let us know.');
    expect(texts.searchBox?.searchInputLabel).toBe('Search');
  });
});

describe('inRankedGroups', () => {
  const hit = (url: string, lvl0: string) =>
    ({
      url,
      hierarchy: { lvl0 },
      _highlightResult: { hierarchy: { lvl0: { value: lvl0, matchLevel: 'none', matchedWords: [] } } },
    }) as unknown as SearchHit;
  const key = (h: SearchHit) => h._highlightResult.hierarchy.lvl0!.value;

  it('keeps the ranked order: a category that comes back after another is a group of its own, shown with the same text', () => {
    const hits = [hit('/a', 'Tutorials'), hit('/b', 'Fundamentals'), hit('/c', 'Tutorials'), hit('/d', 'Tutorials'), hit('/e', 'Fundamentals')];
    const grouped = inRankedGroups(hits);
    expect(grouped.map((h) => h.url)).toEqual(['/a', '/b', '/c', '/d', '/e']);
    // Grouped by key, in order of first appearance, the hits keep their order.
    const groups = new Map<string, string[]>();
    for (const h of grouped) groups.set(key(h), [...(groups.get(key(h)) ?? []), h.url]);
    expect([...groups.values()].flat()).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect([...groups.keys()].map((k) => k.replace(/\u200b/g, ''))).toEqual(['Tutorials', 'Fundamentals', 'Tutorials', 'Fundamentals']);
    expect(grouped[0]).toBe(hits[0]);
    // Past a group's most hits, the next ones start a group of the same category.
    expect(inRankedGroups(hits.slice(2, 4), 1).map(key)).toEqual(['Tutorials', 'Tutorials\u200b']);
  });
});

describe('withHeadingPath', () => {
  const hit = (type: SearchHit['type'], hierarchy: Partial<SearchHit['hierarchy']>) =>
    ({
      url: '/docs/a#b',
      type,
      hierarchy: { lvl0: 'Docs', lvl1: 'Page', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...hierarchy },
      _highlightResult: { hierarchy: {} },
      _snippetResult: { hierarchy: { lvl1: { value: '<mark>Page</mark>', matchLevel: 'partial' } }, content: { value: 'text', matchLevel: 'none' } },
    }) as unknown as SearchHit;
  // DocSearch shows the snippet of `lvl1` under a paragraph or a deep heading: it names the sections above the hit.
  const path = (h: SearchHit) => withHeadingPath(h)._snippetResult.hierarchy.lvl1?.value;

  it('names the headings above a paragraph or a deep heading, highlights kept', () => {
    expect(path(hit('content', { lvl2: 'Setup', lvl3: 'Docker' }))).toBe('<mark>Page</mark> › Setup › Docker');
    expect(path(hit('lvl3', { lvl2: 'Setup', lvl3: 'Docker' }))).toBe('<mark>Page</mark> › Setup');
  });

  it('leaves a page, a second-level heading and a lead paragraph as they are', () => {
    for (const h of [hit('lvl1', {}), hit('lvl2', { lvl2: 'Setup' }), hit('content', {})]) expect(withHeadingPath(h)).toBe(h);
  });
});
