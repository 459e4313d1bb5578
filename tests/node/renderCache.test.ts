// The CLI's caches on disk: renderings read back as they were written, their large fields read only when asked
// for; and the saved products of one build code.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRenderCache, readSavedProducts, writeRenderCache, writeSavedProducts } from '../../node/renderCache';
import type { RenderCache } from '../../node/session';
import type { Rendered } from '../../node/render';

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
    writeRenderCache(file, cache);
    const read = readRenderCache(file);
    expect(read).toEqual(cache);
    expect(JSON.parse(JSON.stringify([...read]))).toEqual(JSON.parse(JSON.stringify([...cache])));
  });

  it('reads back a cache of many megabytes, written in parts', () => {
    const cache: RenderCache = new Map(Array.from({ length: 40 }, (_, i) => [`k:${i}`, rendering(`<p>${String(i).repeat(50_000)}</p>`)]));
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, cache);
    const read = readRenderCache(file);
    expect(read.size).toBe(40);
    expect(read.get('k:39')!.html).toBe(cache.get('k:39')!.html);
    writeRenderCache(file, read);
    expect(readRenderCache(file).get('k:7')!.html).toBe(cache.get('k:7')!.html);
    const products = new Map(Array.from({ length: 40 }, (_, i) => [`p\u0000${i}`, 'x'.repeat(50_000)]));
    writeSavedProducts(join(dir, 'products.jsonl'), 'c', products);
    expect(readSavedProducts(join(dir, 'products.jsonl'), 'c')).toEqual(products);
  });

  it('writes a rendering it read and nobody changed as the bytes it read, and one read in full the same', () => {
    const file = join(dir, 'cache.jsonl');
    writeRenderCache(file, new Map([['a:1', rendering('<p>one</p>')]]));
    const bytes = readFileSync(file, 'utf8');
    const unread = readRenderCache(file);
    writeRenderCache(file, unread);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
    const read = readRenderCache(file);
    // Each large field is decoded when read, and once.
    const parse = vi.spyOn(JSON, 'parse');
    expect(read.get('a:1')!.html).toBe('<p>one</p>');
    expect(read.get('a:1')!.html).toBe('<p>one</p>');
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    writeRenderCache(file, read);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  it('starts empty when the file is missing or unreadable', () => {
    expect(readRenderCache(join(dir, 'none.jsonl')).size).toBe(0);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '["a:1",{"h1":null}]\t"x"\t[]\t[]\n{not json');
    expect(readRenderCache(bad).size).toBe(0);
    // A line of the earlier format, without the tab.
    writeFileSync(bad, '["a:1",{"html":"x"}]\n');
    expect(readRenderCache(bad).size).toBe(0);
  });
});

describe('saved products file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'saved-products-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back the products of the same build code, and none of another', () => {
    const file = join(dir, 'products.jsonl');
    const products = new Map<string, unknown>([
      ['article\u0000h\u0000', { name: 'abc.html', bytes: 3 }],
      ['records\u0000s', { json: '{"a":"\\n"}', count: 1 }],
    ]);
    writeSavedProducts(file, 'code-1', products);
    expect(readSavedProducts(file, 'code-1')).toEqual(products);
    expect(readSavedProducts(file, 'code-2').size).toBe(0);
    expect(readSavedProducts(join(dir, 'none.jsonl'), 'code-1').size).toBe(0);
    writeFileSync(file, '"code-1"\n{not json');
    expect(readSavedProducts(file, 'code-1').size).toBe(0);
  });
});
