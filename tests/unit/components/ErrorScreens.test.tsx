/** The error, loading and not-found screens in the locale on screen, also outside the site's context (a failed root). */
import { describe, expect, it } from 'vitest';
import { NotFound, RouteError } from '../../../src/components/ErrorScreens';
import { FetchError } from '../../../src/data/fetchErrors';
import { FRENCH, renderText } from '../renderInLocale';

const noop = () => {};

describe('ErrorScreens', () => {
  it('says a failed fetch and offers Retry in French', async () => {
    const error = new FetchError('manifest.json', 0);
    const text = await renderText('/fr/docs/intro', <RouteError error={error} reset={noop} info={{ componentStack: '' }} />, { inSite: false });
    expect(text).toBe(`${FRENCH['shell.loadError.title']}${FRENCH['shell.loadError.text']}${error.message}${FRENCH['shell.common.retry']}`);
  });

  it('shows the crash screen in French', async () => {
    const text = await renderText('/fr/docs/intro', <RouteError error={new Error('boom')} reset={noop} info={{ componentStack: '' }} />);
    expect(text).toBe(`${FRENCH['shell.crash.title']}${FRENCH['theme.ErrorPageContent.title']}boom${FRENCH['theme.ErrorPageContent.tryAgain']}`);
  });

  it('says a page is not found in French, and in English on an English page', async () => {
    expect(await renderText('/fr/docs/nowhere', <NotFound />)).toBe(
      `${FRENCH['theme.NotFound.title']}${FRENCH['theme.NotFound.p1']}${FRENCH['shell.notFound.homeLink']}`,
    );
    expect(await renderText('/docs/nowhere', <NotFound />)).toBe('Page Not FoundWe could not find what you were looking for.Go to the home page');
  });
});
