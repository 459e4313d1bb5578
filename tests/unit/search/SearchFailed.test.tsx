/** The search page's error in the locale on screen. */
import { describe, expect, it } from 'vitest';
import { SearchFailed } from '../../../src/search/SearchFailed';
import { FRENCH, renderText } from '../renderInLocale';

describe('SearchFailed', () => {
  it('says the search failed, with Retry, in French', async () => {
    expect(await renderText('/fr/search', <SearchFailed onRetry={() => {}} />)).toBe(
      FRENCH['theme.SearchModal.errorScreen.titleText']! + FRENCH['theme.SearchModal.errorScreen.helpText'] + FRENCH['shell.common.retry'],
    );
  });
});
