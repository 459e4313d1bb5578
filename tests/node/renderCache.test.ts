// The CLI's caches on disk: renderings read back as they were written, their large fields read only when asked
// for; and the saved products of one build code.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRenderCache, readSavedProducts, writeRenderCache, writeSavedProducts } from '../../node/renderCache';
import type { RenderCache } from '../../node/session';
import type { Rendered } from '../../node/render';

/** The version of the code the caches of these tests are made by. */
const VERSION = 'code-1';

const rendering = (html: string): Rendered => ({
  html,
  htmlHash: 'h',
  headings: [{ depth: 2, id: 'a', text: 'A', line: 3 }],
  h1: null,
  firstParagraph: 'First\nline\ttab',
  links: [],
  codeLanguages: ['ts'],
  hasMermaid: false,
  sections: [{ path: [], text: 'x' }],
  searchParts: [{ heading: -1, text: 'x\ty', code: 'const a = 1;' }],
  search: { hash: 's', sections: 1 },
  unknownDirectives: [],
});

describe('render cache file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'render-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what it wrote, line breaks, tabs and any character included', () => {
    const cache: RenderCache = new Map([
      ['a:1', rendering('<p>one\ntwo</p>')],
      ['b:1', rendering('<p>Ünïcode — “quotes” \u2028 and \\ back\tand a tab</p>')],
    ]);
    const file = join(dir, 'deep', 'cache.jsonl');
    writeRenderCache(file, cache, VERSION);
    const read = readRenderCache(file, VERSION);
    expect(read).toEqual(cache);
    expect(JSON.parse(JSON.stringify([...read]))).toEqual(JSON.parse(JSON.stringify([...cache])));
  });

  it('reads back a cache of many megabytes, written in parts', () => {
    const cache: RenderCache = new Map(Array.from({ length: 40 }, (_, i) => [`k:${i}`, rendering(`<p>${String(i).repeat(50_000)}</p>`)]));
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, cache, VERSION);
    const read = readRenderCache(file, VERSION);
    expect(read.size).toBe(40);
    expect(read.get('k:39')!.html).toBe(cache.get('k:39')!.html);
    writeRenderCache(file, read, VERSION);
    expect(readRenderCache(file, VERSION).get('k:7')!.html).toBe(cache.get('k:7')!.html);
    const products = new Map(Array.from({ length: 40 }, (_, i) => [`p\u0000${i}`, 'x'.repeat(50_000)]));
    writeSavedProducts(dir, 'c', products, readSavedProducts(dir, 'c'));
    expect(readSavedProducts(dir, 'c').products).toEqual(products);
  });

  it('reads a large field only when asked for one, and decodes each once', () => {
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, new Map([['a:1', rendering('<p>one</p>')]]), VERSION);
    const read = readRenderCache(file, VERSION);
    const parse = vi.spyOn(JSON, 'parse');
    expect(read.get('a:1')!.html).toBe('<p>one</p>');
    expect(read.get('a:1')!.html).toBe('<p>one</p>');
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });

  it('writes only what is not on disk into a new segment, keeps the index pointing at the rest, and removes unused segments', () => {
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(
      file,
      new Map([
        ['a:1', rendering('<p>one</p>')],
        ['b:1', rendering('<p>two</p>')],
      ]),
      VERSION,
    );
    const [first] = segments();
    const firstBytes = readFileSync(join(dir, first!));
    // One rendering kept unread, one new: the first segment stays as it was and a second holds the new one.
    const read = readRenderCache(file, VERSION);
    writeRenderCache(
      file,
      new Map([
        ['a:1', read.get('a:1')!],
        ['c:1', rendering('<p>three</p>')],
      ]),
      VERSION,
    );
    expect(segments()).toHaveLength(2);
    expect(readFileSync(join(dir, first!))).toEqual(firstBytes);
    expect(
      readFileSync(
        join(
          dir,
          segments().find((name) => name !== first)!,
        ),
        'utf8',
      ),
    ).not.toContain('one');
    const again = readRenderCache(file, VERSION);
    expect([...again.keys()]).toEqual(['a:1', 'c:1']);
    expect(again.get('a:1')!.html).toBe('<p>one</p>');
    expect(again.get('c:1')!.html).toBe('<p>three</p>');
    // Unchanged, it writes no segment.
    writeRenderCache(file, again, VERSION);
    expect(segments()).toHaveLength(2);
    // When most stored bytes are unused, everything goes into one segment and the others go.
    writeRenderCache(file, new Map([['c:1', readRenderCache(file, VERSION).get('c:1')!]]), VERSION);
    expect(segments()).toHaveLength(1);
    expect(segments()).not.toContain(first);
    expect(readRenderCache(file, VERSION).get('c:1')!.html).toBe('<p>three</p>');
  });

  it('keeps reading a segment that another build removed after this one read the cache', () => {
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, new Map([['a:1', rendering('<p>one</p>')]]), VERSION);
    const read = readRenderCache(file, VERSION);
    for (const name of segments()) rmSync(join(dir, name));
    expect(read.get('a:1')!.html).toBe('<p>one</p>');
    expect(readRenderCache(file, VERSION).size).toBe(0);
  });

  it('starts empty when it was made by another version of the code', () => {
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, new Map([['a:1', rendering('<p>one</p>')]]), VERSION);
    expect(readRenderCache(file, VERSION).size).toBe(1);
    expect(readRenderCache(file, 'code-2').size).toBe(0);
  });

  it('starts empty when the index is missing, unreadable, of another format or points past its segment', () => {
    expect(readRenderCache(join(dir, 'none.jsonl'), VERSION).size).toBe(0);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{not json');
    expect(readRenderCache(bad, VERSION).size).toBe(0);
    // A line of an earlier format.
    writeFileSync(bad, '["a:1",{"h1":null}]\t"x"\t[]\t[]\n');
    expect(readRenderCache(bad, VERSION).size).toBe(0);
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, new Map([['a:1', rendering('<p>one</p>')]]), VERSION);
    const [segment] = segments();
    writeFileSync(join(dir, segment!), '"<p>');
    expect(readRenderCache(file, VERSION).size).toBe(0);
  });

  const segments = () => readdirSync(dir).filter((name) => name.endsWith('.data'));
});

