/**
 * Docs versions in Docusaurus's layout (`versions.json`, `versioned_docs/`, `versioned_sidebars/`): each
 * version's routes, sidebar and page entries, links resolved within the version, the shared blobs, the
 * sitemap, robots meta, llms.txt and search records; and `npm run docs:version`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { snapshotVersion } from '../../scripts/docsVersion';
import { localSearchUrls, useFixture, type FixtureProject } from '../helpers/build';

/** Runs `test` on a copy of the versioned fixture, removed afterwards. */
async function onCopy(test: (project: FixtureProject) => Promise<void>): Promise<void> {
  const project = useFixture('versioned-site');
  try {
    await test(project);
  } finally {
    project.remove();
  }
}

/** Changes the copy's `docs` settings in site.config.json. */
function configureDocs(project: FixtureProject, docs: Record<string, unknown>): void {
  const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as { docs: Record<string, unknown> };
  project.write('site.config.json', JSON.stringify({ ...config, docs: { ...config.docs, ...docs } }, null, 2));
}

const blobsOf = (distDir: string, ext: string) => new Set(readdirSync(join(distDir, 'blobs')).filter((name) => name.endsWith(ext)));

describe('fixture versioned-site', () => {
  const project = useFixture('versioned-site');
  beforeAll(() => project.build());
  afterAll(() => project.remove());

  it('builds without warnings', () => {
    expect(project.warnings).toEqual([]);
  });

  it('serves the last version at /docs, the current docs at /docs/next and older versions at /docs/<name>', () => {
    const { routes } = project.manifest();
    expect(
      Object.keys(routes)
        .filter((path) => path.startsWith('/docs'))
        .sort(),
    ).toEqual([
      '/docs',
      '/docs/0.9',
      '/docs/0.9/guides/setup',
      '/docs/0.9/intro',
      '/docs/category/guides',
      '/docs/guides/deploy',
      '/docs/guides/setup',
      '/docs/intro',
      '/docs/next',
      '/docs/next/category/guides',
      '/docs/next/guides/deploy',
      '/docs/next/guides/setup',
      '/docs/next/guides/upgrade',
      '/docs/next/intro',
    ]);
    expect(routes['/docs']).toEqual({ kind: 'docsRoot', docId: 'version-1.0/intro' });
    expect(routes['/docs/next']).toEqual({ kind: 'docsRoot', docId: 'intro' });
    expect(routes['/docs/0.9/intro']).toEqual({ kind: 'doc', id: 'version-0.9/intro' });
    expect(routes['/docs/category/guides']).toEqual({ kind: 'category', slug: 'version-1.0/guides' });
    for (const file of ['docs.html', 'docs/next.html', 'docs/0.9.html', 'docs/0.9/intro.html', 'docs/next/category/guides.html'])
      expect(project.read(file)).toContain('<html');
  });

  it('lists each version in the root, one entry each, with its label, route, banner, badge and sidebar shards', () => {
    const root = JSON.parse(project.read('_app/manifest.json')) as { versions: Record<string, unknown>[] };
    expect(root.versions.map(({ sidebars: _sidebars, ...version }) => version)).toEqual([
      {
        name: 'current',
        label: 'Next',
        path: '/docs/next',
        mainDocId: 'intro',
        draftIds: [],
        banner: 'unreleased',
        badge: true,
        noIndex: false,
        isLast: false,
      },
      { name: '1.0', label: '1.0', path: '/docs', mainDocId: 'intro', draftIds: [], banner: 'none', badge: true, noIndex: false, isLast: true },
      { name: '0.9', label: '0.9', path: '/docs/0.9', mainDocId: 'intro', draftIds: [], banner: 'unmaintained', badge: true, noIndex: true, isLast: false },
    ]);
    // Offline mode saves one version: its pages and the three outside the docs (home, search, markdown page).
    const { totals } = project.manifest();
    expect(Object.fromEntries(Object.entries(totals.versions!).map(([name, t]) => [name, t.pages]))).toEqual({ current: 9, '1.0': 8, '0.9': 6 });
    expect(totals.versions!['0.9']!.bytes).toBeLessThan(totals.bytes);
    const manifest = project.manifest();
    const docPaths = (name: string) =>
      JSON.stringify(manifest.versions.find((version) => version.name === name)!.sidebars.tutorialSidebar).match(/"path":"[^"]+"/g);
    expect(docPaths('current')).toContain('"path":"/docs/next/guides/upgrade"');
    expect(docPaths('1.0')).not.toContain('"path":"/docs/next/guides/upgrade"');
    expect(docPaths('0.9')).toEqual(['"path":"/docs/0.9/guides/setup"', '"path":"/docs/0.9/intro"']);
  });

  it('resolves links within their version and gives each version its own neighbours', () => {
    const manifest = project.manifest();
    // A link within a version is relative, so it leads into the version of the page it is read on.
    for (const id of ['version-0.9/intro', 'intro', 'version-1.0/intro'])
      expect(project.read(`blobs/${manifest.docs[id]!.article}`)).toContain('href="guides/setup"');
    // The docs root shows its main doc's article with the links made absolute for its own URL.
    expect(project.read('docs/0.9.html')).toContain('href="/abp-react/docs/0.9/guides/setup"');
    expect(project.read('docs/next.html')).toContain('href="/abp-react/docs/next/guides/setup"');
    expect(project.read('docs.html')).toContain('href="/abp-react/docs/guides/setup"');
    expect(project.read('docs/next/intro.html')).toContain('href="guides/setup"');
    expect(manifest.docs['version-1.0/guides/setup']!.next?.path).toBe('/docs/guides/deploy');
    expect(manifest.docs['guides/deploy']!.next?.path).toBe('/docs/next/guides/upgrade');
  });

  it('stores a page that is the same in two versions once', () => {
    const manifest = project.manifest();
    const deploy = manifest.docs['guides/deploy']!;
    const released = manifest.docs['version-1.0/guides/deploy']!;
    expect([released.blob, released.article]).toEqual([deploy.blob, deploy.article]);
  });

  it('leaves noIndex versions out of the sitemap and keeps search engines away from their pages', () => {
    const sitemap = project.read('sitemap.xml');
    expect(sitemap).toContain('/abp-react/docs/next/intro<');
    expect(sitemap).toContain('/abp-react/docs/intro<');
    expect(sitemap).not.toContain('/docs/0.9');
    const old = project.read('docs/0.9/intro.html');
    expect(old).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(old).toContain('<link rel="canonical" href="https://antosubash.github.io/abp-react/docs/0.9/intro">');
    expect(project.read('docs/intro.html')).not.toContain('name="robots"');
  });

  it("covers the last version in llms.txt and writes every version's markdown beside its pages", () => {
    const llms = project.read('llms.txt');
    expect(llms).toContain('/abp-react/docs/intro.md');
    expect(llms).not.toMatch(/docs\/(next|0\.9)\//);
    expect(project.read('docs/0.9/intro.md')).toContain('Version 0.9 of the fixture site.');
    expect(project.read('docs/next/guides/upgrade.md')).toContain('# Upgrade');
  });

  it("tags each doc's search records with its version, and the other pages' as Docusaurus does", () => {
    const records = JSON.parse(readFileSync(join(project.dir, 'dist-search', 'records.json'), 'utf8')) as { url: string; docusaurus_tag: string }[];
    const tagOf = (path: string) => new Set(records.filter((r) => r.url.endsWith(path) || r.url.includes(`${path}#`)).map((r) => r.docusaurus_tag));
    expect(tagOf('/docs/next/guides/upgrade')).toEqual(new Set(['docs-default-current']));
    expect(tagOf('/docs/guides/setup')).toEqual(new Set(['docs-default-1.0']));
    expect(tagOf('/docs/0.9/intro')).toEqual(new Set(['docs-default-0.9']));
    expect(tagOf('/markdown-page')).toEqual(new Set(['default']));
  });

  it('has a local index per version, with its docs and the pages outside the docs', async () => {
    const { search } = project.manifest();
    expect(Object.keys(search.entries ?? {})).toEqual(['current', '1.0', '0.9']);
    expect(search.entry).toBe(search.entries!['1.0']);
    const urls = (version: string, words: string) => localSearchUrls((rel) => project.read(rel), search.entries![version]!, words);
    expect(await urls('current', 'setup')).toEqual(['/docs/next/guides/setup', '/docs/next/guides/upgrade', '/docs/next/intro']);
    expect(await urls('0.9', 'setup')).toEqual(['/docs/0.9/guides/setup', '/docs/0.9/intro']);
    expect(await urls('0.9', 'standalone')).toEqual(['/markdown-page']);
  });
});

describe('versions that cannot be built', () => {
  it('fails on a link to a page the version lacks, with file and line', async () => {
    await onCopy(async (project) => {
      project.write('versioned_docs/version-0.9/guides/setup.md', '# Setup\n\nThen [deploy](/docs/0.9/guides/deploy).\n');
      const error = (await project.build().catch((e: unknown) => e)) as BuildError;
      expect(error).toBeInstanceOf(BuildError);
      expect(error.problems.map((p) => `${p.file}:${p.line}: ${p.message.split('. ')[0]}`)).toEqual([
        'content/versioned_docs/version-0.9/guides/setup.md:3: link to "/docs/0.9/guides/deploy" matches no page',
      ]);
    });
  });

  it('names the file and line of a version that does not exist', async () => {
    await onCopy(async (project) => {
      project.write('versions.json', '["1.0", "0.9", "0.8"]\n');
      configureDocs(project, { lastVersion: '2.0' });
      await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
        [BuildError: Cannot build: 2 problems in content:
          content/versions.json:1: lists version \`0.8\`, whose docs folder \`versioned_docs/version-0.8/\` is missing or empty. Run \`npm run docs:version -- 0.8\` or remove it from the list.
          content/site.config.json:93: \`docs.lastVersion\` names version \`2.0\`, which does not exist. Versions: \`current\`, \`1.0\`, \`0.9\`, \`0.8\` (\`versions.json\` lists all but current).]
      `);
    });
  });
});

describe('a version whose main doc has its root', () => {
  it('builds the doc at the root of an older version (`slug: /`), as the docs root page', async () => {
    await onCopy(async (project) => {
      project.write('versioned_docs/version-0.9/intro.md', '---\nslug: /\n---\n\n# Introduction\n\nVersion 0.9 of the fixture site.\n');
      await project.build();
      expect(project.manifest().routes['/docs/0.9']).toEqual({ kind: 'doc', id: 'version-0.9/intro' });
    });
  });
});

describe("Docusaurus's sidebar files", () => {
  it("read a version's sidebars written item by item: the docs it leaves out are in no sidebar", async () => {
    await onCopy(async (project) => {
      project.write('versioned_sidebars/version-1.0-sidebars.json', '{ "tutorialSidebar": ["intro"] }\n');
      await project.build();
      const manifest = project.manifest();
      const version = manifest.versions.find((v) => v.name === '1.0')!;
      expect(version.sidebars.tutorialSidebar).toEqual([{ type: 'doc', id: 'version-1.0/intro', label: expect.any(String), path: '/docs/intro' }]);
      expect(manifest.docs['version-1.0/intro']!.sidebar).toBe('tutorialSidebar');
      expect(manifest.docs['version-1.0/guides/setup']!.sidebar).toBeNull();
      expect(manifest.docs['version-1.0/guides/setup']!.category).toEqual([]);
      // The other versions keep their generated sidebars.
      expect(manifest.docs['guides/setup']!.sidebar).toBe('tutorialSidebar');
    });
  });

  it('read sidebars.js at the content root, which is not published', async () => {
    await onCopy(async (project) => {
      await project.build();
      const generated = project.manifest().versions.map((version) => version.sidebars);
      project.write('sidebars.js', "module.exports = { tutorialSidebar: [{ type: 'autogenerated', dirName: '.' }] };\n");
      await project.build();
      expect(project.warnings).toEqual([]);
      expect(project.manifest().versions.map((version) => version.sidebars)).toEqual(generated);
      expect(() => project.read('sidebars.js')).toThrow(/ENOENT/);
    });
  });
});

describe('docs.onlyIncludeVersions', () => {
  it('builds only the versions it names', async () => {
    await onCopy(async (project) => {
      configureDocs(project, { onlyIncludeVersions: ['1.0'] });
      await project.build();
      const manifest = project.manifest();
      expect(manifest.versions.map((version) => version.name)).toEqual(['1.0']);
      expect(Object.keys(manifest.routes).filter((path) => path.startsWith('/docs/next') || path.startsWith('/docs/0.9'))).toEqual([]);
    });
  });
});

describe('npm run docs:version', () => {
  const project = useFixture('basic-site');
  afterAll(() => project.remove());

  it('snapshots the current docs as the last version, adding route HTML and shards but no markdown or article blobs', async () => {
    await project.build();
    const markdown = blobsOf(project.distDir, '.md');
    const articles = blobsOf(project.distDir, '.html');
    const before = project.manifest();
    snapshotVersion(project.contentDir, '1.0');
    expect(JSON.parse(readFileSync(join(project.contentDir, 'versions.json'), 'utf8'))).toEqual(['1.0']);
    expect(readFileSync(join(project.contentDir, 'versioned_sidebars/version-1.0-sidebars.json'), 'utf8')).toBe(
      '{\n  "tutorialSidebar": [\n    {\n      "type": "autogenerated",\n      "dirName": "."\n    }\n  ]\n}\n',
    );
    await project.build();
    const after = project.manifest();
    expect([...blobsOf(project.distDir, '.md')].filter((name) => !markdown.has(name))).toEqual([]);
    // The released version is the site as it was, at the same routes; the current docs, now at /docs/next, read the same articles.
    for (const doc of Object.values(before.docs)) {
      expect(after.docs[`version-1.0/${doc.id}`]).toMatchObject({ path: doc.path, article: doc.article, blob: doc.blob });
      expect(after.docs[doc.id]).toMatchObject({ path: doc.path.replace(/^\/docs\//, '/docs/next/'), article: doc.article, blob: doc.blob });
    }
    expect([...blobsOf(project.distDir, '.html')].filter((name) => !articles.has(name))).toEqual([]);
    expect(project.read('docs/next/intro.html')).toContain('<html');
  });

  it('refuses a name that exists, saying so', () => {
    expect(() => snapshotVersion(project.contentDir, '1.0')).toThrowErrorMatchingInlineSnapshot(
      `[Error: Version \`1.0\` exists already (\`${join(project.contentDir, 'versions.json')}\` lists it). Choose another name.]`,
    );
    expect(() => snapshotVersion(project.contentDir, 'current')).toThrow(/^Cannot make version `current`: a version name is a word/);
  });
});
