/** The shell's texts by id: translations, `{name}` values, plural forms and the locale's numbers. */
import { describe, expect, it } from 'vitest';
import { TEXTS, type TextId } from '../../../manifest';
import { translator, useTranslate } from '../../../src/hooks/useTranslate';
import { localizedManifest, localizedQueryClient, renderText } from '../renderInLocale';

describe('translator', () => {
  const RESULTS = 'theme.SearchPage.documentsFound.plurals';
  const VERSION = 'shell.versionDropdown.ariaLabel';
  const french = translator({ [RESULTS]: '{count} résultat|{count} résultats', [VERSION]: 'Version : {versionLabel}' }, 'fr-FR');
  const english = translator(undefined, 'en');

  it('gives the translation by id, else the English of the catalogue, with values put in', () => {
    expect(french(VERSION, { versionLabel: '2.0' })).toBe('Version : 2.0');
    expect(french('shell.versionBadge.title')).toBe(TEXTS['shell.versionBadge.title']);
    expect(english(VERSION, { versionLabel: '{versionLabel}', unknown: 'x' })).toBe('Docs version: {versionLabel}');
  });

  it('gives a label of the site configuration its translation, else the configured text', () => {
    const withLabels = translator({ 'navbar.item.label.Docs': 'Documentation' }, 'fr-FR');
    expect(withLabels('navbar.item.label.Docs', 'Docs')).toBe('Documentation');
    expect(withLabels('footer.link.title.Community', 'Community')).toBe('Community');
  });

  it('shows an id the catalogue lacks as itself rather than as English', () => {
    expect(english('shell.no.such.text' as TextId)).toBe('shell.no.such.text');
  });

  it('picks the plural form the language gives the count, in the order of Docusaurus’s plural forms', () => {
    // French counts 0 and 1 as "one".
    expect([0, 1, 2].map((count) => french(RESULTS, { count }))).toEqual(['0 résultat', '1 résultat', '2 résultats']);
    // The English default follows English rules on any page.
    expect([0, 1, 2].map((count) => translator({}, 'fr-FR')(RESULTS, { count }))).toEqual(['0 results', '1 result', '2 results']);
    // Arabic has six forms: zero, one, two, few, many, other.
    const arabic = translator({ [RESULTS]: 'صفر|واحد|اثنان|قليل|كثير|آخر' }, 'ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic(RESULTS, { count }))).toEqual(['صفر', 'واحد', 'اثنان', 'قليل', 'كثير', 'آخر']);
    // Fewer forms than the language has: the last one for the rest.
    expect(translator({ [RESULTS]: 'un|plusieurs' }, 'fr')(RESULTS, { count: 1_000_000 })).toBe('plusieurs');
  });

  it('writes numbers as the locale writes them', () => {
    expect(english('shell.sidebar.showMoreBelow', { count: 1234 })).toBe('Show 1,234 more below');
    expect(translator({}, 'fr-FR')('shell.sidebar.showMoreBelow', { count: 1234 })).toBe('Show 1\u202f234 more below');
  });
});

describe('useTranslate', () => {
  function Probe() {
    const t = useTranslate();
    return <p>{t('theme.NotFound.title')}</p>;
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
