/**
 * Content blobs: markdown and the build's rendering of it (the article), named
 * by hash, so a cached copy never goes stale. The network comes first (the
 * service worker answers from its cache when it can); the localforage copy is
 * the fallback when both fail.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LanguageFn } from 'highlight.js';
import { loadGrammars } from '../../manifest/highlight';
import type { ManifestPage } from '../../manifest';
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
 * Query options for a page's article as the build rendered it (already
 * sanitised, highlighted and with links resolved): what client navigation
 * shows, with no markdown to parse.
 */
export function articleQueryOptions(page: Pick<ManifestPage, 'article'>) {
  return queryOptions({
    queryKey: ['article', page.article],
    queryFn: () => loadBlob(page.article),
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
