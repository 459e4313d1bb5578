/** DocSearch's own texts, by Docusaurus's `theme.SearchModal.*` ids: the locale's translations, DocSearch's English otherwise. */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/hooks/useTranslate';
import { modalTranslations } from '../../../src/search/SearchModal';
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
