import { describe, expect, it } from 'vitest';
import { ADMONITIONS } from '../../../manifest/admonitions';
import { DEFAULT_MAGIC_COMMENTS } from '../../../manifest/magicComments';
import { makeSiteConfig, makeSiteConfigInput } from '../../helpers/manifestFixtures';

describe('resolveSiteConfig', () => {
  it('leaves the version settings out of the resolved docs settings (the root lists the versions)', () => {
    const site = makeSiteConfig({ docs: { lastVersion: '1.0', versions: { '1.0': { label: 'One' } }, onlyIncludeVersions: ['1.0'] } });
    expect(site.docs).toEqual({ routeBasePath: 'docs', sidebarId: 'tutorialSidebar', versionLabel: 'Next', mainDocId: 'intro' });
  });

  it('places the version dropdown where a docsVersionDropdown item is, and drops the language switcher item, which is always shown', () => {
    const input = makeSiteConfigInput();
    const site = makeSiteConfig({
      navbar: {
        ...input.navbar,
        items: [...input.navbar.items, { type: 'docsVersionDropdown', position: 'right' }, { type: 'localeDropdown', position: 'right' }],
      },
    });
    expect(site.navbar.versionDropdown).toBe('right');
    expect(site.navbar.items).toEqual(makeSiteConfig().navbar.items);
    expect(makeSiteConfig().navbar).not.toHaveProperty('versionDropdown');
  });

  it("takes the site's locale from i18n: the default locale, its label and direction", () => {
    expect(makeSiteConfig().locale).toEqual({ code: 'en', label: 'English', direction: 'ltr' });
    const i18n = { defaultLocale: 'ar', locales: ['ar', 'en'], localeConfigs: { ar: { label: 'العربية', direction: 'rtl' as const } } };
    expect(makeSiteConfig({ i18n }).locale).toEqual({ code: 'ar', label: 'العربية', direction: 'rtl' });
    expect(makeSiteConfig({ i18n: { defaultLocale: 'fr', locales: ['fr'] } }).locale).toEqual({ code: 'fr', label: 'fr', direction: 'ltr' });
  });

  it("reads pages as MDX with Docusaurus's magic comments and admonitions unless the site names its own", () => {
    const admonitions = Object.keys(ADMONITIONS);
    const none = { remarkPlugins: [], rehypePlugins: [] };
    expect(makeSiteConfig().markdown).toEqual({ format: 'mdx', magicComments: DEFAULT_MAGIC_COMMENTS, admonitions, ...none });
    const magicComments = [{ className: 'code-block-error-line', line: 'This will error' }];
    expect(makeSiteConfig({ markdown: { format: 'detect', magicComments } }).markdown).toEqual({ format: 'detect', magicComments, admonitions, ...none });
    expect(makeSiteConfig({ markdown: { remarkPlugins: ['remark-math', ['remark-emoji', { accessible: true }]] } }).markdown.remarkPlugins).toEqual([
      { name: 'remark-math' },
      { name: 'remark-emoji', options: { accessible: true } },
    ]);
    expect(makeSiteConfig({ markdown: { magicComments: [] } }).markdown.magicComments).toEqual([]);
    expect(makeSiteConfig({ markdown: { admonitions: { keywords: ['discord'] } } }).markdown.admonitions).toEqual([...admonitions, 'discord']);
  });
});
