/**
 * The results of the /search page: 20 hits per page and more on
 * scroll, from Algolia or the local index (offline too), with the modal's
 * texts for no results and for errors. Loaded lazily by `routes/search.tsx`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  isExternalHref,
  SEARCH_HITS_PER_PAGE,
  SEARCH_STALL_MS,
  SNIPPET_SMALL_SCREEN_PX,
  SNIPPET_WORDS,
  SNIPPET_WORDS_SMALL,
  splitHref,
  versionKey,
  type Manifest,
} from '../../manifest';
import { localSearcher } from './localIndex';
import { useContextVersion } from '../hooks/usePreferredVersion';
import { DidYouMean } from './DidYouMean';
import { SearchFailed } from './SearchFailed';
import { hitHref, siteSearchClient } from './site';
import { injectSearchStyles } from './styles';
import { type Level, type SearchHit } from './types';
import { useTranslate } from '../hooks/useTranslate';
import { ERROR_TITLE, FROM_LOCAL_INDEX, INCOMPLETE, NO_RESULTS, REPORT_MISSING, REPORT_MISSING_LINK, UNREADABLE } from './texts';

injectSearchStyles();

const LEVELS: Level[] = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'];

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** True once `active` has lasted `ms` (the stalled state). */
function useStalled(active: boolean, ms: number): boolean {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    if (!active) return setStalled(false);
    const timer = setTimeout(() => setStalled(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return stalled;
}

/** One hit: its deepest heading as the title, the levels above as a path, and the snippet. */
function Result({ hit, baseUrl }: { hit: SearchHit; baseUrl: string }) {
  const titleLevel = hit.type === 'content' ? (LEVELS.find((l) => hit.hierarchy[l as keyof SearchHit['hierarchy']]) ?? 'lvl1') : hit.type;
  const title = hit._highlightResult.hierarchy[titleLevel]?.value ?? hit.hierarchy[titleLevel as keyof SearchHit['hierarchy']] ?? '';
  const path = (['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5'] as const).filter((l) => l < titleLevel && hit.hierarchy[l]).map((l) => hit.hierarchy[l]!);
  const snippet = hit._snippetResult.content?.value;
  const { path: to, hash } = splitHref(hit.url);
  const titleHtml = { __html: title };
  return (
    <li className="search-result">
      <h2 className="search-result__title">
        {isExternalHref(hit.url) ? (
          <a href={hitHref(hit.url, baseUrl)} dangerouslySetInnerHTML={titleHtml} />
        ) : (
          <Link to={to || '/'} hash={hash || undefined} dangerouslySetInnerHTML={titleHtml} />
        )}
      </h2>
      {path.length > 0 && <p className="search-result__path" dangerouslySetInnerHTML={{ __html: path.join(' › ') }} />}
      {snippet && <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: snippet }} />}
    </li>
  );
}

/** Results for `query`. */
export default function SearchResults({ manifest, query }: { manifest: Manifest; query: string }) {
  // The preferred docs version, else the last: its pages only.
  const version = versionKey(useContextVersion(manifest));
  const t = useTranslate(manifest.site);
  const client = useMemo(() => siteSearchClient(manifest, version), [manifest, version]);
  // The local index loads once the page is idle, whichever source answers: the page keeps working offline.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void localSearcher(manifest, version).catch(() => {}));
  }, [manifest, version]);
  // As typed, a space after the last word included: the modal asks the same, so both rank alike (a word followed by a
  // space is done; the last one without is also a prefix).
  const q = useDebounced(query.trimStart(), 150);
  const snippetWords =
    typeof window !== 'undefined' && window.matchMedia?.(`(max-width: ${SNIPPET_SMALL_SCREEN_PX}px)`).matches ? SNIPPET_WORDS_SMALL : SNIPPET_WORDS;
  const results = useInfiniteQuery({
    // Each version and locale has its own results for the same words.
    queryKey: ['search', manifest.search.entry, JSON.stringify(manifest.site.search), version, q, snippetWords],
    queryFn: ({ pageParam }) => client.search(q, { page: pageParam, hitsPerPage: SEARCH_HITS_PER_PAGE, snippetWords }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.nbPages ? last.page + 1 : undefined),
    enabled: q.trim().length > 0,
    retry: false,
    // Offline, the local index answers: never let the query wait for the network to come back.
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
  const stalled = useStalled(results.isFetching && !results.isFetchingNextPage, SEARCH_STALL_MS);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;

  // More on scroll: the next page loads when the end of the list comes near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, results.data?.pages.length]);

  if (!q.trim()) return null;
  const pages = results.data?.pages ?? [];
  const hits = pages.flatMap((p) => p.hits);
  const first = pages[0];
  const feedbackUrl = manifest.site.search.feedbackUrl;

  if (results.isError && !first) return <SearchFailed onRetry={() => void results.refetch()} />;
  if (!first || (results.isFetching && first.query !== q && !isFetchingNextPage)) {
    return (
      <div className="search-status" aria-live="polite">
        {stalled ? <p>{t('shell.searchPage.searching')}</p> : null}
      </div>
    );
  }
  // The same query with the closest words the index holds, searched from a link.
  const suggestion = first.nbHits === 0 && first.suggestion && (
    <DidYouMean t={t}>
      <Link to="." search={{ q: first.suggestion }}>
        {first.suggestion}
      </Link>
    </DidYouMean>
  );
  if (first.nbHits === 0 && first.incomplete) {
    // Nothing in what the device holds: no proof the docs lack the words, so no "No results for".
    return (
      <div className="search-status">
        <p className="search-status__title" role="status">
          {t(first.unreadable ? UNREADABLE : INCOMPLETE)}
        </p>
        {suggestion}
      </div>
    );
  }
  if (first.nbHits === 0) {
    return (
      <div className="search-status" aria-live="polite">
        <p className="search-status__title">
          {t(NO_RESULTS)} "<strong>{first.query}</strong>"
        </p>
        {suggestion}
        {feedbackUrl && (
          <p>
            {t(REPORT_MISSING)}{' '}
            <a href={feedbackUrl.replace('{query}', encodeURIComponent(first.query))} target="_blank" rel="noopener noreferrer">
              {t(REPORT_MISSING_LINK)}
            </a>
          </p>
        )}
        {first.fromLocalIndex && <p className="search-note">{t(FROM_LOCAL_INDEX)}</p>}
      </div>
    );
  }
  return (
    <>
      <p className="search-meta" aria-live="polite">
        {t('theme.SearchPage.documentsFound.plurals', { count: first.nbHits })}
        {first.fromLocalIndex && <span className="search-note"> · {t(FROM_LOCAL_INDEX)}</span>}
      </p>
      {first.incomplete && (
        <p className="search-note" role="status">
          {t(first.unreadable ? UNREADABLE : INCOMPLETE)}
        </p>
      )}
      <ul className="search-results">
        {hits.map((hit) => (
          <Result key={hit.objectID} hit={hit} baseUrl={manifest.site.baseUrl} />
        ))}
      </ul>
      <div ref={sentinel} className="search-more" aria-live="polite">
        {isFetchingNextPage ? t('shell.searchPage.loadingMore') : results.isFetchNextPageError ? t(ERROR_TITLE) : null}
      </div>
    </>
  );
}
