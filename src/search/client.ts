/**
 * The search client: Algolia through algoliasearch v5's lite client when the
 * site is configured for it and reachable, the local index otherwise.
 *
 * - Algolia: `POST /1/indexes/*\/queries` with DocSearch's payload, read
 *   hosts first, then fallback hosts (or `search.hosts`), timeouts connect 1 s,
 *   read 2 s, write 30 s; a host marked down is tried again after 120 s.
 * - The local index answers when the credentials are placeholders, the browser
 *   is offline, or Algolia fails (every host down, 403 or another API error, no
 *   answer within `ALGOLIA_BUDGET_MS`). After a failure Algolia rests for
 *   `SEARCH_HOST_DOWN_MS` before it is asked again.
 * - Both answer in one shape (`types.ts`), flagged `fromLocalIndex`, with every
 *   highlight sanitised (`sanitize.ts`).
 */
import { liteClient } from 'algoliasearch/lite';
import {
  lastVersion,
  versionKey,
  normalizeRoutePath,
  PLACEHOLDER_API_KEY,
  PLACEHOLDER_APP_ID,
  SEARCH_HITS_PER_PAGE,
  SEARCH_HOST_DOWN_MS,
  SEARCH_TIMEOUTS,
  SNIPPET_WORDS,
  stripBase,
  type Manifest,
  type SearchConfig,
} from '../../manifest';
import { algoliaHosts, type AlgoliaHost } from '../../manifest/searchHosts';
import type { LocalSearcher } from './localIndex';
import { escapeHtml } from '../../manifest/escapeHtml';
import { sanitizeHighlight } from './sanitize';
import {
  SearchUnavailableError,
  SupersededError,
  type HighlightValue,
  type HitType,
  type Level,
  type SearchHit,
  type SearchOptions,
  type SearchResult,
  type SnippetValue,
} from './types';

type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
/** The client's cache interface (used for host states). */
type AlgoliaCache = NonNullable<ClientOptions['hostsCache']>;
/** The client's HTTP requester. */
export type AlgoliaRequester = NonNullable<ClientOptions['requester']>;

/** Longest wait for Algolia before the local index answers instead, ms (one connect plus one read timeout). */
export const ALGOLIA_BUDGET_MS = SEARCH_TIMEOUTS.connect + SEARCH_TIMEOUTS.read;

/** Attributes a hit carries: the hierarchy levels, content, type and url. */
const ATTRIBUTES_TO_RETRIEVE = [
  'hierarchy.lvl0',
  'hierarchy.lvl1',
  'hierarchy.lvl2',
  'hierarchy.lvl3',
  'hierarchy.lvl4',
  'hierarchy.lvl5',
  'hierarchy.lvl6',
  'content',
  'type',
  'url',
] as const;

