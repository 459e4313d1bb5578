/**
 * Builds for `npm run dev` (`buildSite`'s `devServer`): the per-route
 * HTML is returned to be made on request, not written; a content-only rebuild
 * updates dist/ in place, touching only what changed; a failed one changes
 * nothing. Everything else is what a normal build writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BuildSession, type BuildSiteResult } from '../../build';
import { BuildError } from '../../node/problems';
import { outputData, searchRecordsFile, SHELL_RECORD } from '../../node/output';
import type { ShellRecord } from '../../node/shellRecord';
import type { ManifestRoot } from '../../manifest/types';
import { hashTree, listFiles, useFixture, type FixtureProject } from '../helpers/build';

const record: ShellRecord = {
  js: 'assets/main-AAAA1111.js',
  css: 'assets/main-BBBB2222.css',
  files: ['assets/main-AAAA1111.js', 'assets/main-BBBB2222.css', 'ssr/render-DDDD4444.js'],
  server: 'ssr/render-DDDD4444.js',
  hash: 'deadbeefdeadbeef',
};
const SERVER_BUNDLE =
  'export const baseFromSite = true;\nexport const renderRoute = async ({ path, article }) => `<main id="main"><h1>kept shell renders ${path}</h1>${article?.html ?? ""}</main>`;\n';
const OLD = new Date('2020-01-02T03:04:05Z');
const SETUP = (text: string) => `---\nsidebar_position: 1\n---\n\n# Setup\n\n${text}\n`;

/**
 * A previous full build's shell in `project`'s dist/ (its files and record, nothing else), and
 * the content's files dated alike, so that two projects build the same manifest.
 */
function fakeShell(project: FixtureProject): void {
  for (const file of listFiles(project.contentDir)) utimesSync(join(project.contentDir, file), OLD, OLD);
  for (const file of record.files) {
    const path = join(project.distDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file === record.server ? SERVER_BUNDLE : `/* ${file} */`);
    utimesSync(path, OLD, OLD);
  }
  writeFileSync(join(project.distDir, SHELL_RECORD), JSON.stringify(record, null, 2));
}

/** What a route's HTML file is: below dist/, not a blob. */
// Made when asked for: the per-route HTML, and the local search index (its entry named by its inputs in a dev build).
const isDocument = (file: string) => (file.endsWith('.html') && !file.startsWith('blobs/')) || /^search\/.*\.json$/.test(file);

