/**
 * The local search engine over the local index of this repository's own
 * content: the ranking a reader expects (pages about the words first, not
 * only pages holding every word; word forms, prefixes and typos), the hits'
 * shape, what it reads to answer, and the worker protocol.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildContent } from '../../../build';
import { searchFile } from '../../../manifest/localSearch';
import {
  LocalEngine,
  markTerms,
  matcherOf,
  parseEntryText,
  parseQuery,
  serveEngine,
  snippet,
  synonymRules,
  withSynonyms,
  type FileLoader,
  type WorkerRequest,
  type WorkerResponse,
} from '../../../src/search/localEngine';
import { SupersededError, type SearchResult } from '../../../src/search/types';
import { ROOT } from '../../helpers/build';

let files: Map<string, string>;
let entryPath: string;
/** Paths the last engine read, in order. */
let read: string[] = [];
/** Paths the loader answers with null (offline, never fetched). */
let unavailable = new Set<string>();
const loader: FileLoader = async (paths) => {
  read.push(...paths);
  return paths.map((p) => (unavailable.has(p) ? null : (files.get(p) ?? null)));
};
const engineOf = () => new LocalEngine(parseEntryText(files.get(entryPath)!), loader);
let engine: LocalEngine;

beforeAll(async () => {
  // As `npm run build` writes it (a dev build makes it when asked for).
  const result = await buildContent({ contentDir: join(ROOT, 'content'), shell: null });
  files = new Map([...result.files].filter(([name]) => name.startsWith('search/')).map(([name, data]) => [name, data as string]));
  entryPath = result.manifest.search.entry;
  engine = engineOf();
}, 120_000);

/** Route of a hit without its anchor. */
const pageOf = (url: string) => url.split('#')[0];
const pagesOf = (r: SearchResult) => r.hits.map((h) => pageOf(h.url));
const first = async (query: string) => pagesOf(await engine.query(query))[0];

