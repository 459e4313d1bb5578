/**
 * scripts/devDocuments.ts: the dev server writes a route's HTML,
 * which its builds leave out of dist/, when a request asks for it, and never
 * one of an older build over a newer dist/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredDocuments } from '../../scripts/devDocuments';
import type { OutputData } from '../../node/output';
import { listFiles } from '../helpers/build';

let dist: string;
let documents: DeferredDocuments;
/** How often each document was made. */
let made: Record<string, number>;

/** A build's deferred documents: each records that it was made and returns `<name> of <build>`. */
function build(name: string, rels: string[]): Map<string, OutputData> {
  return new Map(
    rels.map((rel): [string, OutputData] => [
      rel,
      () => {
        made[rel] = (made[rel] ?? 0) + 1;
        return `${rel} of ${name}`;
      },
    ]),
  );
}

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'dev-documents-'));
  mkdirSync(join(dist, 'img'));
  writeFileSync(join(dist, 'img/logo.svg'), '<svg/>');
  made = {};
  documents = new DeferredDocuments(dist);
  documents.begin();
  documents.end(new Map([...build('first', ['index.html', 'docs/intro.html', '404.html']), ['docs/intro/index.html', { linkTo: 'docs/intro.html' }]]));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const read = (rel: string) => readFileSync(join(dist, rel), 'utf8');

describe('DeferredDocuments', () => {
  it('writes the file a request is answered with, once per build', async () => {
    await documents.prepare('docs/intro');
    await documents.prepare('docs/intro/');
    await documents.prepare('');
    expect(read('docs/intro.html')).toBe('docs/intro.html of first');
    expect(read('index.html')).toBe('index.html of first');
    expect(made).toEqual({ 'docs/intro.html': 1, 'index.html': 1 });
  });

  it('copies a second name from its first, and makes 404.html for a path no file answers', async () => {
    await documents.prepare('docs/intro/index.html');
    expect(read('docs/intro/index.html')).toBe('docs/intro.html of first');
    await documents.prepare('docs/missing');
    expect(read('404.html')).toBe('404.html of first');
  });

  it('writes nothing for a file that is there', async () => {
    await documents.prepare('img/logo.svg');
    expect(listFiles(dist)).toEqual(['img/logo.svg']);
  });

  it('never writes a document of the build before over the next one, and serves the next one', async () => {
    let finish: (html: string) => void = () => {};
    documents.begin();
    documents.end(new Map([['docs/intro.html', () => new Promise<string>((resolve) => (finish = resolve))]]));
    const request = documents.prepare('docs/intro');
    await new Promise((r) => setTimeout(r, 10));
    // A rebuild starts while the page is being made; then the old render ends.
    documents.begin();
    finish('docs/intro.html of second');
    await new Promise((r) => setTimeout(r, 10));
    expect(listFiles(dist)).toEqual(['img/logo.svg']);
    documents.end(build('third', ['docs/intro.html']));
    await request;
    expect(read('docs/intro.html')).toBe('docs/intro.html of third');
  });

  it('names the files it wrote until a build ends with files, for that build to remove', async () => {
    await documents.prepare('docs/intro/index.html');
    expect(documents.madeSince().sort()).toEqual(['docs/intro.html', 'docs/intro/index.html']);
    // A failed build removed nothing: the next one is to remove them, and what was made since.
    documents.begin();
    documents.end();
    await documents.prepare('');
    expect(documents.madeSince().sort()).toEqual(['docs/intro.html', 'docs/intro/index.html', 'index.html']);
    documents.begin();
    documents.end(build('second', ['index.html']));
    expect(documents.madeSince()).toEqual([]);
  });

  it('keeps the last build when a build fails', async () => {
    documents.begin();
    documents.end();
    await documents.prepare('');
    expect(read('index.html')).toBe('index.html of first');
  });

  it('tries a failed render again', async () => {
    let fail = true;
    documents.begin();
    documents.end(
      new Map([
        [
          'docs/intro.html',
          () => {
            if (fail) throw new Error('render failed');
            return 'docs/intro.html, second try';
          },
        ],
      ]),
    );
    await expect(documents.prepare('docs/intro')).rejects.toThrow('render failed');
    fail = false;
    await documents.prepare('docs/intro');
    expect(read('docs/intro.html')).toBe('docs/intro.html, second try');
  });

  it('writes every file of the local index when its entry is asked for, once per build', async () => {
    let makes = 0;
    const search = {
      entry: 'search/entry-abc.json',
      make: () => {
        makes++;
        return new Map([
          ['search/c.111.json', 'chunk'],
          ['search/f.222.json', 'fragment'],
          ['search/entry-abc.json', 'entry'],
        ]);
      },
    };
    documents.begin();
    documents.end(build('second', ['index.html']), search);
    await documents.prepare('search/entry-abc.json');
    await documents.prepare('search/entry-abc.json');
    expect(makes).toBe(1);
    expect(read('search/entry-abc.json')).toBe('entry');
    expect(read('search/c.111.json')).toBe('chunk');
    expect(read('search/f.222.json')).toBe('fragment');
    // A chunk's own request finds it on disk.
    await documents.prepare('search/c.111.json');
    expect(makes).toBe(1);
  });
});
