/** The sidebar's own texts in the locale on screen: the window's "Show N more" and a category's loading state. */
import { describe, expect, it } from 'vitest';
import { SIDEBAR_WINDOW, type SidebarItem } from '../../../manifest';
import { DocSidebarItems } from '../../../src/components/DocSidebar';
import { FRENCH, renderText } from '../renderInLocale';

const docs = (n: number, prefix = '/fr'): SidebarItem[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'doc', id: `d${i}`, label: `D${i}`, path: `${prefix}/docs/d${i}` }));

describe('DocSidebarItems', () => {
  it('offers the rest of a long list in French', async () => {
    const text = await renderText('/fr/docs/d0', <DocSidebarItems items={docs(SIDEBAR_WINDOW + 1234)} />);
    expect(text.endsWith(FRENCH['shell.sidebar.showMoreBelow']!.replace('{count}', '1\u202f234'))).toBe(true);
  });

  it('offers the items above the window in English on an English page', async () => {
    const text = await renderText(`/docs/d${SIDEBAR_WINDOW + 39}`, <DocSidebarItems items={docs(SIDEBAR_WINDOW + 40, '')} />);
    expect(text.startsWith('Show 40 more above')).toBe(true);
  });

  it('says a category’s items are loading in French', async () => {
    const category: SidebarItem = { type: 'category', label: 'Guides', collapsed: false, collapsible: false, path: null, items: [], shard: 'guides.json' };
    expect(await renderText('/fr/docs/intro', <DocSidebarItems items={[category]} />)).toBe(`Guides${FRENCH['shell.common.loading']}`);
  });
});
