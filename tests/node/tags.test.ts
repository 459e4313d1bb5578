/**
 * Docs tags, as Docusaurus has them: front matter `tags` link each doc to its tag's page below its version's
 * `tags/`, which lists the version's listed docs with that tag by title; `tags/` lists the version's tags with their
 * counts. Each version and each locale has its own, written as route documents and routed in the manifest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../manifest/types';
import { tagSlug } from '../../node/tags';
import { useFixture } from '../helpers/build';

describe('tagSlug', () => {
  it("makes Docusaurus's slugs (lodash's kebabCase)", () => {
    expect(['Getting Started', 'React18', 'XMLHttp request', 'fooBar', 'Crème brûlée', "Don't panic", 'C++', 'v2.0'].map(tagSlug)).toEqual([
      'getting-started',
      'react-18',
      'xml-http-request',
      'foo-bar',
      'creme-brulee',
      'dont-panic',
      'c',
      'v-2-0',
    ]);
  });
});

describe('docs tags on the localized, versioned fixture', () => {
  const project = useFixture('localized-site');
  let manifest: Manifest;
  /** Adds front matter lines to a doc of the copy. */
  const tag = (rel: string, lines: string) => {
    const text = readFileSync(join(project.contentDir, rel), 'utf8');
    project.write(rel, text.startsWith('---\n') ? text.replace('---\n', `---\n${lines}\n`) : `---\n${lines}\n---\n\n${text}`);
  };
  beforeAll(async () => {
    tag('docs/guides/setup.md', 'tags: [Getting Started, React18]');
    tag('docs/guides/deploy.md', 'tags:\n  - getting started\n  - label: Operations\n    permalink: /ops');
    tag('docs/guides/upgrade.md', 'tags: [Getting Started]\nunlisted: true');
    tag('versioned_docs/version-1.0/intro.md', 'tags: [Getting Started]');
    tag('i18n/fr/docusaurus-plugin-content-docs/current/guides/setup.md', 'tags: [Prise en main]');
    await project.build();
    manifest = project.manifest();
  });
  afterAll(() => project.remove());

  it('builds without warnings', () => {
    expect(project.warnings).toEqual([]);
  });

  it("gives each doc its tags, linking its version's tag pages", () => {
    expect(manifest.docs['guides/setup']!.tags).toEqual([
      { label: 'Getting Started', path: '/docs/next/tags/getting-started' },
      { label: 'React18', path: '/docs/next/tags/react-18' },
    ]);
    expect(manifest.docs['guides/deploy']!.tags).toEqual([
      { label: 'getting started', path: '/docs/next/tags/getting-started' },
      { label: 'Operations', path: '/docs/next/tags/ops' },
    ]);
    expect(manifest.docs['version-1.0/intro']!.tags).toEqual([{ label: 'Getting Started', path: '/docs/tags/getting-started' }]);
    expect(manifest.docs['version-1.0/guides/setup']!.tags).toBeUndefined();
  });

  it('routes every tags page of every version and locale, and no version without tags', () => {
    const tagRoutes = Object.entries(manifest.routes)
      .filter(([, target]) => target.kind === 'tags' || target.kind === 'tag')
      .map(([path, target]) => `${target.kind} ${path}`)
      .sort();
    // Arabic has no translations: its copies of the docs have their tags.
    expect(tagRoutes).toEqual(
      [
        'tag /ar/docs/next/tags/getting-started',
        'tag /ar/docs/next/tags/ops',
        'tag /ar/docs/next/tags/react-18',
        'tag /ar/docs/tags/getting-started',
        'tags /ar/docs/next/tags',
        'tags /ar/docs/tags',
        'tag /docs/next/tags/getting-started',
        'tag /docs/next/tags/ops',
        'tag /docs/next/tags/react-18',
        'tag /docs/tags/getting-started',
        'tag /fr/docs/next/tags/ops',
        'tag /fr/docs/next/tags/prise-en-main',
        'tag /fr/docs/next/tags/getting-started',
        'tags /docs/next/tags',
        'tags /docs/tags',
        'tags /fr/docs/next/tags',
      ].sort(),
    );
  });

  it("lists a tag's listed docs by title, and a version's tags with their counts by label", () => {
    // Two labels with one slug are one tag, labelled as the first doc (by path) writes it.
    expect(manifest.tags['/docs/next/tags/getting-started']).toEqual({
      kind: 'tag',
      path: '/docs/next/tags/getting-started',
      label: 'getting started',
      allTagsPath: '/docs/next/tags',
      docs: [
        { title: 'Deploy', description: 'Ship the site to a static host.', path: '/docs/next/guides/deploy' },
        { title: 'Setup', description: expect.stringContaining('Set the project up.') as string, path: '/docs/next/guides/setup' },
      ],
    });
    expect(manifest.tags['/docs/next/tags']).toEqual({
      kind: 'tags',
      path: '/docs/next/tags',
      tags: [
        { label: 'getting started', path: '/docs/next/tags/getting-started', count: 2 },
        { label: 'Operations', path: '/docs/next/tags/ops', count: 1 },
        { label: 'React18', path: '/docs/next/tags/react-18', count: 1 },
      ],
    });
  });

  it('writes the route documents: the tags at the bottom of a doc, the tags page and each tag page', () => {
    const setup = project.read('docs/next/guides/setup.html');
    expect(setup).toContain('Tags:');
    expect(setup).toMatch(
      /<a[^>]*class="tag tag--regular"[^>]*href="\/abp-react\/docs\/next\/tags\/react-18"|<a[^>]*href="\/abp-react\/docs\/next\/tags\/react-18"[^>]*class="tag tag--regular"/,
    );
    const list = project.read('docs/next/tags.html');
    expect(list).toContain('<title>Tags | ');
    expect(list).toMatch(/<h1[^>]*>Tags<\/h1>/);
    expect(list).toMatch(/getting started<span class="tag__count">2<\/span>/);
    const page = project.read('docs/next/tags/getting-started.html');
    expect(page).toContain('<title>2 docs tagged with &quot;getting started&quot; | ');
    expect(page).toMatch(/<h1[^>]*>2 docs tagged with (&quot;|")getting started(&quot;|")<\/h1>/);
    expect(page).toContain('View all tags');
    expect(page).toMatch(/<h2[^>]*>Deploy<\/h2>[\s\S]*<h2[^>]*>Setup<\/h2>/);
    expect(page).not.toContain('Upgrade');
    expect(project.read('docs/tags/getting-started.html')).toMatch(/<h1[^>]*>One doc tagged with (&quot;|")Getting Started(&quot;|")<\/h1>/);
    // In another locale, the shell's texts are the locale's (the fixture's code.json has none of these: English).
    expect(project.read('fr/docs/next/tags/prise-en-main.html')).toMatch(/<h1[^>]*>One doc tagged with (&quot;|")Prise en main(&quot;|")<\/h1>/);
  });

  it('keeps tags pages out of the sitemap', () => {
    expect(project.read('sitemap.xml')).not.toContain('/tags');
  });
});

