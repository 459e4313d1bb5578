/**
 * A route that would write over a file of the
 * site, need a folder where a file is, live among the build's immutable files or have a name too long
 * for the file system stops the build with file and line (no `EEXIST`, `EISDIR` or `ENAMETOOLONG`),
 * leaving the last good dist/ as it was and no temporary folder.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtFixture, type FixtureProject, hashTree, refusedBuild } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;
let config: string;
builtFixture('basic-site', (p, b) => ((project = p), (before = b), (config = p.read('../content/site.config.json'))), { once: true });
const added: string[] = [];
afterEach(async () => {
  const { rmSync } = await import('node:fs');
  for (const rel of added.splice(0)) rmSync(join(project.contentDir, rel), { recursive: true, force: true });
  project.write('site.config.json', config);
});

/** Adds files below content/, expects the build to fail as before, and returns each problem as `file:line: message`. */
async function refused(files: Record<string, string>): Promise<string[]> {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project.contentDir, rel)), { recursive: true });
    project.write(rel, text);
    added.push(rel);
  }
  return (await refusedBuild(project, before)).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
}

const page = (slug: string) => `---\ntitle: P\nslug: ${slug}\n---\n\n# P\n`;

describe('routes over the files of the site', () => {
  it('names the page whose route needs a folder where the build writes a file', async () => {
    const slugs = ['_app/manifest.json', 'sw.js', 'shell.json', 'sitemap.xml', 'llms.txt', 'robots.txt', 'manifest.webmanifest'];
    expect(await refused(Object.fromEntries(slugs.map((slug, i) => [`pages/p${i}.md`, page(`/${slug}`)])))).toMatchInlineSnapshot(`
      [
        "content/pages/p0.md:3: route \`/_app/manifest.json\` lies in \`_app/\`, which holds the manifest: a page there would be cached as one of them (\`immutable\`) or replaced by the build. Give it another \`slug\`.",
        "content/pages/p1.md:3: route \`/sw.js\` would need a folder \`sw.js/\`, but \`sw.js\` is a file: the service worker. Give it another \`slug\`.",
        "content/pages/p2.md:3: route \`/shell.json\` would need a folder \`shell.json/\`, but \`shell.json\` is a file: the shell's record. Give it another \`slug\`.",
        "content/pages/p3.md:3: route \`/sitemap.xml\` would need a folder \`sitemap.xml/\`, but \`sitemap.xml\` is a file: the sitemap. Give it another \`slug\`.",
        "content/pages/p4.md:3: route \`/llms.txt\` would need a folder \`llms.txt/\`, but \`llms.txt\` is a file: llms.txt. Give it another \`slug\`.",
        "content/pages/p5.md:3: route \`/robots.txt\` would need a folder \`robots.txt/\`, but \`robots.txt\` is a file: robots.txt. Give it another \`slug\`.",
        "content/pages/p6.md:3: route \`/manifest.webmanifest\` would need a folder \`manifest.webmanifest/\`, but \`manifest.webmanifest\` is a file: the web app manifest. Give it another \`slug\`.",
      ]
    `);
  });

  it('names the page whose route would replace the not-found page, the home page or the docs root, which a docs/index.md may have', async () => {
    expect(await refused({ 'pages/lost.md': page('/404'), 'pages/home.md': page('/index'), 'pages/docs.md': page('/docs'), 'docs/index.md': '# Index\n' }))
      .toMatchInlineSnapshot(`
        [
          "content/pages/docs.md:3: route \`/docs\` is also used by the docs root, which shows \`docs.mainDocId\` (\`intro\`, in \`content/site.config.json\`). Give one of them another \`id\` or \`slug\` in its front matter.",
          "content/pages/home.md:3: route \`/index\` would write \`index.html\`, where the build writes the home page. Give it another \`slug\`.",
          "content/pages/lost.md:3: route \`/404\` would write \`404.html\`, where the build writes the not-found page. Give it another \`slug\`.",
        ]
      `);
  });

  it('names a doc beside a folder of the same name with an index, which has the folder’s route', async () => {
    expect(await refused({ 'docs/faq.md': '# FAQ\n', 'docs/faq/index.md': '# FAQ index\n' })).toMatchInlineSnapshot(`
      [
        "content/docs/faq.md:1: route \`/docs/faq\` is also used by \`content/docs/faq/index.md\`. Give one of them another \`id\` or \`slug\` in its front matter.",
      ]
    `);
  });

  it('names routes among the build’s own folders, and a search page there', async () => {
    const json = JSON.parse(config) as { search: Record<string, unknown> };
    json.search.searchPagePath = 'assets/find';
    project.write('site.config.json', JSON.stringify(json, null, 2));
    expect(await refused({ 'pages/b.md': page('/blobs/x'), 'pages/s.md': page('/search/advanced'), 'pages/a.md': page('/assets') })).toMatchInlineSnapshot(`
      [
        "content/site.config.json:79: the search page \`/assets/find\` lies in \`assets/\`, which holds the shell's files: a page there would be cached as one of them (\`immutable\`) or replaced by the build. Give it another \`slug\`.",
        "content/pages/a.md:3: route \`/assets\` lies in \`assets/\`, which holds the shell's files: a page there would be cached as one of them (\`immutable\`) or replaced by the build. Give it another \`slug\`.",
        "content/pages/b.md:3: route \`/blobs/x\` lies in \`blobs/\`, which holds the content-addressed pages and images: a page there would be cached as one of them (\`immutable\`) or replaced by the build. Give it another \`slug\`.",
        "content/pages/s.md:3: route \`/search/advanced\` lies in \`search/\`, which holds the search index: a page there would be cached as one of them (\`immutable\`) or replaced by the build. Give it another \`slug\`.",
      ]
    `);
  });

  it('names a slug a host would decode', async () => {
    expect(await refused({ 'docs/dots.md': page('/%2e%2e/%2e%2e/escaped') })).toMatchInlineSnapshot(`
      [
        "content/docs/dots.md:3: front matter \`slug\` is \`/%2e%2e/%2e%2e/escaped\`, whose part \`%2e%2e\` is no route segment. Use letters, digits, \`-\` and \`/\` (no \`.\` or \`..\` parts, \`\\\`, \`?\`, \`#\` or \`%\`).",
      ]
    `);
  });

  it('names a route part too long for a file name', async () => {
    expect(await refused({ 'docs/long.md': `---\nid: ${'x'.repeat(300)}\n---\n\n# Long\n` })).toMatchInlineSnapshot(`
      [
        "content/docs/long.md:2: route \`/docs/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\` has a part of 300 bytes (more than 200), too long for a file name. Shorten the file name, \`id\` or \`slug\` that makes it.",
      ]
    `);
  });

  it('still builds the main doc at the docs root (`slug: /`), as Docusaurus does', async () => {
    project.write('docs/intro.md', `---\nslug: /\n---\n\n${project.read('../content/docs/intro.md')}`);
    project.write('docs/guides/setup.md', project.read('../content/docs/guides/setup.md').replace('/docs/intro#', '/docs#'));
    await project.build();
    expect(project.manifest().docs.intro!.path).toBe('/docs');
    before = hashTree(project.distDir);
  });
});
