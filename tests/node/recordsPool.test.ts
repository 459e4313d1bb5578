// A large site's search records written by a worker are those this thread writes; pages' sections are read where
// the render cache keeps them; a worker that fails leaves the records to this thread, and a failed build keeps the old.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchRecordsFile } from '../../node/output';
import { startSearchRecords, type RecordsInput } from '../../node/recordsPool';
import type { Rendered } from '../../node/render';
import { readRenderCache, writeRenderCache } from '../../node/renderCache';
import { searchRecordsJson, type SearchPage } from '../../node/search';
import { ROOT } from '../helpers/build';

/** The version of the code the caches of these tests are made by. */
const VERSION = 'code-1';

const rendering = (n: number): Rendered => ({
  html: `<p>${n}</p>`,
  htmlHash: `h${n}`,
  headings: [{ depth: 2, id: 'usage', text: 'Usage', line: 3 }],
  h1: null,
  firstParagraph: '',
  links: [],
  codeLanguages: [],
  hasMermaid: false,
  sections: [
    { path: [], text: `Lead of page ${n} — “quoted”` },
    { path: [{ depth: 2, id: 'usage', text: 'Usage' }], text: `How page ${n} is used.` },
  ],
  searchParts: [],
  search: { hash: `s${n}`, sections: 2 },
  unknownDirectives: [],
});

const page = (n: number, text: Rendered): SearchPage => ({
  path: `/docs/p${n}`,
  url: `https://example.com/docs/p${n}`,
  title: `Page ${n}`,
  lvl0: 'Docs',
  meta: '',
  text,
  headings: [{ depth: 2, id: 'usage', text: 'Usage' }],
  pageRank: n,
});

describe('search records on another core', () => {
  let dir: string;
  let distDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'records-pool-'));
    distDir = join(dir, 'dist');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Pages 0–2 read from a render cache in `dir`, page 3 made in this process. */
  function input(): RecordsInput {
    const cacheFile = join(dir, 'cache', 'render-cache.jsonl');
    writeRenderCache(cacheFile, new Map([0, 1, 2].map((n) => [`k${n}`, rendering(n)])), VERSION);
    const read = readRenderCache(cacheFile, VERSION);
    return { pages: [...[0, 1, 2].map((n) => page(n, read.get(`k${n}`)!)), page(3, rendering(3))], language: 'en', version: 'current' };
  }
  const here = (records: RecordsInput) => () => searchRecordsJson(records.pages, records.language, records.version, (_, make) => make()).json();
  const expected = (records: RecordsInput) => [...here(records)()].join('');

  it('writes in a worker the records this thread would, reading sections from the cache, and puts them in place when finished', async () => {
    const records = input();
    const fallbacks: unknown[] = [];
    const writing = startSearchRecords(distDir, records, () => [], { root: ROOT, minPages: 1, onFallback: (e) => fallbacks.push(e) });
    await writing.finish();
    expect(fallbacks).toEqual([]);
    const text = readFileSync(searchRecordsFile(distDir), 'utf8');
    expect(text).toBe(expected(records));
    expect(JSON.parse(text)).toHaveLength(12);
    // No temporary file is left.
    expect(readdirSync(join(dir, 'dist-search'))).toEqual(['records.json']);
  });

  it('writes them in this thread when the worker cannot', async () => {
    const records = input();
    // The segment the cached pages point into is gone: the worker fails on the first of them.
    for (const name of readdirSync(join(dir, 'cache'))) if (name.endsWith('.data')) rmSync(join(dir, 'cache', name));
    const inThread = [page(0, rendering(0)), page(1, rendering(1)), page(2, rendering(2)), records.pages[3]!];
    const fallbacks: unknown[] = [];
    const writing = startSearchRecords(distDir, records, here({ ...records, pages: inThread }), {
      root: ROOT,
      minPages: 1,
      onFallback: (e) => fallbacks.push(e),
    });
    await writing.finish();
    expect(fallbacks).toHaveLength(1);
    expect(readFileSync(searchRecordsFile(distDir), 'utf8')).toBe(expected({ ...records, pages: inThread }));
  });

  it('leaves the last records in place when the build is discarded', async () => {
    mkdirSync(join(dir, 'dist-search'));
    writeFileSync(searchRecordsFile(distDir), '[]');
    const writing = startSearchRecords(distDir, input(), () => [], { root: ROOT, minPages: 1 });
    await writing.discard();
    expect(readFileSync(searchRecordsFile(distDir), 'utf8')).toBe('[]');
    expect(readdirSync(join(dir, 'dist-search'))).toEqual(['records.json']);
  });

  it('writes in this thread the records of a build that rendered most of its pages', async () => {
    const records: RecordsInput = { pages: [0, 1, 2].map((n) => page(n, rendering(n))), language: 'en', version: 'current' };
    const fallbacks: unknown[] = [];
    // No worker there to start: one asked for would fail and say so.
    await startSearchRecords(distDir, records, here(records), { root: join(dir, 'no-such-root'), minPages: 1, onFallback: (e) => fallbacks.push(e) }).finish();
    expect(fallbacks).toEqual([]);
    expect(readFileSync(searchRecordsFile(distDir), 'utf8')).toBe(expected(records));
  });

  it('writes a small site’s records in this thread', async () => {
    const records = input();
    await startSearchRecords(distDir, records, here(records), { root: join(dir, 'no-such-root') }).finish();
    expect(existsSync(searchRecordsFile(distDir))).toBe(true);
    expect(readFileSync(searchRecordsFile(distDir), 'utf8')).toBe(expected(records));
  });
});
