/**
 * The search client: the Algolia payload, timeouts and
 * hosts pinned through a fake requester, the down-host retry after 120 s, and
 * every way the local index takes over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_TIMEOUTS } from '../../../manifest/constants';
import { SPEC_SEARCH_PARAMS } from '../../helpers/docsearchParams';
import { makeSiteConfig } from '../../helpers/manifestFixtures';
import {
  ALGOLIA_BUDGET_MS,
  algoliaRequest,
  createSearchClient,
  hitRoute,
  normalizeAlgoliaHit,
  type AlgoliaRequester,
  type SearchEnvironment,
} from '../../../src/search/client';
import { algoliaHosts } from '../../../manifest/searchHosts';
import type { LocalSearcher } from '../../../src/search/localIndex';
import { sanitizeHighlight } from '../../../src/search/sanitize';
import { SearchUnavailableError, type SearchResult } from '../../../src/search/types';

type Sent = Parameters<AlgoliaRequester['send']>[0];
type Reply = { status: number; content?: unknown; isTimedOut?: boolean };

const SITE = { url: 'https://antosubash.github.io', baseUrl: '/abp-react/' };
const HIT = {
  objectID: 'docs/intro#0',
  url: 'https://antosubash.github.io/abp-react/docs/intro#setup',
  type: 'content',
  hierarchy: { lvl0: 'Documentation', lvl1: 'Introduction', lvl2: 'Setup', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: 'Install the tenant module',
  _highlightResult: {
    hierarchy: { lvl1: { value: 'Introduction', matchLevel: 'none', matchedWords: [] } },
    content: { value: 'Install the <mark>tenant</mark> module', matchLevel: 'full', matchedWords: ['tenant'] },
  },
  _snippetResult: { content: { value: '…the <mark>tenant</mark> module', matchLevel: 'full' } },
};
const ok = (hits: unknown[] = [HIT]): Reply => ({
  status: 200,
  content: { results: [{ hits, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage: 20, queryID: 'q-1' }] },
});

/** A requester answering by host with the replies given (a function of the host, or one reply for all). */
function fakeRequester(reply: (host: string, request: Sent) => Reply | Promise<Reply>) {
  const sent: Sent[] = [];
  const requester: AlgoliaRequester = {
    async send(request) {
      sent.push(request);
      const r = await reply(new URL(request.url).host, request);
      return { status: r.status, content: typeof r.content === 'string' ? r.content : JSON.stringify(r.content ?? {}), isTimedOut: r.isTimedOut ?? false };
    },
  };
  return { requester, sent, hosts: () => sent.map((s) => new URL(s.url).host) };
}

const localResult = (query: string): SearchResult => ({
  query,
  hits: [],
  nbHits: 0,
  page: 0,
  nbPages: 0,
  hitsPerPage: 20,
  queryID: null,
  fromLocalIndex: true,
});

/** A client with a fake requester and a fake local index. */
function client(overrides: Partial<SearchEnvironment> & { search?: Partial<SearchEnvironment['config']> } = {}) {
  const local = { query: vi.fn(async (q: string) => localResult(q)), warm: vi.fn(), inWorker: false } satisfies LocalSearcher;
  const loadLocal = vi.fn(async () => local);
  const config = { ...makeSiteConfig().search, appId: 'APPID', apiKey: 'search-key', indexName: 'docs', ...overrides.search };
  const c = createSearchClient({ config, site: SITE, language: 'en', version: 'current', local: loadLocal, isOnline: () => true, ...overrides });
  return { client: c, local, loadLocal };
}

