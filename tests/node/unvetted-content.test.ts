import { readFileSync } from 'node:fs';
import { join } from 'node:path';
/**
 * Nothing unvetted is published: content files a
 * browser would open as a page of the site, and SVG images carrying script, stop the build with file
 * and line, leaving the last good dist/ as it was and no temporary folder.
 */
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { builtFixture, type FixtureProject, refusedBuild } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;
builtFixture('basic-site', (p, b) => ((project = p), (before = b)));

/** Builds, expecting a `BuildError` that leaves dist/ as it was and no temporary folder (`refusedBuild`). */
const failure = () => refusedBuild(project, before);

const SVG = (inside: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n${inside}\n</svg>\n`;

describe('content files', () => {
  it('refuses files a browser opens as a page, naming the line of their script', async () => {
    project.write('docs/evil.html', '<!doctype html>\n<p>Hi</p>\n<script>alert(document.domain)</script>\n');
    project.write('docs/notes.xml', '<?xml version="1.0"?>\n<notes/>\n');
    project.write('docs/tool.js', 'alert(1)\n');
    project.write('docs/LICENSE', 'MIT\n');
    const error = await failure();
    expect(error.message).toMatchInlineSnapshot(`
      "Cannot build: 4 problems in content:
        content/docs/LICENSE:1: has no file extension, which content may not hold: the site would serve it as it is, outside the checks pages get. Content may hold markdown and images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF). Write a page as markdown, or remove the file.
        content/docs/evil.html:3: is a \`.html\` file, which content may not hold: the site would serve it as it is, outside the checks pages get (it holds a \`<script>\` element on this line). Content may hold markdown and images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF). Write a page as markdown, or remove the file.
        content/docs/notes.xml:1: is a \`.xml\` file, which content may not hold: the site would serve it as it is, outside the checks pages get. Content may hold markdown and images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF). Write a page as markdown, or remove the file.
        content/docs/tool.js:1: is a \`.js\` file, which content may not hold: the site would serve it as it is, outside the checks pages get. Content may hold markdown and images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF). Write a page as markdown, or remove the file; a component the pages import goes outside the docs and pages folders (in \`src/\`), where the build bundles it."
    `);
  });

  it('refuses an SVG that carries script in any of its forms, with the line', async () => {
    project.write('img/script.svg', SVG('<rect width="1" height="1"/>\n<script>alert(1)</script>'));
    project.write('img/prefixed.svg', SVG('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'));
    project.write('img/handler.svg', SVG('<rect width="1" height="1"\n  ONLOAD = "alert(1)"/>'));
    project.write('img/link.svg', SVG('<a href="&#106;ava&#x9;script&#58;alert(1)"><rect width="1" height="1"/></a>'));
    project.write('img/animate.svg', SVG('<a><set attributeName="href" to="javascript:alert(1)"/><rect width="1" height="1"/></a>'));
    project.write(
      'img/foreign.svg',
      SVG('<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="/abp-react/"/></foreignObject>'),
    );
    project.write('img/entity.svg', `<!DOCTYPE svg [\n<!ENTITY js "javascript:">\n]>\n${SVG('<a href="&js;alert(1)"/>')}`);
    const error = await failure();
    expect(error.problems.map((p) => `${p.file}:${p.line}: ${p.message.slice(0, p.message.indexOf(', which'))}`)).toMatchInlineSnapshot(`
      [
        "content/img/animate.svg:2: is an SVG with a \`javascript:\` URL",
        "content/img/entity.svg:2: is an SVG with an entity declaration (it can hide a \`javascript:\` URL)",
        "content/img/foreign.svg:2: is an SVG with an element that embeds other documents or scripts",
        "content/img/handler.svg:3: is an SVG with an event handler attribute (\`onload=\`, \`onclick=\` …)",
        "content/img/link.svg:2: is an SVG with a \`javascript:\` URL",
        "content/img/prefixed.svg:2: is an SVG with a \`<script>\` element",
        "content/img/script.svg:3: is an SVG with a \`<script>\` element",
      ]
    `);
    expect(error.problems[0]!.message).toMatchInlineSnapshot(
      `"is an SVG with a \`javascript:\` URL, which would run on the site's origin when the image is opened. Remove the script from the image (an editor's "optimise" or "plain SVG" export does), or save it as PNG."`,
    );
  });

  it('publishes plain SVG and the other kinds of files', async () => {
    project.write('img/plain.svg', SVG('<a href="https://example.com/"><rect width="1" height="1" style="fill:red"/></a>'));
    project.write('docs/data.csv', 'a,b\n1,2\n');
    project.write('docs/guide.pdf', '%PDF-1.4\n');
    await project.build();
    expect(project.read('img/plain.svg')).toContain('example.com');
    expect(project.read('docs/data.csv')).toBe('a,b\n1,2\n');
    expect(project.read('docs/guide.pdf')).toBe('%PDF-1.4\n');
  });
});

