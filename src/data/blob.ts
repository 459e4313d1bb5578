/**
 * Content blobs: markdown and the build's rendering of it (the article), named
 * by hash, so a cached copy never goes stale. The network comes first (the
 * service worker answers from its cache when it can); the localforage copy is
 * the fallback when both fail. A large site deploys no blobs for its pages:
 * the article is taken from the route's HTML (`ManifestRoot.articlesIn`).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LanguageFn } from 'highlight.js';
import { loadGrammars } from '../../manifest/highlight';
import { parseCategoryCards, routeHtmlFile, type ManifestPage, type ManifestRoot } from '../../manifest';
import { FetchError } from './fetchErrors';
import { fetchTextOrStored } from './store';

/** Loads a blob: a page's markdown (`<hash>.md`) or its rendered article (`<hash>.html`). */
function loadBlob(blob: string): Promise<string> {
  return fetchTextOrStored(`blobs/${blob}`, `blob:${blob}`);
}

const grammarCache = new Map<string, LanguageFn>();

/** Loads the highlighters a page needs (each one once per session). */
async function ensureGrammars(langs: string[]): Promise<void> {
  const missing = langs.filter((l) => !grammarCache.has(l));
  if (!missing.length) return;
  const loaded = await loadGrammars(missing);
  for (const [name, fn] of Object.entries(loaded)) grammarCache.set(name, fn);
}

/** The grammars loaded so far, by highlight.js name. */
export function loadedGrammars(): Record<string, LanguageFn> {
  return Object.fromEntries(grammarCache);
}

/**
 * The article in a page's HTML as the build wrote it: the inside of `<main>`'s
 * `.markdown`. HTML of another deploy than the manifest's (it names another
 * article) is taken all the same, as the newer text of the page, but kept
 * under its own name only.
 */
function articleOfPageHtml(html: string, url: string): { name: string | null; html: string } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const article = doc.querySelector('main .markdown');
  // A host's error page or app shell answered with 200: the page is not there.
  if (!article) throw new FetchError(url, 404);
  return { name: doc.querySelector('meta[name="docs-article"]')?.getAttribute('content') ?? null, html: article.innerHTML };
}

/** Loads an article from the HTML of a route showing it (`articlesIn: 'routes'`). */
function loadRouteArticle({ article, path }: Pick<ManifestPage, 'article' | 'path'>): Promise<string> {
  const file = routeHtmlFile(path);
  return fetchTextOrStored(file, `blob:${article}`, (html) => {
    const taken = articleOfPageHtml(html, file);
    return { text: taken.html, key: taken.name && `blob:${taken.name}` };
  });
}

const articleKey = (article: string) => ['article', article] as const;

/**
 * Query options for a page's article as the build rendered it (already
 * sanitised, highlighted and with links resolved): what client navigation
 * shows, with no markdown to parse. `path`: a route showing the page.
 */
export function articleQueryOptions(page: Pick<ManifestPage, 'article' | 'path'>, articlesIn: ManifestRoot['articlesIn']) {
  return queryOptions({
    queryKey: articleKey(page.article),
    queryFn: () => (articlesIn === 'routes' ? loadRouteArticle(page) : loadBlob(page.article)),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
}

/** Query options for a page's markdown, with its highlighters ready: the fallback when the article cannot be had. */
export function pageQueryOptions(page: Pick<ManifestPage, 'blob' | 'codeLanguages'>) {
  return queryOptions({
    queryKey: ['blob', page.blob],
    queryFn: async () => (await Promise.all([loadBlob(page.blob), ensureGrammars(page.codeLanguages)]))[0],
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}

/** The article named `article` when the query cache holds it (the page's own HTML seeds it, `seedArticle`). */
export function cachedArticle(queryClient: QueryClient, article: string): string | null {
  return queryClient.getQueryData<string>(articleKey(article)) ?? null;
}

/** Puts an article the page already has (its HTML carries it) into the query cache. */
export function seedArticle(queryClient: QueryClient, article: string, html: string): void {
  queryClient.setQueryData(articleKey(article), html);
}

/** Query options for a long category's further cards (`CategoryIndex.more`), fetched when the reader asks for them. */
export function categoryCardsQueryOptions(file: string) {
  return queryOptions({
    queryKey: ['category-cards', file],
    queryFn: async () => parseCategoryCards(JSON.parse(await loadBlob(file)), file),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
}
