/**
 * A page's front matter `image`, its social card, is an http(s) URL whatever the case of its scheme, or a file of
 * the site by its path from the site root, which must exist.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { type FixtureProject, useFixture } from '../helpers/build';

let project: FixtureProject;

beforeEach(() => {
  project = useFixture('basic-site');
});
afterEach(() => project.remove());

const page = (image: string) => `---\ntitle: Card\nimage: ${image}\n---\n# Card\n\nA page with a social card.\n`;

describe("a page's front matter image", () => {
  it('is refused, with its file and line, when no file of the site has its path', async () => {
    project.write('docs/card.md', page('img/nope.png'));
    const error = await project.build().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).message).toMatchInlineSnapshot(`
      "1 broken link found:
        content/docs/card.md:3: front matter \`image\` "img/nope.png" matches no file of the site. Put the image in \`content/static/\` (or the shell's \`public/\`) and write its path from the site root (\`img/social-card.png\`), or give its https:// URL."
    `);
  });

  it('names a file of the site by its path from the site root', async () => {
    project.write('docs/card.md', page('/img/logo.svg'));
    await project.build();
    expect(project.read('docs/card.html')).toContain('<meta property="og:image" content="https://antosubash.github.io/abp-react/img/logo.svg">');
  });

  it('is a URL whatever the case of its scheme', async () => {
    project.write('docs/card.md', page('HTTPS://cdn.example.com/card.png'));
    await project.build();
    expect(project.read('docs/card.html')).toContain('<meta property="og:image" content="HTTPS://cdn.example.com/card.png">');
  });
});