describe('site.config.json strings in the HTML', () => {
  it('keeps every configured string text: the pre-paint script stays one element, no tag is written from a value', async () => {
    const hostile = (what: string) => `${what}</script><script>alert(1)</script>"><img src=x onerror=alert(1)><!--`;
    const config = JSON.parse(project.read('../content/site.config.json')) as Record<string, unknown> & {
      navbar: Record<string, unknown>;
      metadata: Record<string, string>[];
    };
    config.title = hostile('title');
    config.tagline = hostile('tagline');
    config.copyright = hostile('copyright');
    config.themeColor = hostile('#fff');
    config.metadata = [{ name: hostile('name'), content: hostile('content') }];
    config.navbar.title = hostile('navbar');
    config.announcementBar = {
      id: `</script><meta http-equiv=refresh content=1;url=https://example.invalid/phish><script>\u2028`,
      content: hostile('announcement'),
      isCloseable: true,
    };
    project.write('site.config.json', JSON.stringify(config, null, 2));
    await project.build();
    for (const page of ['index.html', 'docs/intro.html', '404.html']) {
      const html = project.read(page);
      expect(html.match(/<script\b/g), page).toHaveLength(1);
      expect(html.match(/.{0,80}(<img src=x|<meta http-equiv=refresh|alert\(1\)><!--).{0,20}/g), page).toBeNull();
    }
  });
});

describe('HTML comments in markdown', () => {
  it('are left out of every published form of a page, as they are of its HTML; code keeps them', async () => {
    // CommonMark pages (`detect`: `.md` is not MDX), where a comment may stay open to the end of the file.
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
    project.write('site.config.json', JSON.stringify({ ...config, markdown: { format: 'detect' } }, null, 2));
    project.write(
      'docs/notes.md',
      [
        '# Notes <!-- internal note zero -->',
        '',
        'Before <!-- internal note one --> after.',
        '',
        '<!-- internal note two -->',
        '',
        ':::tip Remember <!-- internal note on a title line -->',
        'Tip text.',
        ':::',
        '',
        '<!--',
        'internal note three',
        '-->',
        '',
        '```html',
        '<!-- code keeps its comment -->',
        '```',
        '',
        'Inline `<!-- code too -->` stays.',
        '',
        '<!-- internal note four, never closed',
        '',
        'still inside the open comment',
      ].join('\n'),
    );
    await project.build();
    const doc = project.manifest().docs.notes!;
    const forms = {
      'docs/notes.md': project.read('docs/notes.md'),
      [`blobs/${doc.blob}`]: project.read(`blobs/${doc.blob}`),
      'llms-full.txt': project.read('llms-full.txt'),
      'docs/notes.html': project.read('docs/notes.html'),
    };
    for (const [name, text] of Object.entries(forms)) {
      expect(text, name).not.toContain('internal note');
      expect(text, name).toContain('code keeps its comment');
      expect(text, name).toContain('code too');
    }
    expect(forms['docs/notes.md']).toMatchInlineSnapshot(`
      "# Notes

      Before  after.


      :::tip Remember
      Tip text.
      :::


      \`\`\`html
      <!-- code keeps its comment -->
      \`\`\`

      Inline \`<!-- code too -->\` stays.
      "
    `);
  });
});

describe('configured images and a page’s image', () => {
  it('are checked as links are: no `..` out of the site, no `javascript:`, no host without a scheme', async () => {
    const config = JSON.parse(project.read('../content/site.config.json')) as Record<string, unknown> & {
      navbar: { logo: Record<string, string> };
      footer: { logo?: Record<string, string> };
    };
    config.favicon = '../../../etc/passwd';
    config.image = '%2e%2e/%2e%2e/etc/passwd';
    config.navbar.logo.src = 'javascript:alert(1)';
    config.footer.logo = { src: '//evil.example/logo.svg', alt: 'Logo' };
    project.write('site.config.json', JSON.stringify(config, null, 2));
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 4 problems in \`content/site.config.json\`:
        content/site.config.json:7: \`favicon\` climbs out of the site, \`../../../etc/passwd\`. Give a path of the site such as \`img/logo.svg\` (no \`..\` or \`\\\`), or an http(s) URL.
        content/site.config.json:10: \`image\` climbs out of the site, \`%2e%2e/%2e%2e/etc/passwd\`. Give a path of the site such as \`img/logo.svg\` (no \`..\` or \`\\\`), or an http(s) URL.
        content/site.config.json:28: \`navbar.logo.src\` is a \`javascript:\` URL, \`javascript:alert(1)\`. Give a path of the site such as \`img/logo.svg\`, or an http(s) URL.
        content/site.config.json:49: \`footer.logo.src\` names another host without a scheme, \`//evil.example/logo.svg\`. Write its https:// URL, or a path of the site such as \`img/logo.svg\`."
    `);
  });

  it('refuses a page image that leaves the site, with the line', async () => {
    project.write('docs/card.md', '---\ntitle: Card\nimage: javascript:alert(1)\n---\n\n# Card\n');
    project.write('docs/up.md', '---\ntitle: Up\nimage: img/../../../etc/passwd\n---\n\n# Up\n');
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 2 problems in content:
        content/docs/card.md:3: front matter \`image\` is a \`javascript:\` URL, \`javascript:alert(1)\`. Give a path of the site such as \`img/logo.svg\`, or an http(s) URL.
        content/docs/up.md:3: front matter \`image\` climbs out of the site, \`img/../../../etc/passwd\`. Give a path of the site such as \`img/logo.svg\` (no \`..\` or \`\\\`), or an http(s) URL."
    `);
  });

  it('takes site paths and http(s) URLs', async () => {
    project.write('docs/card.md', '---\ntitle: Card\nimage: https://example.com/card.png\n---\n\n# Card\n');
    await project.build();
    expect(project.read('docs/card.html')).toContain('<meta property="og:image" content="https://example.com/card.png">');
  });
});