describe('ranking', () => {
  it.each([
    ['authentication', '/docs/fundamentals/authentication'],
    ['permissions', '/docs/fundamentals/permissions'],
    ['tenant', '/docs/fundamentals/multi-tenancy'],
    ['middleware', '/docs/fundamentals/middleware'],
    ['upgrading', '/docs/upgrading'],
  ])('"%s" finds %s first', async (query, page) => {
    expect(await first(`${query} `)).toBe(page);
  });

  it('puts the pages about a word typed whole before those naming its longer words (tenantId for tenant)', async () => {
    // No space after it: the modal searches while the word may still be growing.
    expect(await first('tenant')).toBe('/docs/fundamentals/multi-tenancy');
    expect(await first('middleware')).toBe('/docs/fundamentals/middleware');
  });

  it('ranks a page whose title holds the word above pages that mention it more often in passing', async () => {
    const hits = (await engine.query('authentication ')).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl1', url: '/docs/fundamentals/authentication' });
    expect(hits[0]!.hierarchy.lvl1).toBe('Authentication System');
    expect(hits.findIndex((h) => pageOf(h.url) === '/docs/faq')).toBeGreaterThan(0);
  });

  it('finds pages holding some of the words when none holds them all, those holding more first', async () => {
    // No page says "zzqxv": the other words still find their pages.
    const some = await engine.query('session redis zzqxv ');
    expect(some.nbHits).toBeGreaterThan(0);
    expect(pagesOf(some)[0]).toBe('/docs/fundamentals/session-management');
    expect(pagesOf(await engine.query('where are the access tokens stored ')).slice(0, 3)).toContain('/docs/fundamentals/session-management');
    expect((await engine.query('   ')).nbHits).toBe(0);
    expect((await engine.query('the of and ')).nbHits).toBe(0);
  });

  it('matches forms of a word by their stem', async () => {
    expect(pagesOf(await engine.query('upgrade ')).slice(0, 3)).toContain('/docs/upgrading');
    expect(await first('deploying ')).toMatch(/^\/docs\/tutorials\/deploy/);
  });

  it('matches the last word as a prefix while it is typed, and a typed word longer than its stem', async () => {
    expect(await first('permis')).toBe('/docs/fundamentals/permissions');
    expect(await first('authentic')).toBe('/docs/fundamentals/authentication');
    expect(await first('middlew')).toBe('/docs/fundamentals/middleware');
    // A finished word (followed by a space) is not a prefix.
    expect((await engine.query('middlew ')).nbHits).toBe(0);
    expect(parseQuery('The permissions of tena')).toEqual([
      { word: 'permissions', term: 'permiss', prefix: false, at: 1 },
      { word: 'tena', term: 'tena', prefix: true, at: 3 },
    ]);
    expect(parseQuery('the ')).toEqual([]);
    expect(parseQuery('the')).toEqual([{ word: 'the', term: null, prefix: true, at: 0 }]);
  });

  it('takes a last word the index holds as typed, as the search page asks it: not the shorter stems it starts with, nor a stop word as a prefix', async () => {
    const marked = (r: SearchResult) =>
      r.hits.flatMap((h) => [...JSON.stringify([h._highlightResult, h._snippetResult]).matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1]!.toLowerCase()));
    // "redis" stems to "redi", which "redirect" starts with; "build" is not "builder".
    expect(marked(await engine.query('log in redirect')).filter((w) => w.startsWith('redis'))).toEqual([]);
    expect(marked(await engine.query('what is the page builder')).filter((w) => w === 'build')).toEqual([]);
    // A query ending in a stop word ("out" of "sign out") is done: it does not look for "output".
    expect(await first('sign out')).toBe('/docs/fundamentals/authentication');
    expect(parseQuery('sign out')).toEqual([{ word: 'sign', term: 'sign', prefix: false, at: 0 }]);
    // Alone, a stop word is all there is: a prefix.
    expect((await engine.query('out')).nbHits).toBeGreaterThan(0);
  });

  it('tolerates a typo from four letters, two from eight, when the index lacks the word', async () => {
    expect(await first('authentcation ')).toBe('/docs/fundamentals/authentication');
    expect(await first('permisions ')).toBe('/docs/fundamentals/permissions');
    expect(await first('midleware ')).toBe('/docs/fundamentals/middleware');
    expect(await first('authentification ')).toBe('/docs/fundamentals/authentication');
    expect(await first('zodd ')).toBe('/docs/development/validation');
    // Three letters: no typo allowed.
    expect((await engine.query('apu ')).nbHits).toBe(0);
  });

  it('finds words joined by a hyphen when typed as one, and either spelling of a British or American word', async () => {
    expect(await first('multitenency ')).toBe('/docs/fundamentals/multi-tenancy');
    expect(await first('localisation ')).toBe('/docs/fundamentals/localization');
    expect(await first('localization ')).toBe('/docs/fundamentals/localization');
    expect(pagesOf(await engine.query('colour '))).toEqual(pagesOf(await engine.query('color ')));
  });

  it("applies the site's synonyms, one-way and two-way, phrases included", async () => {
    const rules = synonymRules([{ synonyms: ['sign in', 'login'] }, { input: 'env var', synonyms: ['environment variable'] }]);
    const words = (q: string) => withSynonyms(parseQuery(q), q, rules).map((w) => [w.term, w.alternatives ?? []]);
    expect(words('login redirect ')).toEqual([
      ['login', ['sign']],
      ['redirect', []],
    ]);
    expect(words('how to sign in ')).toEqual([['sign', ['login']]]);
    // Word for word when the synonym is as long as the phrase; stems, so "vars" is "var".
    expect(words('docker env vars ')).toEqual([
      ['docker', []],
      ['env', ['environ']],
      ['var', ['variabl']],
    ]);
    // One-way: the synonym does not call for its input.
    expect(words('environment variable ')).toEqual([
      ['environ', []],
      ['variabl', []],
    ]);
    // This site's: "401" finds the pages that say "unauthorized" too, "logout" those that say "sign out".
    expect(pagesOf(await engine.query('logout ')).slice(0, 3)).toContain('/docs/fundamentals/authentication');
    expect((await engine.query('unauthorized ')).nbHits).toBeGreaterThanOrEqual((await engine.query('401 ')).nbHits);
  });

  it('lets the words a question is about outweigh its filler', async () => {
    const [filler] = parseQuery('need ');
    expect(filler).toMatchObject({ term: 'need', filler: true });
    expect(pagesOf(await engine.query('what do I need to use for a redis token store ')).slice(0, 3)).toEqual(
      pagesOf(await engine.query('redis token store ')).slice(0, 3),
    );
    expect(pagesOf(await engine.query('how does signing in work ')).slice(0, 3)).toContain('/docs/fundamentals/authentication');
  });

  it('suggests the closest words the index holds, as the pages write them, only when nothing matches', async () => {
    // Two edits: past the one typo a six-letter word may have, so nothing matches.
    expect(await engine.query('dokcer ')).toMatchObject({ nbHits: 0, suggestion: 'docker' });
    expect(await engine.query('how to dokcer')).toMatchObject({ nbHits: 0, suggestion: 'how to docker' });
    // A word with matches of its own needs no suggestion; nor a word nothing is close to.
    expect((await engine.query('kubernettes ')).suggestion).toBeUndefined();
    expect(await engine.query('zzqxvw ')).toMatchObject({ nbHits: 0 });
    expect((await engine.query('zzqxvw ')).suggestion).toBeUndefined();
  });

  it("ranks a page whose title names most of a question's words above bodies holding its one rare word", async () => {
    // "Error state for failed requests" names "error" and "fails", words many pages hold; "display" is rarer, in passing.
    const pages = [...new Set(pagesOf(await engine.query('display an error when a query fails')))];
    expect(pages.indexOf('/docs/tutorials/recipes/error-state')).toBeGreaterThanOrEqual(0);
    expect(pages.indexOf('/docs/tutorials/recipes/error-state')).toBeLessThan(3);
  });

  it('finds words that are only in code', async () => {
    // `useSession` is code on these pages; its parts find it too.
    expect(pagesOf(await engine.query('useSession ')).slice(0, 5)).toContain('/docs/fundamentals/session-management');
  });
});

