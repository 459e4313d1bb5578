/**
 * The local index of this repository's own content (issue 4): its size on the
 * wire, and the ranking a reader expects (title matches first, prefixes and
 * typos, the obvious pages for everyday words).
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildContent } from '../../../build';
import { LocalEngine, markTerms, measureQueries, parseQuery, serveEngine, snippet, topK, type WorkerRequest, type WorkerResponse } from '../../../src/search/localEngine';
import type { SearchResult } from '../../../src/search/types';
import { ROOT } from '../../helpers/build';

let engine: LocalEngine;
let indexJson: string;
let headings: Record<string, { depth: number; id: string; text: string }[]>;

beforeAll(async () => {
  // As `npm run build` writes it (a dev build makes it when asked for).
  const result = await buildContent({ contentDir: join(ROOT, 'content'), shell: null, once: true });
  indexJson = [...result.files].find(([name]) => name.startsWith('search/index.'))![1] as string;
  headings = Object.fromEntries([...Object.values(result.manifest.docs), ...Object.values(result.manifest.pages)].map((p) => [p.path, p.headings]));
  engine = LocalEngine.load(indexJson, headings);
}, 120_000);

/** Route of a hit without its anchor. */
const pageOf = (url: string) => url.split('#')[0];
const pagesOf = (r: SearchResult) => r.hits.map((h) => pageOf(h.url));

describe('size', () => {
  it('is at most 60 KiB gzipped for this site', () => {
    const gz = gzipSync(indexJson).length;
    expect(gz).toBeLessThanOrEqual(60 * 1024);
    console.info(`[local index] ${(indexJson.length / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped, ${engine.size} sections`);
  });
});

describe('ranking', () => {
  it.each([
    ['authentication', '/docs/fundamentals/authentication'],
    ['permissions', '/docs/fundamentals/permissions'],
    ['tenant', '/docs/fundamentals/multi-tenancy'],
    ['middleware', '/docs/fundamentals/middleware'],
  ])('"%s" finds %s first', (query, page) => {
    expect(pagesOf(engine.query(query))[0]).toBe(page);
  });

  it('"deploy" finds the two deployment pages first', () => {
    const top = pagesOf(engine.query('deploy')).slice(0, 3);
    expect(top[0]).toBe('/docs/tutorials/deploy-your-site');
    expect(pagesOf(engine.query('deploy')).slice(0, 5)).toContain('/docs/tutorials/deployment');
  });

  it('ranks a page whose title matches above pages that mention the word in passing', () => {
    const hits = engine.query('authentication').hits;
    expect(hits[0]).toMatchObject({ type: 'lvl1', url: '/docs/fundamentals/authentication' });
    expect(hits[0]!.hierarchy.lvl1).toBe('Authentication System');
    // The FAQ mentions authentication more often than any page, but its title does not.
    const faq = hits.findIndex((h) => pageOf(h.url) === '/docs/faq');
    expect(faq).toBeGreaterThan(0);
    const permissions = engine.query('permissions').hits;
    expect(permissions[0]!.type).toBe('lvl1');
  });

  it('matches the last word as a prefix, while it is being typed', () => {
    expect(pagesOf(engine.query('permis'))[0]).toBe('/docs/fundamentals/permissions');
    expect(pagesOf(engine.query('authentic'))[0]).toBe('/docs/fundamentals/authentication');
    // A finished word (followed by a space) is no prefix any more.
    expect(engine.query('permis ').nbHits).toBe(0);
  });

  it('tolerates typos: one from 4 letters, two from 8', () => {
    expect(pagesOf(engine.query('authentcation'))[0]).toBe('/docs/fundamentals/authentication');
    expect(pagesOf(engine.query('permisions'))[0]).toBe('/docs/fundamentals/permissions');
    expect(pagesOf(engine.query('midleware'))[0]).toBe('/docs/fundamentals/middleware');
    expect(parseQuery('The permissions of tena')).toEqual([
      { word: 'permissions', term: 'permission', prefix: false, typos: 2 },
      { word: 'tena', term: 'tena', prefix: true, typos: 1 },
    ]);
    expect(parseQuery('the ')).toEqual([]);
    expect(parseQuery('the')).toEqual([{ word: 'the', term: null, prefix: true, typos: 0 }]);
  });

  it('requires every word and ignores stop words', () => {
    const both = engine.query('session redis');
    expect(both.nbHits).toBeGreaterThan(0);
    expect(pagesOf(both)[0]).toBe('/docs/fundamentals/session-management');
    expect(engine.query('how to deploy the site').hits.length).toBeGreaterThan(0);
    expect(engine.query('tenant zzqxv').nbHits).toBe(0);
    expect(engine.query('   ').nbHits).toBe(0);
  });
});

