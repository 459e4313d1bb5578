/**
 * The local index's files (`node/search.ts`): the same pages give the
 * same files in any order, a common term keeps its best pages with it and the
 * rest in a tail, a one-page change rewrites few files, and the engine finds
 * through tails and directories what the pages hold.
 */
import { describe, expect, it } from 'vitest';
import {
  directorySlots,
  fieldScore,
  FRAGMENT_SECTION_CHARS,
  parseChunk,
  parseEntry,
  parseFragment,
  readPostings,
  TOP_POSTINGS,
} from '../../manifest/localSearch';
import { localIndexFiles, localPageProduct, type LocalPageInput, type LocalPageProduct } from '../../node/search';
import { LocalEngine } from '../../src/search/localEngine';

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');

/** A page of generated prose: `common` on every page, rare words by its number, its own word `page<n>`. */
function page(n: number, extra = ''): LocalPageInput {
  const words = [WORDS[n % WORDS.length], WORDS[(n * 7) % WORDS.length], `page${n}`, 'common'];
  return {
    path: `/docs/p-${n}`,
    title: `Page ${words[0]} ${n}`,
    category: 'Docs',
    meta: '',
    headings: [{ depth: 2, id: 'usage', text: `Usage of ${words[1]}` }],
    parts: [
      { heading: -1, text: `This page is about ${words.join(' ')}. ${extra}`, code: `const ${words[0]}Value = 1;` },
      { heading: 0, text: `Use ${words[1]} with care; common sense applies.`, code: '' },
    ],
  };
}

/** The pages' products, with the site's words stemmed once (`WordTerms`), as a build makes them. */
const products = (inputs: LocalPageInput[]) => {
  const words = new Map();
  return inputs.map((input) => localPageProduct(input, words));
};
/** A product's terms with their packed fields. */
const termsOf = (product: LocalPageProduct) => new Map(product.terms.split(' ').map((term, i) => [term, product.fields[i]!]));
const engineOf = (files: Map<string, string>, entry: string) =>
  new LocalEngine(parseEntry(JSON.parse(files.get(entry)!)), async (paths) => paths.map((p) => files.get(p) ?? null));

describe('the local index files', () => {
  const inputs = Array.from({ length: 700 }, (_, n) => page(n));

  it('are the same for the same pages, whatever their order, each named by its hash', () => {
    const a = localIndexFiles(products(inputs));
    const b = localIndexFiles(products([...inputs].reverse()));
    expect([...b.files].sort()).toEqual([...a.files].sort());
    expect(b.entry).toBe(a.entry);
    const entry = parseEntry(JSON.parse(a.files.get(a.entry)!));
    expect(entry).toMatchObject({ pages: 700, slots: 4096, files: a.files.size });
    expect(entry.bytes).toBe([...a.files.values()].reduce((sum, json) => sum + Buffer.byteLength(json), 0));
    expect(entry.directories).toHaveLength(4096 / directorySlots(4096));
  });

  it("keep a common term's best pages in its chunk and the rest in its tail", () => {
    const { files } = localIndexFiles(products(inputs));
    const chunks = [...files].filter(([name]) => name.startsWith('search/c.')).map(([, json]) => parseChunk(JSON.parse(json)));
    const holding = chunks.find((c) => c.terms.split(' ').includes('common'))!;
    const at = holding.terms.split(' ').indexOf('common');
    expect(holding.tails.map(([i]) => i)).toContain(at);
    let top = 0;
    readPostings(holding.postings.split(' ')[at]!, () => top++);
    expect(top).toBe(TOP_POSTINGS);
    let tail = 0;
    readPostings((JSON.parse(files.get(`search/t.${holding.tails.find(([i]) => i === at)![1]}.json`)!) as { postings: string }).postings, () => tail++);
    expect(top + tail).toBe(700);
    // A term on fewer pages has no tail.
    const rare = chunks.find((c) => c.terms.split(' ').includes('page650'))!;
    expect(rare.tails.map(([i]) => i)).not.toContain(rare.terms.split(' ').indexOf('page650'));
  });

  it('let the engine find pages through tails, directories and fragments', async () => {
    const { files, entry } = localIndexFiles(products(inputs));
    const engine = engineOf(files, entry);
    // A page's own word, and a common word with it: every page holds `common`, one holds `page650`.
    const own = await engine.query('page650 ');
    expect(own.hits[0]!.url_without_anchor).toBe('/docs/p-650');
    const both = await engine.query('common page650 ');
    expect(both.hits[0]!.url_without_anchor).toBe('/docs/p-650');
    expect(both.nbHits).toBe(700);
    // The section a result opens: the heading that holds the word.
    const usage = (await engine.query(`${WORDS[(3 * 7) % WORDS.length]} page3 `)).hits[0]!;
    expect(usage.url).toBe('/docs/p-3#usage');
    expect(usage.hierarchy).toMatchObject({ lvl0: 'Docs', lvl1: 'Page delta 3', lvl2: `Usage of ${WORDS[(3 * 7) % WORDS.length]}` });
  });

  it("rewrite a few files when one page changes, and keep every other page's fragment", () => {
    const before = localIndexFiles(products(inputs));
    const edited = [...inputs];
    edited[123] = page(123, 'A sentence with zebra added.');
    const after = localIndexFiles(products(edited));
    const changed = [...after.files.keys()].filter((name) => !before.files.has(name));
    // The page's fragment and directory, the chunks of its three new words (`sentenc`, `zebra`, `ad`), the entry.
    expect(changed.filter((name) => name.startsWith('search/f.'))).toHaveLength(1);
    expect(changed.filter((name) => name.startsWith('search/d.'))).toHaveLength(1);
    expect(changed.filter((name) => name.startsWith('search/c.')).length).toBeLessThanOrEqual(3);
    expect(changed.filter((name) => name.startsWith('search/t.'))).toEqual([]);
    expect(changed.filter((name) => name.startsWith('search/entry.'))).toHaveLength(1);
  });

  it("keep the other pages' postings when a page is added", () => {
    const before = localIndexFiles(products(inputs));
    const after = localIndexFiles(products([...inputs, { ...page(9999), path: '/docs/new' }]));
    const changed = [...after.files.keys()].filter((name) => !before.files.has(name));
    expect(changed.filter((name) => name.startsWith('search/f.'))).toHaveLength(1);
    expect(changed.filter((name) => name.startsWith('search/d.'))).toHaveLength(1);
  });
});