const LEVELS: Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
const HIT_TYPES = new Set<string>(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']);

/** Whether the configuration has the placeholder credentials (local index only). */
export function hasPlaceholderCredentials(config: Pick<SearchConfig, 'appId' | 'apiKey'>): boolean {
  return config.appId === PLACEHOLDER_APP_ID || config.apiKey === PLACEHOLDER_API_KEY;
}

/**
 * The host-state cache: remembers hosts marked down or timed out, keyed by
 * host (the client's own caches key on the whole state object, so a state is
 * never found again), for `SEARCH_HOST_DOWN_MS` (also the host cache's time to live).
 */
function createHostsCache(now: () => number = Date.now): AlgoliaCache {
  const entries = new Map<string, { at: number; value: unknown }>();
  const keyOf = (key: unknown) => {
    const h = key as Partial<AlgoliaHost>;
    return `${h.protocol}://${h.url}:${h.port ?? ''}:${h.accept}`;
  };
  const live = (key: unknown) => {
    const entry = entries.get(keyOf(key));
    if (entry && now() - entry.at > SEARCH_HOST_DOWN_MS) entries.delete(keyOf(key));
    return entries.get(keyOf(key));
  };
  return {
    async get(key, defaultValue, events = { miss: () => Promise.resolve() }) {
      const entry = live(key);
      if (entry) return entry.value as never;
      const value = await defaultValue();
      await events.miss(value);
      return value;
    },
    async set(key, value) {
      entries.set(keyOf(key), { at: now(), value });
      return value;
    },
    async delete(key) {
      entries.delete(keyOf(key));
    },
    async clear() {
      entries.clear();
    },
  };
}

/** What a query needs besides its text. */
export interface AlgoliaQueryParams {
  indexName: string;
  query: string;
  snippetWords: number;
  hitsPerPage: number;
  page: number;
  clickAnalytics: boolean;
  /** Language and docs-version filters (contextual search; an inner list is any of its filters), or null. */
  facetFilters: (string | string[])[] | null;
}

/** One request of the `POST /1/indexes/*\/queries` payload. */
export function algoliaRequest(p: AlgoliaQueryParams) {
  return {
    indexName: p.indexName,
    query: p.query,
    attributesToRetrieve: [...ATTRIBUTES_TO_RETRIEVE],
    attributesToSnippet: [`content:${p.snippetWords}`],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: p.hitsPerPage,
    ...(p.page ? { page: p.page } : {}),
    clickAnalytics: p.clickAnalytics,
    ...(p.facetFilters ? { facetFilters: p.facetFilters } : {}),
  };
}

/**
 * Contextual search filters, as Docusaurus sends them: the language and the docs version's tag; on a site with
 * several versions, pages outside the docs (tagged `default`) too.
 */
function contextualFacetFilters(language: string, version: string, versioned: boolean): (string | string[])[] {
  const docs = `docusaurus_tag:docs-default-${version}`;
  return [`language:${language}`, versioned ? ['docusaurus_tag:default', docs] : docs];
}

type RawHighlight = { value?: unknown; matchLevel?: unknown; matchedWords?: unknown };
type RawHit = {
  objectID?: unknown;
  url?: unknown;
  type?: unknown;
  content?: unknown;
  hierarchy?: Partial<Record<Level, unknown>>;
  _highlightResult?: { hierarchy?: Partial<Record<Level, RawHighlight>>; content?: RawHighlight };
  _snippetResult?: { content?: RawHighlight };
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const level = (v: unknown): HighlightValue['matchLevel'] => (v === 'full' || v === 'partial' ? v : 'none');

function highlightOf(raw: RawHighlight | undefined, fallback: string): HighlightValue {
  const value = str(raw?.value);
  return {
    value: value === null ? escapeHtml(fallback) : sanitizeHighlight(value),
    matchLevel: level(raw?.matchLevel),
    matchedWords: Array.isArray(raw?.matchedWords) ? raw.matchedWords.filter((w): w is string => typeof w === 'string') : [],
  };
}

/**
 * Turns an Algolia hit's URL into a route of this site (`/docs/x#y`) when it
 * points into the site (its origin, or any origin under the base path, as
 * Docusaurus does), else keeps an absolute http(s) URL; null for anything else.
 */
export function hitRoute(url: string, site: { url: string; baseUrl: string }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, site.url + site.baseUrl);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const route = stripBase(parsed.pathname, site.baseUrl);
  if (route !== null) return normalizeRoutePath(route) + parsed.hash;
  return parsed.origin === new URL(site.url).origin ? null : parsed.href;
}

/** Normalises and sanitises one Algolia hit; null when it cannot be shown. */
export function normalizeAlgoliaHit(raw: RawHit, site: { url: string; baseUrl: string }): SearchHit | null {
  const rawUrl = str(raw.url);
  const url = rawUrl === null ? null : hitRoute(rawUrl, site);
  const lvl1 = str(raw.hierarchy?.lvl1);
  if (url === null || lvl1 === null) return null;
  const hashAt = url.indexOf('#');
  const plain: Record<Level, string | null> = { lvl0: '', lvl1: '', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  for (const l of LEVELS) plain[l] = str(raw.hierarchy?.[l]);
  plain.lvl0 ??= 'Documentation';
  const hierarchy = Object.fromEntries(LEVELS.map((l) => [l, plain[l] === null ? null : escapeHtml(plain[l]!)])) as SearchHit['hierarchy'];
  const highlight: Partial<Record<Level, HighlightValue>> = {};
  for (const l of LEVELS) if (plain[l] !== null) highlight[l] = highlightOf(raw._highlightResult?.hierarchy?.[l], plain[l]!);
  const content = str(raw.content);
  const contentSnippet = raw._snippetResult?.content;
  const type = str(raw.type);
  return {
    objectID: str(raw.objectID) ?? url,
    url,
    url_without_anchor: hashAt >= 0 ? url.slice(0, hashAt) : url,
    anchor: hashAt >= 0 ? url.slice(hashAt + 1) : null,
    type: type !== null && HIT_TYPES.has(type) ? (type as HitType) : 'content',
    hierarchy,
    content: content === null ? null : escapeHtml(content),
    _highlightResult: { hierarchy: highlight, ...(content !== null ? { content: highlightOf(raw._highlightResult?.content, content) } : {}) },
    _snippetResult: {
      hierarchy: Object.fromEntries(Object.entries(highlight).map(([k, v]) => [k, { value: v.value, matchLevel: v.matchLevel } satisfies SnippetValue])),
      ...(content !== null
        ? {
            content: {
              value: contentSnippet ? highlightOf(contentSnippet, content).value : escapeHtml(content),
              matchLevel: level(contentSnippet?.matchLevel),
            },
          }
        : {}),
    },
    fromLocalIndex: false,
  };
}

/** Where the client gets its settings and its local index. */
export interface SearchEnvironment {
  /** The site's search settings. */
  config: SearchConfig;
  /** Site origin and base path, to turn hit URLs into routes. */
  site: { url: string; baseUrl: string };
  /** Locale code (`en`) and docs version (`current`), for contextual search. */
  language: string;
  version: string;
  /** Whether the site has several versions (its pages are then tagged apart from the docs). */
  versioned?: boolean;
  /** Loads the local index. */
  local: () => Promise<LocalSearcher>;
  /** Whether the browser is online; default `navigator.onLine`. */
  isOnline?: () => boolean;
  /** Clock, for tests. */
  now?: () => number;
  /** HTTP requester, for tests (default: the browser's XHR requester). */
  requester?: AlgoliaRequester;
}

/** Searches the docs. */
export interface DocsSearchClient {
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Why the local index answers the next query, or null when Algolia is asked. */
  localReason(): 'placeholder' | 'offline' | 'resting' | null;
  /** Reads ahead what the local index will need for a query being typed, when it is the one to answer. */
  warm(query: string): void;
}

/** No hits, as the local index says it. */
const emptyResult = (query: string, opts: { page: number; hitsPerPage: number }): SearchResult => ({
  query,
  hits: [],
  nbHits: 0,
  page: opts.page,
  nbPages: 0,
  hitsPerPage: opts.hitsPerPage,
  queryID: null,
  fromLocalIndex: true,
});

/** Creates the client for one site configuration. */
export function createSearchClient(env: SearchEnvironment): DocsSearchClient {
  const now = env.now ?? Date.now;
  const isOnline = env.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const { config } = env;
  let restingUntil = 0;
  let client: ReturnType<typeof liteClient> | null = null;
  const algolia = () =>
    (client ??= liteClient(config.appId, config.apiKey, {
      ...(algoliaHosts(config.hosts) ? { hosts: algoliaHosts(config.hosts)! } : {}),
      timeouts: { ...SEARCH_TIMEOUTS },
      // Credentials as query parameters (a simple CORS request, no preflight), in every build.
      authMode: 'WithinQueryParameters',
      hostsCache: createHostsCache(now),
      ...(env.requester ? { requester: env.requester } : {}),
    }));

  const localReason: DocsSearchClient['localReason'] = () => {
    if (hasPlaceholderCredentials(config)) return 'placeholder';
    if (!isOnline()) return 'offline';
    if (now() < restingUntil) return 'resting';
    return null;
  };

  async function askAlgolia(query: string, options: Required<Pick<SearchOptions, 'page' | 'hitsPerPage' | 'snippetWords'>>): Promise<SearchResult> {
    const request = algoliaRequest({
      indexName: config.indexName,
      query,
      snippetWords: options.snippetWords,
      hitsPerPage: options.hitsPerPage,
      page: options.page,
      clickAnalytics: config.insights,
      facetFilters: config.contextualSearch ? contextualFacetFilters(env.language, env.version, env.versioned ?? false) : null,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`[docs] Algolia gave no answer within ${ALGOLIA_BUDGET_MS} ms.`)), ALGOLIA_BUDGET_MS);
    });
    try {
      const response = await Promise.race([algolia().search({ requests: [request] }), budget]);
      const first = response.results[0] as
        { hits?: RawHit[]; nbHits?: number; page?: number; nbPages?: number; hitsPerPage?: number; queryID?: string } | undefined;
      if (!first || !Array.isArray(first.hits)) throw new Error('[docs] Algolia answered without hits.');
      const hits = first.hits.map((h) => normalizeAlgoliaHit(h, env.site)).filter((h): h is SearchHit => h !== null);
      const nbHits = first.nbHits ?? hits.length;
      const hitsPerPage = first.hitsPerPage ?? options.hitsPerPage;
      return {
        query,
        hits,
        nbHits,
        page: first.page ?? options.page,
        nbPages: first.nbPages ?? Math.ceil(nbHits / hitsPerPage),
        hitsPerPage,
        queryID: first.queryID ?? null,
        fromLocalIndex: false,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    localReason,
    warm(query) {
      if (query.trim() && localReason() !== null)
        env.local().then(
          (local) => local.warm(query),
          () => {},
        );
    },
    async search(query, options = {}) {
      const opts: Required<Pick<SearchOptions, 'page' | 'hitsPerPage' | 'snippetWords'>> & SearchOptions = {
        ...options,
        page: options.page ?? 0,
        hitsPerPage: options.hitsPerPage ?? SEARCH_HITS_PER_PAGE,
        snippetWords: options.snippetWords ?? SNIPPET_WORDS,
      };
      if (!query.trim()) return { ...emptyResult(query, opts), page: 0, fromLocalIndex: localReason() !== null };
      let algoliaError: unknown = null;
      if (localReason() === null) {
        try {
          return await askAlgolia(query, opts);
        } catch (error) {
          // All hosts down, 403 or another API error, or too slow: rest Algolia and answer locally.
          algoliaError = error;
          restingUntil = now() + SEARCH_HOST_DOWN_MS;
          console.warn('[docs] Algolia search failed; the local index answers:', error);
        }
      }
      try {
        const local = await env.local();
        const result = await local.query(query, opts);
        // Files missing while online were not found or did not arrive intact: saying they need the network would mislead.
        return result.incomplete && isOnline() ? { ...result, unreadable: true } : result;
      } catch (error) {
        if (error instanceof SupersededError) throw error;
        // Offline, a site with a local index says what needs the network rather than that nothing can answer.
        if (!isOnline()) return { ...emptyResult(query, opts), incomplete: true };
        // The client's retry error when Algolia was asked, else the modal's own words.
        const message = algoliaError ? 'Unreachable hosts - your application id may be incorrect' : 'Unable to fetch results';
        throw new SearchUnavailableError(message, { cause: algoliaError ? [algoliaError, error] : error });
      }
    },
  };
}

const clients = new Map<string, DocsSearchClient>();

/**
 * The search client of a manifest (one per configuration, index file and docs version: `version`, its `versionKey`,
 * else the last). A locale's copy of a version searches that locale's records (`language`) of that version.
 */
export function searchClientFor(
  manifest: Manifest,
  local: (manifest: Manifest, version: string) => Promise<LocalSearcher>,
  version: string = lastVersion(manifest).name,
): DocsSearchClient {
  const key = JSON.stringify([manifest.site.search, manifest.search.entry, manifest.site.url, manifest.site.baseUrl, version]);
  let client = clients.get(key);
  if (!client) {
    const shown = manifest.versions.find((v) => versionKey(v) === version);
    client = createSearchClient({
      config: manifest.site.search,
      site: { url: manifest.site.url, baseUrl: manifest.site.baseUrl },
      language: shown?.locale ?? manifest.site.locale.code,
      version: shown?.name ?? version,
      versioned: manifest.versions.length > 1,
      local: () => local(manifest, version),
    });
    clients.set(key, client);
  }
  return client;
}
