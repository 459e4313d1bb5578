/**
 * A content-only build (`shell: false`) keeps the shell a previous full build
 * left in dist/: same files, same bytes, same mtimes, referenced from every
 * HTML file; and editing one doc changes only that doc's entry and blob.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Manifest } from '../../manifest/types';
import { SHELL_RECORD } from '../../node/output';
import type { ShellRecord } from '../../node/shellRecord';
import { hashTree, listFiles, sha256, useFixture } from '../helpers/build';

const record: ShellRecord = {
  js: 'assets/main-AAAA1111.js',
  css: 'assets/main-BBBB2222.css',
  files: ['assets/main-AAAA1111.js', 'assets/main-BBBB2222.css', 'assets/chunks/vendor-CCCC3333.js', 'sw.js', 'ssr/render-DDDD4444.js'],
  server: 'ssr/render-DDDD4444.js',
  hash: 'deadbeefdeadbeef',
};
/** The kept shell's server-render bundle: it marks what it renders, so a test can tell it was the one used. */
const SERVER_BUNDLE =
  'export const baseFromSite = true;\nexport const renderRoute = async ({ path }) => `<main id="main"><h1>kept shell renders ${path}</h1></main>`;\n';
const OLD = new Date('2020-01-02T03:04:05Z');

describe('content-only build over a previous shell', () => {
  const project = useFixture('basic-site');
  const shellFiles = [...record.files, SHELL_RECORD];
  let before: Record<string, { sha: string; mtimeMs: number }>;
  let first: Manifest;

  beforeAll(async () => {
    // A fake previous full build: shell files and their record, nothing else.
    for (const file of record.files) {
      const path = join(project.distDir, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file === record.server ? SERVER_BUNDLE : `/* ${file} */`);
    }
    writeFileSync(join(project.distDir, SHELL_RECORD), JSON.stringify(record, null, 2));
    for (const file of shellFiles) utimesSync(join(project.distDir, file), OLD, OLD);
    before = snapshot();
    const result = await project.build();
    expect(result.shell).toEqual(record);
    first = project.manifest();
  });
  afterAll(() => project.remove());

  function snapshot() {
    return Object.fromEntries(
      shellFiles.map((f) => {
        const path = join(project.distDir, f);
        return [f, { sha: sha256(readFileSync(path)), mtimeMs: statSync(path).mtimeMs }];
      }),
    );
  }

  it("renders every page with the kept shell's server bundle, never with src/", () => {
    expect(project.read('docs/intro.html')).toContain(
      '<div id="root" data-static-route="/docs/intro"><main id="main"><h1>kept shell renders /docs/intro</h1></main></div>',
    );
    expect(project.read('404.html')).toContain('<h1>kept shell renders /404</h1>');
  });

  it('keeps every shell file with the same bytes and mtime', () => {
    expect(snapshot()).toEqual(before);
    expect(before['sw.js']!.mtimeMs).toBe(OLD.getTime());
  });

  it('references the shell from every HTML file', () => {
    const htmlFiles = listFiles(project.distDir).filter((f) => f.endsWith('.html') && !f.startsWith('blobs/'));
    expect(htmlFiles).toContain('404.html');
    for (const file of htmlFiles) {
      const html = project.read(file);
      // The shell starts after the first paint, from the entry the page names.
      expect(html, file).toContain('<meta name="docs-shell" content="/abp-react/assets/main-AAAA1111.js">');
      expect(html, file).not.toContain('modulepreload');
      // The shell's stylesheet is inlined, so the first paint waits for nothing but the HTML.
      const css = readFileSync(join(project.distDir, 'assets/main-BBBB2222.css'), 'utf8');
      expect(html, file).toContain(`<style>${css}</style>`);
    }
  });

  it("changes only the edited doc's entry and blob", async () => {
    const blobsBefore = hashTree(join(project.distDir, 'blobs'));
    project.write('docs/guides/setup.md', '---\nsidebar_position: 1\n---\n\n# Setup\n\nSet the project up, now in two steps.\n');
    await project.build();
    const second = project.manifest();

    expect(second.docs['guides/setup']!.blob).not.toBe(first.docs['guides/setup']!.blob);
    expect(second.docs['guides/setup']!.article).not.toBe(first.docs['guides/setup']!.article);
    expect(second.docs['guides/setup']!.description).toBe('Set the project up, now in two steps.');
    expect(project.read(`blobs/${second.docs['guides/setup']!.blob}`)).toContain('now in two steps');
    for (const id of ['intro', 'guides/deploy']) expect(second.docs[id], id).toEqual(first.docs[id]);
    expect(second.pages).toEqual(first.pages);
    expect(second.contentHash).not.toBe(first.contentHash);

    const blobsAfter = hashTree(join(project.distDir, 'blobs'));
    for (const [name, hash] of Object.entries(blobsBefore)) expect(blobsAfter[name], name).toBe(hash);
    // The old blob stays for readers whose open tab still holds the old manifest.
    expect(existsSync(join(project.distDir, 'blobs', first.docs['guides/setup']!.blob))).toBe(true);
    expect(existsSync(join(project.distDir, 'blobs', first.docs['guides/setup']!.article))).toBe(true);
    expect(snapshot()).toEqual(before);
  });
});
