/**
 * The local index's shared format (`manifest/localSearch.ts`): word analysis,
 * the posting codec, where a term comes up and what it is worth, page slots,
 * chunk lookup and the files' shapes.
 */
import { describe, expect, it } from 'vitest';
import {
  analyze,
  chunkOf,
  chunksOfPrefix,
  directoryPages,
  directorySlots,
  encodePostings,
  fieldScore,
  indexFiles,
  LOCAL_INDEX_FORMAT,
  foldSpelling,
  packFields,
  pageSlots,
  parseChunk,
  parseDirectory,
  parseEntry,
  parseFragment,
  rarity,
  readPostings,
  searchFile,
  slotSpace,
  unvlq,
  vlq,
  type LocalIndexEntry,
} from '../../../manifest/localSearch';

const counts = (c: Partial<Parameters<typeof packFields>[0]>) => packFields({ title: 0, headings: 0, meta: 0, body: 0, code: 0, ...c });

describe('analysis', () => {
  it('lower-cases, stems with Porter2 and leaves out stop words, numbers, colours and code-ish tokens', () => {
    expect(analyze('The Permissions of tenants, 2024 #ff00aa and a1b2c3d4e5f6')).toEqual(['permiss', 'tenant']);
    // One term for the forms of a word, as readers type them.
    expect(analyze('upgrade upgrading upgrades')).toEqual(['upgrad', 'upgrad', 'upgrad']);
    expect(analyze('delete deleting deletion')).toEqual(['delet', 'delet', 'delet']);
    expect(analyze('deploy deployment deploying')).toEqual(['deploy', 'deploy', 'deploy']);
  });

  it('folds British spellings to American ones, so either finds the other', () => {
    expect(analyze('localisation colour behaviour analyse catalogue centre customised organising')).toEqual(
      analyze('localization color behavior analyze catalog center customized organizing'),
    );
    expect(foldSpelling('colours')).toBe('colors');
    expect(foldSpelling('dialogue')).toBe('dialog');
    // An -re word's past tense drops the e in both spellings: "centred" is "centered".
    expect(analyze('centred centres')).toEqual(analyze('centered centers'));
    expect(foldSpelling('string')).toBe('string');
    // Short words are left alone.
    expect(foldSpelling('tour')).toBe('tour');
  });

  it('splits on punctuation and symbols, and gives camelCase words whole and in parts', () => {
    expect(analyze('multi-tenancy')).toEqual(['multi', 'tenanc', 'multiten']);
    expect(analyze('multitenency')).toEqual(['multiten']);
    expect(analyze('useSession()')).toEqual(['usesess', 'use', 'session']);
    expect(analyze('NEXT_PUBLIC_API_URL')).toEqual(['next', 'public', 'api', 'url']);
    expect(analyze('HTMLElement')).toEqual(['htmlelement', 'html', 'element']);
  });
});

describe('postings', () => {
  it('round-trips VLQ integers of any size', () => {
    const values = [0, 1, 31, 32, 1000, 2 ** 31 + 5, 2 ** 40];
    expect(unvlq(values.map(vlq).join(''))).toEqual(values);
  });

  it("codes slots as gaps with each posting's packed fields", () => {
    const text = encodePostings([3, 4, 900], [1, 300, 7]);
    const read: [number, number][] = [];
    readPostings(text, (slot, packed) => read.push([slot, packed]));
    expect(read).toEqual([
      [3, 1],
      [4, 300],
      [900, 7],
    ]);
    // A page in the body once, next to the previous one: two characters.
    expect(encodePostings([0, 1], [counts({ body: 1 }), counts({ body: 1 })])).toBe('ABAB');
  });
});

describe('fields', () => {
  it('weighs a word in the title above one in headings, the description, the body and code', () => {
    const title = fieldScore(counts({ title: 1 }));
    const heading = fieldScore(counts({ headings: 1 }));
    const meta = fieldScore(counts({ meta: 1 }));
    const body = fieldScore(counts({ body: 1 }));
    const code = fieldScore(counts({ code: 1 }));
    expect(title).toBeGreaterThan(heading);
    expect(heading).toBeGreaterThan(meta);
    expect(meta).toBeGreaterThan(body);
    expect(body).toBeGreaterThan(code);
  });

  it('saturates: the tenth mention adds less than the second', () => {
    const at = (body: number) => fieldScore(counts({ body }));
    expect(at(2) - at(1)).toBeGreaterThan(at(20) - at(10));
    expect(at(100)).toBeLessThan(2.5 * at(1));
  });

  it('counts rarer words for more', () => {
    expect(rarity(1, 1000)).toBeGreaterThan(rarity(100, 1000));
    expect(rarity(1000, 1000)).toBeGreaterThanOrEqual(0);
  });
});