beforeEach(() => {
  // The client says on the console when Algolia fails; the tests check what it does instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Algolia requests', () => {
  it('POSTs DocSearch’s payload to /1/indexes/*/queries with the credentials as query parameters', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c } = client({ requester: fake.requester });
    const result = await c.search('tenant');
    expect(fake.sent).toHaveLength(1);
    const request = fake.sent[0]!;
    const url = new URL(request.url);
    expect(request.method).toBe('POST');
    expect(url.pathname).toBe('/1/indexes/*/queries');
    expect(url.searchParams.get('x-algolia-application-id')).toBe('APPID');
    expect(url.searchParams.get('x-algolia-api-key')).toBe('search-key');
    expect(JSON.parse(String(request.data))).toEqual({
      requests: [
        {
          indexName: 'docs',
          query: 'tenant',
          ...SPEC_SEARCH_PARAMS,
        },
      ],
    });
    expect(result).toMatchObject({ nbHits: 1, queryID: 'q-1', fromLocalIndex: false });
    expect(result.hits[0]).toMatchObject({ url: '/docs/intro#setup', anchor: 'setup', url_without_anchor: '/docs/intro', fromLocalIndex: false });
  });

  it('asks for 5-word snippets when told, pages on, sends clickAnalytics with Insights and no facets without contextual search', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c } = client({ requester: fake.requester, search: { insights: true, contextualSearch: false } });
    await c.search('tenant', { snippetWords: 5, page: 2 });
    const body = JSON.parse(String(fake.sent[0]!.data)).requests[0];
    expect(body).toMatchObject({ attributesToSnippet: ['content:5'], page: 2, clickAnalytics: true });
    expect(body).not.toHaveProperty('facetFilters');
    expect(
      algoliaRequest({ indexName: 'i', query: 'q', snippetWords: 10, hitsPerPage: 20, page: 0, clickAnalytics: false, facetFilters: null }),
    ).not.toHaveProperty('page');
  });

  it("filters by the language and the version's tag, and on a versioned site also lets the pages outside the docs through", async () => {
    const fake = fakeRequester(() => ok());
    await client({ requester: fake.requester }).client.search('tenant');
    await client({ requester: fake.requester, version: '1.0', versioned: true }).client.search('tenant');
    const filters = fake.sent.map((request) => JSON.parse(String(request.data)).requests[0].facetFilters);
    expect(filters).toEqual([
      ['language:en', 'docusaurus_tag:docs-default-current'],
      ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0']],
    ]);
  });

  it('uses the fixed timeouts: connect 1 s, read 2 s (write 30 s)', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c } = client({ requester: fake.requester });
    await c.search('tenant');
    expect(fake.sent[0]).toMatchObject({ connectTimeout: SEARCH_TIMEOUTS.connect, responseTimeout: SEARCH_TIMEOUTS.read });
    expect(SEARCH_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
  });

  it('tries the read host first, then the fallback hosts, never the write-only host', async () => {
    const fake = fakeRequester(() => ({ status: 0, content: 'refused' }));
    const { client: c } = client({ requester: fake.requester });
    await c.search('tenant');
    const [first, ...rest] = fake.hosts();
    expect(first).toBe('appid-dsn.algolia.net');
    expect(rest.sort()).toEqual(['appid-1.algolianet.com', 'appid-2.algolianet.com', 'appid-3.algolianet.com']);
  });

  it('uses the hosts of the site configuration, in order', async () => {
    expect(algoliaHosts(['http://127.0.0.1:8108', 'search.example.com/'])).toEqual([
      { url: '127.0.0.1:8108', accept: 'readWrite', protocol: 'http' },
      { url: 'search.example.com', accept: 'readWrite', protocol: 'https' },
    ]);
    expect(algoliaHosts(null)).toBeNull();
    const fake = fakeRequester((host) => (host === 'b.test' ? ok() : { status: 0 }));
    const { client: c } = client({ requester: fake.requester, search: { hosts: ['http://a.test', 'https://b.test'] } });
    await c.search('tenant');
    expect(fake.sent.map((s) => s.url.split('/1/')[0])).toEqual(['http://a.test', 'https://b.test']);
  });

  it('skips a host marked down and tries it again after 120 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fake = fakeRequester((host) => (host === 'a.test' ? { status: 0 } : ok()));
    const { client: c } = client({ requester: fake.requester, search: { hosts: ['https://a.test', 'https://b.test'] } });
    await c.search('one');
    expect(fake.hosts()).toEqual(['a.test', 'b.test']);
    vi.setSystemTime(new Date('2026-01-01T00:01:59Z'));
    await c.search('two');
    expect(fake.hosts().slice(2)).toEqual(['b.test']);
    vi.setSystemTime(new Date('2026-01-01T00:02:01Z'));
    await c.search('three');
    expect(fake.hosts().slice(3)).toEqual(['a.test', 'b.test']);
  });
});

