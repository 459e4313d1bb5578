/** The shell's texts by id: translations, `{name}` values, plural forms and the locale's numbers. */
import { describe, expect, it } from 'vitest';
import { translator, useTranslate } from '../../../src/hooks/useTranslate';
import { localizedManifest, localizedQueryClient, renderText } from '../renderInLocale';

describe('translator', () => {
  const french = translator({ 'x.results': '{count} résultat|{count} résultats', 'x.hello': 'Bonjour {name}' }, 'fr-FR');
  const english = translator(undefined, 'en');

  it('gives the translation by id, else the English default, with values put in', () => {
    expect(french('x.hello', 'Hello {name}', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(french('x.missing', 'Hello {name}', { name: 'Ada' })).toBe('Hello Ada');
    expect(english('x.hello', 'Hello {name} {unknown}', { name: '{name}' })).toBe('Hello {name} {unknown}');
  });

  it('picks the plural form the language gives the count, in the order of Docusaurus’s plural forms', () => {
    // French counts 0 and 1 as "one".
    expect([0, 1, 2].map((count) => french('x.results', '1 result|{count} results', { count }))).toEqual(['0 résultat', '1 résultat', '2 résultats']);
    // The English default follows English rules on any page.
    expect([0, 1, 2].map((count) => french('x.none', '1 result|{count} results', { count }))).toEqual(['0 results', '1 result', '2 results']);
    // Arabic has six forms: zero, one, two, few, many, other.
    const arabic = translator({ 'x.n': 'صفر|واحد|اثنان|قليل|كثير|آخر' }, 'ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic('x.n', '', { count }))).toEqual(['صفر', 'واحد', 'اثنان', 'قليل', 'كثير', 'آخر']);
    // Fewer forms than the language has: the last one for the rest.
    expect(translator({ 'x.n': 'un|plusieurs' }, 'fr')('x.n', '', { count: 1_000_000 })).toBe('plusieurs');
  });

  it('writes numbers as the locale writes them', () => {
    expect(english('x.more', 'Show {count} more', { count: 1234 })).toBe('Show 1,234 more');
    expect(french('x.more', 'Show {count} more', { count: 1234 })).toBe('Show 1\u202f234 more');
  });
});

describe('useTranslate', () => {
  function Probe() {
    const t = useTranslate();
    return <p>{t('theme.NotFound.title', 'Page Not Found')}</p>;
  }

  it('without a site, reads the loaded manifest’s locales: French on a French page, English elsewhere', async () => {
    expect(await renderText('/fr/docs/intro', <Probe />, { inSite: false })).toBe('Page introuvable');
    expect(await renderText('/docs/intro', <Probe />, { inSite: false })).toBe('Page Not Found');
  });

  it('without a site or a manifest, gives the English defaults', async () => {
    const manifest = localizedManifest();
    const queryClient = localizedQueryClient(manifest);
    queryClient.removeQueries({ queryKey: ['manifest'] });
    expect(await renderText('/fr/docs/intro', <Probe />, { manifest, queryClient, inSite: false })).toBe('Page Not Found');
  });
});