describe('page slots', () => {
  const paths = Array.from({ length: 300 }, (_, i) => `/docs/page-${i}`);

  it('gives each page its own slot below the slot space, whatever the order of the paths', () => {
    const slots = pageSlots(paths);
    expect(new Set(slots.values()).size).toBe(paths.length);
    expect(Math.max(...slots.values())).toBeLessThan(slotSpace(paths.length));
    expect(pageSlots([...paths].reverse())).toEqual(slots);
  });

  it('keeps every other page in its slot when one is added or removed', () => {
    const slots = pageSlots(paths);
    const added = pageSlots([...paths, '/docs/new-page']);
    const removed = pageSlots(paths.slice(1));
    const moved = (other: Map<string, number>) => [...other].filter(([path, slot]) => slots.has(path) && slots.get(path) !== slot);
    expect(moved(added).length).toBeLessThanOrEqual(1);
    expect(moved(removed).length).toBeLessThanOrEqual(1);
  });

  it('spans directories by about the square root of half the slots, 128 slots at least', () => {
    expect(directorySlots(256)).toBe(128);
    expect(directorySlots(4096)).toBe(128);
    expect(directorySlots(65_536)).toBe(256);
    expect(directorySlots(524_288)).toBe(512);
  });

  it('has at least four slots per page', () => {
    expect(slotSpace(10)).toBe(256);
    expect(slotSpace(10_000)).toBe(65_536);
    expect(slotSpace(16_385)).toBe(131_072);
  });
});

describe('chunks', () => {
  const entry = {
    chunks: [
      ['', 'a'],
      ['delet', 'b'],
      ['permiss', 'c'],
      ['tenant', 'd'],
    ] as [string, string][],
  };

  it("finds the chunk of a term by the chunks' first terms", () => {
    expect(chunkOf(entry, 'authent')).toBe(0);
    expect(chunkOf(entry, 'delet')).toBe(1);
    expect(chunkOf(entry, 'middlewar')).toBe(1);
    expect(chunkOf(entry, 'zod')).toBe(3);
  });

  it('finds the chunks a prefix spans', () => {
    expect(chunksOfPrefix(entry, 'per')).toEqual([1, 2]);
    // Terms below `permiss` may start with `permi` too.
    expect(chunksOfPrefix(entry, 'permi')).toEqual([1, 2]);
    expect(chunksOfPrefix(entry, 'zo')).toEqual([3, 3]);
    expect(chunksOfPrefix(entry, 'te')).toEqual([2, 3]);
  });
});

describe('files', () => {
  const entry: LocalIndexEntry = {
    format: LOCAL_INDEX_FORMAT,
    pages: 2,
    slots: 256,
    directorySlots: 128,
    chunks: [['', 'aaaaaaaaaaaa']],
    directories: ['bbbbbbbbbbbb', null],
    bytes: 100,
    files: 5,
  };

  it('checks shapes, and refuses another format with the one it reads', () => {
    expect(parseEntry(entry)).toBe(entry);
    expect(() => parseEntry({ ...entry, format: 'abp-local-search@1' })).toThrowErrorMatchingInlineSnapshot(
      `[Error: [docs] local search index has format \`abp-local-search@1\`; this shell reads \`abp-local-search@3\`.]`,
    );
    expect(() => parseChunk({ terms: 'a', pages: 'B' })).toThrowErrorMatchingInlineSnapshot(
      `[Error: [docs] local search index: a term chunk is not in format \`abp-local-search@3\`.]`,
    );
    expect(() => parseDirectory({ slots: 'A', fragments: 'abc' })).toThrow(/page directory/);
    expect(() => parseFragment({ path: '/x', title: 'X' })).toThrow(/fragment/);
  });

  it("reads a directory's slots and fragment names", () => {
    const directory = { slots: vlq(5) + vlq(0) + vlq(100), fragments: '111111111111222222222222333333333333' };
    expect(directoryPages(directory, 128)).toEqual([
      { slot: 128 + 5, fragment: '111111111111' },
      { slot: 128 + 6, fragment: '222222222222' },
      { slot: 128 + 107, fragment: '333333333333' },
    ]);
  });

  it('names every file of an index from the entry, chunks and directories it can read', async () => {
    const texts = new Map<string, string>([
      ['search/entry.eeeeeeeeeeee.json', JSON.stringify(entry)],
      [searchFile('c', 'aaaaaaaaaaaa'), JSON.stringify({ terms: 'x', pages: 'B', postings: 'AB', tails: [[0, 'cccccccccccc']] })],
      [searchFile('d', 'bbbbbbbbbbbb'), JSON.stringify({ slots: 'AA', fragments: '111111111111222222222222' })],
    ]);
    const all = await indexFiles('search/entry.eeeeeeeeeeee.json', async (path) => texts.get(path) ?? null);
    expect(all).toEqual([
      'search/entry.eeeeeeeeeeee.json',
      'search/c.aaaaaaaaaaaa.json',
      'search/d.bbbbbbbbbbbb.json',
      'search/t.cccccccccccc.json',
      'search/f.111111111111.json',
      'search/f.222222222222.json',
    ]);
    // What cannot be read names nothing further.
    expect(await indexFiles('search/entry.eeeeeeeeeeee.json', async (path) => (path.includes('entry') ? texts.get(path)! : null))).toEqual([
      'search/entry.eeeeeeeeeeee.json',
      'search/c.aaaaaaaaaaaa.json',
      'search/d.bbbbbbbbbbbb.json',
    ]);
  });
});
