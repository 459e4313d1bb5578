/** A long category's "Show N more" in the locale on screen, its count in the locale's numbers. */
import { describe, expect, it } from 'vitest';
import type { CategoryIndex } from '../../../../manifest';
import { CategoryPage } from '../../../../src/components/DocItem/DocPage';
import { localizedManifest, renderText } from '../../renderInLocale';

const category: CategoryIndex = {
  slug: 'guides',
  path: '/fr/docs/category/guides',
  label: 'Guides',
  description: '',
  category: [],
  items: [{ title: 'Setup', path: '/fr/docs/setup', description: 'Set up.' }],
  more: { count: 1234, file: 'guides-more.json' },
  previous: null,
  next: null,
  sidebarTop: null,
  sidebar: 'tutorialSidebar',
};

describe('CategoryPage', () => {
  it('offers the other cards in French', async () => {
    const manifest = localizedManifest();
    expect(await renderText('/fr/docs/category/guides', <CategoryPage manifest={manifest} category={category} />, { manifest })).toContain(
      'Afficher 1\u202f234 de plus',
    );
  });

  it('offers them in English, with English numbers, on an English page', async () => {
    const manifest = localizedManifest();
    const english = { ...category, path: '/docs/category/guides' };
    expect(await renderText('/docs/category/guides', <CategoryPage manifest={manifest} category={english} />, { manifest })).toContain('Show 1,234 more');
  });
});
