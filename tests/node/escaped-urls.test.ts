/**
 * A slug may hold a space or letters beyond ASCII; the absolute URLs the build writes of its page (sitemap,
 * canonical link, og:url, llms.txt) carry them percent-encoded, as a URL must.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureProject, useFixture } from '../helpers/build';

let project: FixtureProject;

beforeAll(async () => {
  project = useFixture('basic-site');
  project.write('docs/spaced.md', '---\nslug: /with space/café\n---\n# Spaced\n\nA page whose slug has a space.\n');
  await project.build();
});
afterAll(() => project.remove());

describe('the absolute URL of a page whose slug holds a space', () => {
  const url = 'https://antosubash.github.io/abp-react/docs/with%20space/caf%C3%A9';

  it('is percent-encoded in the sitemap', () => {
    const sitemap = project.read('sitemap.xml');
    expect(sitemap).toContain(`<loc>${url}</loc>`);
    expect(sitemap).not.toContain('with space');
  });

  it("is percent-encoded in the page's head", () => {
    const html = project.read('docs/with space/café.html');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
  });

  it('is percent-encoded in llms.txt', () => {
    expect(project.read('llms.txt')).toContain(`](${url}.md)`);
  });
});
