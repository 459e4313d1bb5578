/** The notice above an unlisted doc, in Docusaurus's words and ids, in the locale on screen. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { UnlistedBanner } from '../../../../src/components/DocItem/UnlistedBanner';
import { localeStringsQueryOptions, manifestQueryOptions } from '../../../../src/data/manifestQueries';
import { makeManifest } from '../../../helpers/manifestFixtures';
import { localizedManifest, renderText } from '../../renderInLocale';

describe('UnlistedBanner', () => {
  it('says the page is unlisted, as a note named by its title', async () => {
    const manifest = makeManifest();
    expect(await renderText('/docs/secret', <UnlistedBanner site={manifest.site} />, { manifest })).toBe(
      '[aria-label=Unlisted page]Unlisted pageThis page is unlisted. Search engines will not index it, and only users having a direct link can access it.',
    );
  });

  it("takes a locale's translation of Docusaurus's ids", async () => {
    const manifest = localizedManifest();
    const fr = manifest.site.locales.find((locale) => locale.code === 'fr')!;
    fr.strings = 'unlisted-strings.json';
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(manifestQueryOptions().queryKey, manifest as never);
    queryClient.setQueryData(localeStringsQueryOptions(fr.strings).queryKey, {
      strings: { 'theme.contentVisibility.unlistedBanner.title': 'Page non listée', 'theme.contentVisibility.unlistedBanner.message': 'Seul un lien y mène.' },
      sidebars: {},
    });
    expect(await renderText('/fr/docs/secret', <UnlistedBanner site={manifest.site} />, { manifest, queryClient })).toBe(
      '[aria-label=Page non listée]Page non listéeSeul un lien y mène.',
    );
  });
});