describe('dev server builds', () => {
  const project = useFixture('basic-site');
  let first: BuildSiteResult;

  beforeAll(async () => {
    fakeShell(project);
    first = await project.build({ devServer: true });
  });
  afterAll(() => project.remove());

  it('writes what a normal build writes, per-route HTML aside, and makes that HTML when asked', async () => {
    const normal = useFixture('basic-site');
    try {
      fakeShell(normal);
      await normal.build();
      const expected = Object.fromEntries(Object.entries(hashTree(normal.distDir)).filter(([file]) => !isDocument(file) && file !== '_app/manifest.json'));
      expect(Object.fromEntries(Object.entries(hashTree(project.distDir)).filter(([file]) => file !== '_app/manifest.json'))).toEqual(expected);
      // The root differs by design in what names the local index: a dev build names its entry by its inputs and does
      // not count its bytes (it makes it when asked), so the root's own hash differs too.
      const devRoot = JSON.parse(project.read('_app/manifest.json')) as ManifestRoot;
      const root = JSON.parse(normal.read('_app/manifest.json')) as ManifestRoot;
      const entryBytes = (JSON.parse(normal.read(root.search.entry)) as { bytes: number }).bytes;
      expect(devRoot.search.entry).toMatch(/^search\/entry-[0-9a-f]{12}\.json$/);
      expect({
        ...devRoot,
        contentHash: root.contentHash,
        search: root.search,
        totals: { ...devRoot.totals, bytes: devRoot.totals.bytes + entryBytes },
      }).toEqual(root);

      const documents = first.documents!;
      expect([...documents.keys()].sort()).toEqual(
        listFiles(normal.distDir)
          .filter((f) => isDocument(f) && !f.endsWith('.json'))
          .sort(),
      );
      expect(await outputData(documents.get('docs/intro.html')!)).toBe(normal.read('docs/intro.html'));
      expect(await outputData(documents.get('404.html')!)).toBe(normal.read('404.html'));
      expect(await outputData(documents.get('docs/intro/index.html')!)).toEqual({ linkTo: 'docs/intro.html' });
    } finally {
      normal.remove();
    }
  });

  it('updates dist/ in place: only changed files are written, the shell and the previous blobs stay', async () => {
    const dist = project.distDir;
    const shellBefore = Object.fromEntries([...record.files, SHELL_RECORD].map((f) => [f, statSync(join(dist, f))]));
    const sitemapBefore = statSync(join(dist, 'sitemap.xml'));
    const before = project.manifest();
    // A route's HTML the dev server wrote on request: the next build's route HTML is made anew.
    writeFileSync(join(dist, 'docs/intro.html'), 'made on request for the previous build');

    project.write('docs/guides/setup.md', SETUP('Set the project up, now in two steps.'));
    await project.build({ devServer: true, madeOnRequest: ['docs/intro.html'] });
    const second = project.manifest();

    expect(second.docs['guides/setup']!.article).not.toBe(before.docs['guides/setup']!.article);
    expect(readFileSync(join(dist, 'blobs', second.docs['guides/setup']!.article), 'utf8')).toContain('now in two steps');
    // Tabs that still hold the previous manifest can load its blobs.
    expect(existsSync(join(dist, 'blobs', before.docs['guides/setup']!.article))).toBe(true);
    expect(existsSync(join(dist, 'docs/intro.html'))).toBe(false);
    for (const [file, stat] of Object.entries(shellBefore)) {
      expect(statSync(join(dist, file)).ino, file).toBe(stat.ino);
      expect(statSync(join(dist, file)).mtimeMs, file).toBe(stat.mtimeMs);
    }
    // Unchanged bytes are not written again.
    expect(statSync(join(dist, 'sitemap.xml')).mtimeMs).toBe(sitemapBefore.mtimeMs);
    expect(statSync(join(dist, 'sitemap.xml')).ino).toBe(sitemapBefore.ino);

    // Two builds on, the first manifest's blobs go, as a swapped-in build would drop them.
    project.write('docs/guides/setup.md', SETUP('Set the project up, in three steps now.'));
    await project.build({ devServer: true });
    expect(existsSync(join(dist, 'blobs', before.docs['guides/setup']!.article))).toBe(false);
    expect(existsSync(join(dist, 'blobs', second.docs['guides/setup']!.article))).toBe(true);
    expect(listFiles(dist).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('writes a file again that was deleted since it wrote it, and leaves the search records to deployable builds', async () => {
    const dist = project.distDir;
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    rmSync(join(dist, 'sitemap.xml'));
    rmSync(searchRecordsFile(dist), { force: true });
    await project.build({ devServer: true });
    expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).toBe(sitemap);
    // `npm run search:upload` reads the records of a build for deploying; the dev server's dist/ is none.
    expect(existsSync(searchRecordsFile(dist))).toBe(false);
  });

  it('leaves dist/ as it was when the rebuild fails', async () => {
    const before = hashTree(project.distDir);
    const intro = readFileSync(join(project.contentDir, 'docs/intro.md'), 'utf8');
    project.write('docs/intro.md', '# Introduction\n\nA [broken link](/docs/does-not-exist).\n');
    await expect(project.build({ devServer: true })).rejects.toBeInstanceOf(BuildError);
    expect(hashTree(project.distDir)).toEqual(before);
    project.write('docs/intro.md', intro);
  });

  it('makes the route documents of the build dist/ holds after a rebuild fails, or says why it cannot', async () => {
    const other = useFixture('basic-site');
    const session = new BuildSession();
    const build = (changed?: string[]) => other.build({ devServer: true, session, changed });
    // (A first paragraph is the page's description, which the sidebar model reads: the edits change the second.)
    const edit = (text: string) => other.write('docs/guides/setup.md', SETUP(`Set the project up.\n\n${text}`));
    try {
      fakeShell(other);
      await build();
      edit('It takes one step.');
      const first = await build(['docs/guides/setup.md']);
      // A broken link fails a rebuild before its manifest step: the build before keeps its pages.
      edit('A [broken link](/docs/does-not-exist).');
      await expect(build(['docs/guides/setup.md'])).rejects.toBeInstanceOf(BuildError);
      expect(await outputData(first.documents!.get('docs/guides/setup.html')!)).toContain('It takes one step.');

      edit('It takes two steps.');
      const second = await build(['docs/guides/setup.md']);
      // A rebuild that cannot write the manifest fails after the manifest step, which took the build before's pages over.
      edit('It takes three steps.');
      mkdirSync(join(other.distDir, `_app/manifest.json.tmp-${process.pid}`), { recursive: true });
      await expect(build(['docs/guides/setup.md'])).rejects.toThrow(/EISDIR/);
      expect(() => second.documents!.get('docs/guides/setup.html')).toThrow(/a later build changed/);
    } finally {
      other.remove();
    }
  });
});