describe('hits', () => {
  it('carry the hierarchy, the anchor and highlighted, escaped values only', () => {
    const hit = engine.query('redis token store').hits.find((h) => h.url.endsWith('#redis-token-store'))!;
    expect(hit).toMatchObject({ type: 'lvl2', url_without_anchor: '/docs/fundamentals/session-management', anchor: 'redis-token-store', fromLocalIndex: true });
    expect(hit.hierarchy).toMatchObject({ lvl0: 'Fundamentals', lvl1: 'Session Management', lvl2: 'Redis token store', lvl3: null });
    expect(hit._highlightResult.hierarchy.lvl2!.value).toBe('<mark>Redis</mark> <mark>token</mark> <mark>store</mark>');
    // A section below an h2 carries both headings.
    const nested = engine.query('tenant').hits.find((h) => h.type === 'lvl3')!;
    expect(nested.hierarchy.lvl2).toBeTruthy();
    expect(nested.url).toContain('#');
    for (const h of engine.query('tenant').hits) {
      const values = [...Object.values(h._highlightResult.hierarchy).map((v) => v.value), h._snippetResult.content?.value ?? ''];
      for (const v of values) expect(v.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('cut snippets to the requested words around the match', () => {
    const terms = new Set(['tenant']);
    expect(snippet('one two three four five six seven tenant eight nine ten', terms, 5, false)).toBe('…seven <mark>tenant</mark> eight nine ten');
    expect(snippet('one two three four five six seven tenant eight nine ten eleven twelve', terms, 4, false)).toBe('…seven <mark>tenant</mark> eight nine…');
    expect(snippet('tenant one two', terms, 10, true)).toBe('<mark>tenant</mark> one two…');
    expect(markTerms('<b>Tenants</b> & co', terms).html).toBe('&lt;b&gt;<mark>Tenants</mark>&lt;/b&gt; &amp; co');
    const short = engine.query('tenant', { snippetWords: 5 }).hits.find((h) => h._snippetResult.content)!;
    expect(short._snippetResult.content!.value.replace(/…/g, '').split(/\s+/).length).toBeLessThanOrEqual(5);
  });

  it('page 20 at a time', () => {
    const first = engine.query('tenant');
    expect(first.hits).toHaveLength(20);
    expect(first.nbPages).toBe(Math.ceil(first.nbHits / 20));
    const second = engine.query('tenant', { page: 1 });
    expect(second.hits[0]!.objectID).not.toBe(first.hits[0]!.objectID);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.objectID)).size).toBe(first.hits.length + second.hits.length);
  });
});

describe('worker protocol', () => {
  it('loads the index, then answers queries by id, and reports errors', () => {
    const sent: WorkerResponse[] = [];
    const scope = { onmessage: null as ((e: MessageEvent<WorkerRequest>) => void) | null, postMessage: vi.fn((m: WorkerResponse) => sent.push(m)) };
    serveEngine(scope);
    const post = (data: WorkerRequest) => scope.onmessage!({ data } as MessageEvent<WorkerRequest>);
    post({ type: 'query', id: 1, query: 'tenant', options: {} });
    expect(sent.pop()).toEqual({ type: 'error', id: 1, message: '[docs] local search: the index is not loaded.' });
    post({ type: 'load', json: indexJson, headings });
    expect(sent.pop()).toEqual({ type: 'loaded', size: engine.size });
    post({ type: 'query', id: 2, query: 'tenant', options: { hitsPerPage: 3 } });
    const answer = sent.pop() as Extract<WorkerResponse, { type: 'result' }>;
    expect(answer.id).toBe(2);
    expect(answer.result.hits).toHaveLength(3);
    post({ type: 'load', json: '{"format":"other"}', headings });
    expect(sent.pop()).toMatchObject({ type: 'error', id: null });
  });
});

describe('top results', () => {
  it('keeps the best k by score, ties in document order', () => {
    const score = Float64Array.from([1, 5, 3, 5, 0, 2]);
    expect(topK([0, 1, 2, 3, 4, 5], score, 3)).toEqual([1, 3, 2]);
    expect(topK([5, 4, 3], score, 10)).toEqual([3, 5, 4]);
  });
});

describe('speed', () => {
  it('answers everyday queries in a few milliseconds (p50 and p95 logged)', () => {
    const { p50, p95, runs } = measureQueries(engine);
    console.info(`[local index] query p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${runs} queries)`);
    // Generous bound: this machine may be busy; the benchmark reports the real figures.
    expect(p50).toBeLessThan(50);
  });
});
