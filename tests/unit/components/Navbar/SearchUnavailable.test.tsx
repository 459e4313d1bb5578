/** The notice said instead of opening search when its code cannot load, in the locale on screen. */
import { describe, expect, it } from 'vitest';
import { SearchUnavailable } from '../../../../src/components/Navbar/SearchUnavailable';
import { FRENCH, renderText } from '../../renderInLocale';

const noop = () => {};

describe('SearchUnavailable', () => {
  it('says a network failure and offers Retry in French on a French page', async () => {
    const text = await renderText('/fr/docs/intro', <SearchUnavailable failure="network" onReload={noop} onRetry={noop} onClose={noop} />);
    expect(text).toBe(`${FRENCH['shell.searchUnavailable.network']}${FRENCH['shell.common.retry']}[aria-label=${FRENCH['shell.common.close']}]×`);
  });

  it('keeps the English texts on an English page', async () => {
    const text = await renderText('/docs/intro', <SearchUnavailable failure="updated" onReload={noop} onRetry={noop} onClose={noop} />);
    expect(text).toBe('Search needs a reload: the site was updated since this page opened.Reload[aria-label=Close]×');
  });
});