describe('the local index takes over', () => {
  it('with placeholder credentials, without asking Algolia', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c, local } = client({ requester: fake.requester, search: { appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY' } });
    expect(c.localReason()).toBe('placeholder');
    expect((await c.search('tenant')).fromLocalIndex).toBe(true);
    expect(local.query).toHaveBeenCalledWith('tenant', { page: 0, hitsPerPage: 20, snippetWords: 10 });
    expect(fake.sent).toHaveLength(0);
  });

  it('when the browser is offline', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c } = client({ requester: fake.requester, isOnline: () => false });
    expect(c.localReason()).toBe('offline');
    expect((await c.search('tenant')).fromLocalIndex).toBe(true);
    expect(fake.sent).toHaveLength(0);
  });

  it.each([
    ['every host is down', { status: 0 }],
    ['every host times out', { status: 0, isTimedOut: true }],
    ['the key is refused (403)', { status: 403, content: { message: 'Invalid Application-ID or API key', status: 403 } }],
    ['Algolia answers an error', { status: 400, content: { message: 'Bad request', status: 400 } }],
  ] as const)('when %s, and lets Algolia rest for 120 s', async (_, reply) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fake = fakeRequester(() => reply);
    const { client: c, local } = client({ requester: fake.requester, search: { hosts: ['https://a.test'] } });
    expect((await c.search('tenant')).fromLocalIndex).toBe(true);
    const asked = fake.sent.length;
    expect(asked).toBeGreaterThan(0);
    expect(c.localReason()).toBe('resting');
    await c.search('redis');
    expect(fake.sent).toHaveLength(asked);
    vi.setSystemTime(new Date('2026-01-01T00:02:01Z'));
    expect(c.localReason()).toBeNull();
    await c.search('session');
    expect(fake.sent.length).toBeGreaterThan(asked);
    expect(local.query).toHaveBeenCalledTimes(3);
  });

  it(`when Algolia gives no answer within ${ALGOLIA_BUDGET_MS} ms`, async () => {
    vi.useFakeTimers();
    const fake = fakeRequester(() => new Promise<Reply>(() => {}));
    const { client: c } = client({ requester: fake.requester });
    const pending = c.search('tenant');
    await vi.advanceTimersByTimeAsync(ALGOLIA_BUDGET_MS);
    expect((await pending).fromLocalIndex).toBe(true);
  });

  it("raises the modal's error (a RetryError) when the local index cannot answer either", async () => {
    const down = fakeRequester(() => ({ status: 0 }));
    const broken = client({ requester: down.requester, local: async () => Promise.reject(new Error('index unreachable')) });
    const error = await broken.client.search('tenant').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect(error).toMatchObject({ name: 'RetryError', message: 'Unreachable hosts - your application id may be incorrect' });
    const placeholder = client({ search: { appId: 'YOUR_APP_ID' }, local: async () => Promise.reject(new Error('offline')) });
    await expect(placeholder.client.search('tenant')).rejects.toMatchObject({ name: 'RetryError', message: 'Unable to fetch results' });
  });

  it('offline, answers with no hits and says words need the network when the local index cannot load', async () => {
    const offline = client({ isOnline: () => false, local: async () => Promise.reject(new Error('entry not stored')) });
    expect(await offline.client.search('tenant')).toMatchObject({ hits: [], nbHits: 0, fromLocalIndex: true, incomplete: true });
  });

  it('says an index file missing while online is unreadable, not a matter of the network', async () => {
    const online = client({ search: { appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY' } });
    online.local.query.mockResolvedValue({ ...localResult('tenant'), incomplete: true });
    expect(await online.client.search('tenant')).toMatchObject({ fromLocalIndex: true, incomplete: true, unreadable: true });
    const offline = client({ isOnline: () => false });
    offline.local.query.mockResolvedValue({ ...localResult('tenant'), incomplete: true });
    expect(await offline.client.search('tenant')).not.toHaveProperty('unreadable');
    online.local.query.mockResolvedValue(localResult('tenant'));
    expect(await online.client.search('tenant')).not.toHaveProperty('unreadable');
  });

  it('answers an empty query with nothing, asking no one', async () => {
    const fake = fakeRequester(() => ok());
    const { client: c, loadLocal } = client({ requester: fake.requester });
    expect((await c.search('  ')).hits).toEqual([]);
    expect(fake.sent).toHaveLength(0);
    expect(loadLocal).not.toHaveBeenCalled();
  });
});

describe('hits', () => {
  it('turn URLs into routes of this site, keep other sites, drop anything but http(s)', () => {
    expect(hitRoute('https://antosubash.github.io/abp-react/docs/intro#setup', SITE)).toBe('/docs/intro#setup');
    expect(hitRoute('http://localhost:3000/abp-react/docs/faq.html', SITE)).toBe('/docs/faq');
    expect(hitRoute('/abp-react/', SITE)).toBe('/');
    expect(hitRoute('https://github.com/antosubash/abp-react', SITE)).toBe('https://github.com/antosubash/abp-react');
    expect(hitRoute('javascript:alert(1)', SITE)).toBeNull();
    expect(hitRoute('https://antosubash.github.io/other', SITE)).toBeNull();
  });

  it('keep only <mark> of the highlight markup, and escape plain values', () => {
    expect(sanitizeHighlight('<mark>a</mark> <img src=x onerror=alert(1)> & <b>b</b>')).toBe(
      '<mark>a</mark> &lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;b&lt;/b&gt;',
    );
    expect(sanitizeHighlight('<mark><mark>x</mark></mark> <mark>open')).toBe('<mark>x</mark> <mark>open</mark>');
    expect(sanitizeHighlight('<MARK onclick=x>y</MARK>')).toBe('&lt;MARK onclick=x&gt;y&lt;/MARK&gt;');
    const hit = normalizeAlgoliaHit(
      {
        ...HIT,
        hierarchy: { ...HIT.hierarchy, lvl2: '<script>x</script>' },
        _highlightResult: { hierarchy: { lvl2: { value: '<mark>Set</mark><script>x</script>', matchLevel: 'partial' } }, content: { value: '<i>x</i>' } },
      },
      SITE,
    )!;
    expect(hit.hierarchy.lvl2).toBe('&lt;script&gt;x&lt;/script&gt;');
    expect(hit._highlightResult.hierarchy.lvl2!.value).toBe('<mark>Set</mark>&lt;script&gt;x&lt;/script&gt;');
    expect(hit._snippetResult.hierarchy.lvl1!.value).toBe('Introduction');
    expect(hit._snippetResult.content!.value).toBe('…the <mark>tenant</mark> module');
    expect(hit._highlightResult.content!.value).toBe('&lt;i&gt;x&lt;/i&gt;');
    expect(normalizeAlgoliaHit({ ...HIT, url: 'javascript:alert(1)' }, SITE)).toBeNull();
    expect(normalizeAlgoliaHit({ ...HIT, type: 'weird' }, SITE)!.type).toBe('content');
  });
});