describe('bad docs tags', () => {
  const project = useFixture('unlisted');
  afterAll(() => project.remove());

  it('stops the build on tags that are no list of labels, or a label that makes no route, at the line of each', async () => {
    project.write('docs/intro.md', '---\ntags: 3\n---\n\n# Introduction\n');
    project.write('docs/guides/first.md', '---\ntags: ["!!!"]\n---\n\n# First guide\n');
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 2 problems in content:
        content/docs/guides/first.md:2: front matter \`tags\` has a tag whose label has no letter or digit to make its page's route of. Give it \`{ label, permalink }\`.
        content/docs/intro.md:2: front matter \`tags\` must be a list of tags (labels, or \`{ label, permalink }\` objects), got \`3\`.]
    `);
  });

  it("stops the build on a doc at a tags page's route, at the doc's line", async () => {
    project.write('docs/intro.md', '# Introduction\n');
    project.write('docs/guides/first.md', '# First guide\n');
    project.write('docs/guides/last.md', '---\ntags: [Guides]\n---\n\n# Last guide\n');
    project.write('docs/tags.md', '# A doc where the tags page goes\n');
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 1 problem with ids and routes:
        content/docs/tags.md:1: route \`/docs/tags\` would write \`docs/tags.html\`, where the build writes the tags page \`/docs/tags\`. Give it another \`slug\`.]
    `);
  });
});
