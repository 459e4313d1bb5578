/** The home page from the site configuration: what it names, and a plain page for a site that names none of it. */
import { describe, expect, it } from 'vitest';
import { Home } from '../../../src/components/Home';
import { makeManifest } from '../../helpers/manifestFixtures';
import { renderText } from '../renderInLocale';

describe('Home', () => {
  it("shows a site without home texts its title, tagline and a button to the docs, and none of the sections' headings", async () => {
    const manifest = makeManifest({ site: { home: {} } });
    expect(await renderText('/docs/intro', <Home manifest={manifest} />, { manifest })).toBe('ABP ReactDocs for testsRead the docs');
  });

  it('shows the sections the configuration fills, with their headings', async () => {
    const manifest = makeManifest({
      site: {
        home: {
          heading: 'Widgets',
          lead: 'Small ones',
          actions: [{ label: 'Start', to: '/docs/intro' }],
          featuresHeading: 'What you get',
          features: [{ title: 'Fast', description: 'Very', link: { label: 'More', to: '/docs/intro' } }],
          ctaHeading: 'Try it',
          ctaCommands: ['npm i widget'],
        },
      },
    });
    expect(await renderText('/docs/intro', <Home manifest={manifest} />, { manifest })).toBe(
      'WidgetsSmall onesStartWhat you getFastVeryMore →Try itnpm i widget',
    );
  });
});