describe("a page's fragment", () => {
  it('keeps its title, category, headings and the start of each section', () => {
    const long = 'word '.repeat(1000).trim();
    const product = localPageProduct({
      ...page(1),
      parts: [
        { heading: -1, text: long, code: '' },
        { heading: 0, text: 'Short.', code: 'secret()' },
      ],
    });
    const fragment = parseFragment(JSON.parse(product.fragment.json));
    expect(fragment).toMatchObject({ path: '/docs/p-1', title: 'Page bravo 1', category: 'Docs', headings: [[2, 'usage', 'Usage of hotel']] });
    expect(fragment.sections[0]![1].length).toBeLessThanOrEqual(FRAGMENT_SECTION_CHARS);
    expect(fragment.sections[0]![1].endsWith('word')).toBe(true);
    // Code is indexed, not shown.
    expect(product.fragment.json).not.toContain('secret');
    expect(termsOf(product).has('secret')).toBe(true);
  });

  it('has the same terms whether the build stems each word once for all pages or for each page', () => {
    const pages = Array.from({ length: 50 }, (_, n) => page(n));
    const words = new Map();
    const shared = pages.map((input) => localPageProduct(input, words));
    expect(words.size).toBeGreaterThan(0);
    expect(shared).toEqual(pages.map((input) => localPageProduct(input)));
  });

  it('weighs where each term comes up', () => {
    const terms = termsOf(localPageProduct(page(1)));
    // `bravo` is in the title; `hotel` in a heading and the text; `page1` in the text only.
    expect(fieldScore(terms.get('bravo')!)).toBeGreaterThan(fieldScore(terms.get('hotel')!));
    expect(fieldScore(terms.get('hotel')!)).toBeGreaterThan(fieldScore(terms.get('page1')!));
  });

  it('counts code written in the prose as code, below the words of the prose', () => {
    const product = localPageProduct({
      ...page(1),
      parts: [{ heading: -1, text: 'Set the colour with var(--primary) in a theme, or pass --force. Variables (see below) stay prose.', code: '' }],
    });
    const terms = termsOf(product);
    // `var`, `primary` and `force` only in code; `theme` and `see` (of a parenthesis) in the prose.
    expect(fieldScore(terms.get('var')!)).toBeLessThan(fieldScore(terms.get('theme')!));
    expect(fieldScore(terms.get('primari')!)).toBeLessThan(fieldScore(terms.get('theme')!));
    expect(fieldScore(terms.get('forc')!)).toBeLessThan(fieldScore(terms.get('theme')!));
    expect(fieldScore(terms.get('see')!)).toBe(fieldScore(terms.get('theme')!));
  });
});

describe('synonyms', () => {
  it("go into the entry in the local index's shape, and only when the site has some", () => {
    const pages = products([page(1), page(2)]);
    const without = localIndexFiles(pages);
    expect(parseEntry(JSON.parse(without.files.get(without.entry)!)).synonyms).toBeUndefined();
    const withSome = localIndexFiles(pages, [
      { type: 'synonym', synonyms: ['sign in', 'login'] },
      { type: 'oneWaySynonym', objectID: 'x', input: 'env', synonyms: ['environment variable'] },
    ]);
    expect(parseEntry(JSON.parse(withSome.files.get(withSome.entry)!)).synonyms).toEqual([
      { synonyms: ['sign in', 'login'] },
      { input: 'env', synonyms: ['environment variable'] },
    ]);
  });
});