describe('hits', () => {
  it('carry the hierarchy down to the section they open, and highlighted, escaped values only', async () => {
    const hit = (await engine.query('redis token store ')).hits.find((h) => h.url.endsWith('#redis-token-store'))!;
    expect(hit).toMatchObject({ type: 'lvl2', url_without_anchor: '/docs/fundamentals/session-management', anchor: 'redis-token-store', fromLocalIndex: true });
    expect(hit.hierarchy).toMatchObject({ lvl0: 'Fundamentals', lvl1: 'Session Management', lvl2: 'Redis token store', lvl3: null });
    expect(hit._highlightResult.hierarchy.lvl2!.value).toBe('<mark>Redis</mark> <mark>token</mark> <mark>store</mark>');
    for (const h of (await engine.query('tenant ')).hits) {
      const values = [...Object.values(h._highlightResult.hierarchy).map((v) => v.value), h._snippetResult.content?.value ?? ''];
      for (const v of values) expect(v.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('cut snippets to the requested words around the match', async () => {
    const m = matcherOf(['tenant'], null, ['tenant']);
    expect(snippet('one two three four five six seven tenant eight nine ten', m, 5)).toBe('…seven <mark>tenant</mark> eight nine ten');
    expect(snippet('one two three four five six seven tenant eight nine ten eleven twelve', m, 4)).toBe('…seven <mark>tenant</mark> eight nine…');
    expect(markTerms('<b>Tenants</b> & co', m).html).toBe('&lt;b&gt;<mark>Tenants</mark>&lt;/b&gt; &amp; co');
    const short = (await engine.query('tenant ', { snippetWords: 5 })).hits.find((h) => h._snippetResult.content)!;
    expect(short._snippetResult.content!.value.replace(/…/g, '').split(/\s+/).length).toBeLessThanOrEqual(5);
  });

  it('cut snippets between words as a reader sees them, never inside a hyphenated word, a contraction or a call', () => {
    const m = matcherOf(['tenanc'], null, ['tenancy']);
    // Counted in the tokens the index splits on, the cut would fall after "multi-" and before "tenancy".
    expect(snippet('one two three four five six seven multi-tenancy eight nine ten', m, 4)).toBe('…seven multi-<mark>tenancy</mark> eight nine…');
    const call = matcherOf(['session'], null, ['session']);
    expect(snippet("a b c d e f g don't call session.get() before h i j", call, 3)).toBe('…call <mark>session</mark>.get() before…');
    expect(snippet("a b c d e f g session don't h i j", call, 2)).toBe("…<mark>session</mark> don't…");
    expect(snippet('', m, 4)).toBe('');
  });

  it('give one hit per page, a page of results at a time', async () => {
    const firstPage = await engine.query('tenant ', { hitsPerPage: 10 });
    expect(firstPage.hits).toHaveLength(10);
    expect(firstPage.nbPages).toBe(Math.ceil(firstPage.nbHits / 10));
    const second = await engine.query('tenant ', { hitsPerPage: 10, page: 1 });
    const pages = [...firstPage.hits, ...second.hits].map((h) => h.url_without_anchor);
    expect(new Set(pages).size).toBe(pages.length);
  });
});

describe('files read', () => {
  it('reads the chunk of the word and the directories and fragments of the results shown, nothing else', async () => {
    read = [];
    const fresh = engineOf();
    const result = await fresh.query('middleware ', { hitsPerPage: 5 });
    expect(result.hits).toHaveLength(5);
    const kinds = read.map((p) => /^search\/([a-z]+)\./.exec(p)![1]);
    expect(kinds.filter((k) => k === 'c')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'f')).toHaveLength(5);
    expect(kinds.filter((k) => k === 't' || k === 'entry')).toEqual([]);
    // The next page of the same query reads only its own fragments.
    read = [];
    await fresh.query('middleware ', { hitsPerPage: 5, page: 1 });
    expect(read.every((p) => p.startsWith('search/f.'))).toBe(true);
  });

  it('answers with the first hits alone when asked, ranked as the whole page, and adds the rest when asked again', async () => {
    const whole = await engineOf().query('tenant ', { hitsPerPage: 10 });
    expect(whole.hits).toHaveLength(10);
    expect(whole.partial).toBeUndefined();
    read = [];
    const fresh = engineOf();
    const firstHits = await fresh.query('tenant ', { hitsPerPage: 10, firstHits: 3 });
    expect(firstHits.partial).toBe(true);
    expect(firstHits.nbHits).toBe(whole.nbHits);
    expect(firstHits.hits.map((h) => h.url)).toEqual(whole.hits.slice(0, 3).map((h) => h.url));
    expect(read.filter((p) => p.startsWith('search/f.'))).toHaveLength(3);
    read = [];
    const rest = await fresh.query('tenant ', { hitsPerPage: 10 });
    expect(rest.hits.map((h) => h.url)).toEqual(whole.hits.map((h) => h.url));
    // The first three's fragments are kept: only the other seven are read, and no chunk again.
    expect(read.filter((p) => p.startsWith('search/f.'))).toHaveLength(7);
    expect(read.filter((p) => p.startsWith('search/c.'))).toEqual([]);
    // Asked again with the rest here, it answers with the whole page at once.
    const again = await fresh.query('tenant ', { hitsPerPage: 10, firstHits: 3 });
    expect(again.partial).toBeUndefined();
    expect(again.hits.map((h) => h.url)).toEqual(whole.hits.map((h) => h.url));
  });

  it('reads ahead the chunks of a word being typed, past its first letters, and nothing else', async () => {
    read = [];
    const fresh = engineOf();
    await fresh.warm('mid');
    expect(read).toEqual([]);
    await fresh.warm('middlew');
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((p) => p.startsWith('search/c.'))).toBe(true);
    // The query then needs no chunk it did not read ahead.
    const ahead = new Set(read);
    read = [];
    await fresh.query('middleware');
    expect(read.filter((p) => p.startsWith('search/c.') && !ahead.has(p))).toEqual([]);
  });

  it('answers without the files it cannot have, and says results may be missing', async () => {
    const fresh = engineOf();
    const entry = JSON.parse(files.get(entryPath)!) as { chunks: [string, string][] };
    const chunkOfTenant = entry.chunks.filter(([firstTerm]) => firstTerm <= 'tenant').pop()!;
    unavailable = new Set([searchFile('c', chunkOfTenant[1])]);
    try {
      const partial = await fresh.query('redis tenant ');
      expect(partial.incomplete).toBe(true);
      expect(partial.nbHits).toBeGreaterThan(0);
      const whole = await engineOf().query('redis ');
      expect(whole.incomplete).toBe(false);
    } finally {
      unavailable = new Set();
    }
  });
});

describe('queries that replace each other', () => {
  it('drops a query a newer one of its stream replaced before it reads fragments, and answers the newer', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = new LocalEngine(parseEntryText(files.get(entryPath)!), async (paths) => {
      await gate;
      return paths.map((p) => files.get(p) ?? null);
    });
    const older = slow.query('tenan', { latestOf: 'modal-1' });
    const newer = slow.query('tenant', { latestOf: 'modal-1' });
    // Another stream's query (a modal opened again), or one without a stream, is not dropped for them.
    const otherStream = slow.query('tenant', { latestOf: 'modal-2' });
    const other = slow.query('redis');
    release();
    await expect(older).rejects.toBeInstanceOf(SupersededError);
    expect((await newer).hits.length).toBeGreaterThan(0);
    expect((await otherStream).hits.length).toBeGreaterThan(0);
    expect((await other).hits.length).toBeGreaterThan(0);
  });
});

describe('worker protocol', () => {
  it('loads the entry, asks the page for files, answers queries by id, and reports errors', async () => {
    const sent: WorkerResponse[] = [];
    const scope = { onmessage: null as ((e: MessageEvent<WorkerRequest>) => void) | null, postMessage: vi.fn((m: WorkerResponse) => sent.push(m)) };
    serveEngine(scope);
    const post = (data: WorkerRequest) => scope.onmessage!({ data } as MessageEvent<WorkerRequest>);
    post({ type: 'query', id: 1, query: 'tenant', options: {} });
    expect(sent.pop()).toEqual({ type: 'error', id: 1, message: '[docs] local search: the index is not loaded.' });
    post({ type: 'load', entry: files.get(entryPath)! });
    expect(sent.pop()).toEqual({ type: 'loaded', size: engine.size });
    post({ type: 'query', id: 2, query: 'tenant', options: { hitsPerPage: 3 } });
    // The worker asks for files until it can answer; the page sends them.
    for (let i = 0; i < 10 && !sent.some((m) => m.type === 'result'); i++) {
      await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
      const message = sent.shift()!;
      if (message.type === 'need') post({ type: 'files', id: message.id, texts: message.paths.map((p) => files.get(p) ?? null) });
      else sent.unshift(message);
    }
    const answer = sent.find((m) => m.type === 'result') as Extract<WorkerResponse, { type: 'result' }>;
    expect(answer.id).toBe(2);
    expect(answer.result.hits).toHaveLength(3);
    sent.length = 0;
    post({ type: 'load', entry: '{"format":"other"}' });
    expect(sent.pop()).toMatchObject({ type: 'error', id: null });
  });
});
