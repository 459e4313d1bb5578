/**
 * Docusaurus content works as written: admonitions, co-located and
 * static images with their sizes, relative `.md` and absolute `/docs` links, a
 * generated index, and llms.txt listing every doc.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFixture } from '../helpers/build';
import { BuildSession } from '../../node/session';

const ADMONITIONS =
  /<div class="admonition admonition--(\w+)" role="note" aria-label="(\w+)"><div class="admonition__heading"><svg[^>]*>.*?<\/svg><span class="admonition__title">(.*?)<\/span><\/div>/g;

describe('fixture docusaurus-site', () => {
  const project = useFixture('docusaurus-site');
  beforeAll(() => project.build());
  afterAll(() => project.remove());

  const article = (path: string) => {
    const manifest = project.manifest();
    const page = Object.values(manifest.docs).find((d) => d.path === path)!;
    return project.read(`blobs/${page.article}`);
  };
  const callouts = (html: string) => [...html.matchAll(ADMONITIONS)].map(([, type, label, title]) => ({ type, label, title }));

  it('builds without warnings', () => {
    expect(project.warnings).toEqual([]);
  });

  it('renders every admonition as a callout with its title and its type as the label', () => {
    expect(callouts(article('/docs/intro'))).toEqual([
      { type: 'note', label: 'Note', title: 'Note' },
      { type: 'tip', label: 'Tip', title: 'Read this first' },
    ]);
    expect(callouts(article('/docs/guides/setup'))).toEqual([
      { type: 'info', label: 'Info', title: 'Info' },
      { type: 'warning', label: 'Warning', title: 'Careful with <code>secrets</code>' },
      { type: 'danger', label: 'Danger', title: 'Danger' },
      { type: 'caution', label: 'Caution', title: 'Caution' },
    ]);
    expect(callouts(article('/docs/guides/deploy'))).toEqual([
      { type: 'tip', label: 'Tip', title: 'A title in brackets' },
      { type: 'info', label: 'Info', title: 'Outer' },
      { type: 'note', label: 'Note', title: 'Inner' },
    ]);
  });

  it('keeps markdown inside admonitions and text with colons as written', () => {
    const html = article('/docs/intro');
    expect(html).toContain('<li>a list item with <code>code</code></li>');
    expect(html).toContain('<a href="guides/setup#install">link to setup</a>');
    expect(html).toContain('<div class="code-block" data-language="ts">');
    expect(html).toContain('The meeting is at 10:30. Note: plain text with a colon stays as written.');
  });

  it('resolves every image to a file in dist/ with its width and height', () => {
    const images = ['/docs/intro', '/docs/guides/setup', '/docs/guides/deploy'].flatMap((path) =>
      [...article(path).matchAll(/<img ([^>]*)>/g)].map(([, attrs]) => Object.fromEntries([...attrs!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]))),
    );
    expect(images.map(({ alt, src, width, height }) => ({ alt, src, width, height }))).toEqual([
      { alt: 'Static diagram', src: '/abp-react/img/static-diagram.png', width: '64', height: '32' },
      { alt: 'badge', src: '/abp-react/img/badge.svg', width: '90', height: '20' },
      { alt: 'Diagram', src: expect.stringMatching(/^\/abp-react\/blobs\/[0-9a-f]{16}\.png$/), width: '40', height: '20' },
      { alt: 'Static diagram with the base', src: '/abp-react/img/static-diagram.png', width: '64', height: '32' },
    ]);
    // The shell's public/ files are in dist/ after a shell build; the content build writes its own.
    for (const { src, width, height } of images) {
      const rel = src!.replace('/abp-react/', '');
      const file = rel.startsWith('blobs/') || rel.startsWith('img/badge') ? join(project.distDir, rel) : join(project.dir, 'public', rel);
      expect(existsSync(file), file).toBe(true);
      expect(imageSize(readFileSync(file))).toMatchObject({ width: Number(width), height: Number(height) });
    }
  });

  it('lists the files pages refer to in the manifest, for the shell', () => {
    expect(project.manifest().files).toEqual({
      '/files/guide.pdf': { href: '/files/guide.pdf', width: null, height: null },
      '/img/badge.svg': { href: '/img/badge.svg', width: 90, height: 20 },
      '/img/static-diagram.png': { href: '/img/static-diagram.png', width: 64, height: 32 },
      'docs/guides/diagram.png': { href: expect.stringMatching(/^\/blobs\/[0-9a-f]{16}\.png$/), width: 40, height: 20 },
    });
  });

  it('links static files under the base path', () => {
    expect(article('/docs/intro')).toContain('<a href="/abp-react/files/guide.pdf">the PDF guide</a>');
  });

  it('makes the generated index of a category', () => {
    expect(project.manifest().categories.guides).toMatchObject({ path: '/docs/category/guides', description: 'Step-by-step guides.' });
  });

  it('lists every doc in llms.txt, with its markdown at the route plus .md', () => {
    expect(project.read('llms.txt')).toMatchInlineSnapshot(`
      "# ABP React

      > A modern Next.js, TypeScript and Tailwind CSS frontend for ABP Framework applications

      Each link below is a page's markdown. [llms-full.txt](https://antosubash.github.io/abp-react/llms-full.txt) holds every page in one file.

      ## Docs

      - [Introduction](https://antosubash.github.io/abp-react/docs/intro.md): A Docusaurus docs folder, copied in as it is.

      ## Guides

      - [Setup](https://antosubash.github.io/abp-react/docs/guides/setup.md): Back to the introduction.
      - [Deploy](https://antosubash.github.io/abp-react/docs/guides/deploy.md): Publish the site.
      "
    `);
    const docs = Object.values(project.manifest().docs);
    for (const doc of docs) expect(project.read(`${doc.path.slice(1)}.md`)).toContain(`# ${doc.title}`);
    const full = project.read('llms-full.txt');
    for (const doc of docs) expect(full).toContain(`Source: https://antosubash.github.io/abp-react${doc.path}\n\n# ${doc.title}`);
    expect(full).toContain(':::tip Read this first');
  });
});

describe('fixture unknown-directive', () => {
  const project = useFixture('unknown-directive');
  afterAll(() => project.remove());

  it('warns with file and line, and still shows the text', async () => {
    await project.build();
    expect(project.warnings).toMatchInlineSnapshot(`
      [
        "content/docs/intro.md:5: \`:::details\` is no admonition; its text is shown as it is. Use one of \`:::note\`, \`:::tip\`, \`:::info\`, \`:::warning\`, \`:::danger\`, \`:::caution\`, \`:::important\`, \`:::secondary\`, \`:::success\`, or add \`details\` to \`markdown.admonitions.keywords\` in \`site.config.json\`.",
        "content/docs/intro.md:9: \`::youtube\` is no admonition; its text is shown as it is. Use one of \`:::note\`, \`:::tip\`, \`:::info\`, \`:::warning\`, \`:::danger\`, \`:::caution\`, \`:::important\`, \`:::secondary\`, \`:::success\`.",
      ]
    `);
    const page = project.manifest().docs.intro!;
    expect(project.read(`blobs/${page.article}`)).toMatchInlineSnapshot(`
      "<header><h1>Introduction</h1></header><div><p>Click to expand</p><p>The text inside is still shown.</p></div>
      <p>::youtube[Video]{id=abc}</p>
      <p>At 10:30, a:b and :smile: stay text.</p>"
    `);
  });

  it('reads a keyword the site adds as an admonition, in a build that kept the last one’s renderings', async () => {
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
    const session = new BuildSession();
    await project.build({ session });
    project.write('site.config.json', JSON.stringify({ ...config, markdown: { admonitions: { keywords: ['details'] } } }));
    project.warnings.length = 0;
    await project.build({ session });
    expect(project.warnings.filter((w) => w.includes('`:::details` is no admonition'))).toEqual([]);
    const page = project.manifest().docs.intro!;
    expect(project.read(`blobs/${page.article}`)).toContain(
      '<div class="admonition admonition--info admonition--details" role="note" aria-label="Details"><div class="admonition__heading">',
    );
    expect(project.read(`blobs/${page.article}`)).toContain('<span class="admonition__title">Click to expand</span>');
  });
});

describe('fixture missing-image', () => {
  const project = useFixture('missing-image');
  afterAll(() => project.remove());

  it('fails with file and line for every image without a file or a size', async () => {
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: 3 broken links found:
        content/docs/intro.md:7: image "./gone.png" matches no file. Put the image next to the markdown file and write a relative path (\`./diagram.png\`), or put it in \`public/\` and write its path from the site root (\`/img/diagram.png\`).
        content/docs/intro.md:9: image "/img/nowhere.png" matches no file. Put the image next to the markdown file and write a relative path (\`./diagram.png\`), or put it in \`public/\` and write its path from the site root (\`/img/diagram.png\`).
        content/docs/intro.md:11: image "./notes.txt" has no size the build can read: \`content/docs/notes.txt\` is not a PNG, JPEG, GIF, WebP, AVIF or SVG image (an SVG needs \`width\` and \`height\` or a \`viewBox\`).]
    `);
  });
});

describe("a page's own title, as Docusaurus reads it", () => {
  const project = useFixture('unknown-directive');
  afterAll(() => project.remove());

  it('is its first heading when that is an h1 above every thematic break; else the front matter title heads the page', async () => {
    project.write('docs/intro.md', '---\ntitle: Introduction\n---\n\nText.\n\n# Welcome\n\nMore.\n');
    project.write('docs/view.md', '---\ntitle: View\n---\n\nA box.\n\n### Events\n\nTouches.\n\n# Reference\n\nProps.\n');
    project.write('docs/rule.md', 'Before.\n\n---\n\n# After the rule\n\nText.\n');
    await project.build();
    const { docs } = project.manifest();
    expect(docs.intro).toMatchObject({ title: 'Introduction', hasH1: true });
    expect(project.read(`blobs/${docs.intro!.article}`)).toBe('<p>Text.</p>\n<h1 id="welcome">Welcome</h1>\n<p>More.</p>');
    expect(docs.view).toMatchObject({ title: 'View', hasH1: false });
    const view = project.read(`blobs/${docs.view!.article}`);
    expect(view).toMatch(/^<header><h1>View<\/h1><\/header><p>A box.<\/p>/);
    expect(view).toContain('<h1 id="reference">Reference</h1>');
    // Without a front matter title, the id names it, as its h1 comes after a rule.
    expect(docs.rule).toMatchObject({ title: 'rule', hasH1: false });
  });
});