describe('saved products', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'saved-products-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const products = new Map<string, unknown>([
    ['article\u0000h\u0000', { name: 'abc.html', bytes: 3 }],
    ['localPage\u0000s', { path: '/a', terms: 'a\nb', fields: [1, 2] }],
  ]);
  const files = () => readdirSync(dir).filter((name) => name.startsWith('products-'));

  it('reads back the products of the same build code, and none of another', () => {
    writeSavedProducts(dir, 'code-1', products, readSavedProducts(dir, 'code-1'));
    expect(readSavedProducts(dir, 'code-1').products).toEqual(products);
    expect(readSavedProducts(dir, 'code-2').products.size).toBe(0);
    expect(readSavedProducts(join(dir, 'none'), 'code-1').products.size).toBe(0);
    writeFileSync(join(dir, 'products-x.jsonl'), '"code-1"\n{not json');
    expect(readSavedProducts(dir, 'code-1').products).toEqual(products);
  });

  it('writes the products made since the read into a new file, and all into one when most are unused', () => {
    writeSavedProducts(dir, 'c', products, readSavedProducts(dir, 'c'));
    const [first] = files();
    const bytes = readFileSync(join(dir, first!), 'utf8');
    // Nothing new: nothing written.
    writeSavedProducts(dir, 'c', products, readSavedProducts(dir, 'c'));
    expect(files()).toEqual([first]);
    // One new: a second file with that one only, the first as it was.
    const more = new Map([...products, ['article\u0000g\u0000', { name: 'def.html', bytes: 4 }]]);
    writeSavedProducts(dir, 'c', more, readSavedProducts(dir, 'c'));
    expect(files()).toHaveLength(2);
    expect(readFileSync(join(dir, first!), 'utf8')).toBe(bytes);
    expect(readSavedProducts(dir, 'c').products).toEqual(more);
    // Of three saved products, one asked for: all rewritten into one file.
    const one = new Map([...more].slice(2));
    writeSavedProducts(dir, 'c', one, readSavedProducts(dir, 'c'));
    expect(files()).toHaveLength(1);
    expect(readSavedProducts(dir, 'c').products).toEqual(one);
    // Files of another build code go with the next save.
    writeSavedProducts(dir, 'd', products, readSavedProducts(dir, 'd'));
    expect(readSavedProducts(dir, 'd').products).toEqual(products);
    expect(files()).toHaveLength(1);
  });
});
