/** The navbar's items in Docusaurus's layout: the left ones by the brand, the right ones together before the tools. */
import { describe, expect, it } from 'vitest';
import { Navbar } from '../../../../src/components/Navbar/Navbar';
import { ColorModeProvider } from '../../../../src/hooks/useColorMode';
import { makeManifest } from '../../../helpers/manifestFixtures';
import { localizedQueryClient, renderText } from '../../renderInLocale';

describe('Navbar', () => {
  it('shows the left items first and the right ones after them, each group in the configuration’s order', async () => {
    const item = (label: string, position: 'left' | 'right') => ({ label, to: `/${label.toLowerCase()}`, position });
    const manifest = makeManifest({
      site: {
        navbar: {
          title: 'Widgets',
          logo: { src: 'img/logo.svg', alt: 'Logo' },
          items: [item('Showcase', 'right'), item('Guide', 'left'), item('Blog', 'right'), item('API', 'left')],
        },
      },
    });
    const text = await renderText(
      '/docs/intro',
      <ColorModeProvider config={manifest.site.colorMode}>
        <Navbar />
      </ColorModeProvider>,
      { manifest, queryClient: localizedQueryClient(manifest) },
    );
    expect(text).toContain('GuideAPIShowcaseBlog');
  });
});
