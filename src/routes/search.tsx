import { createRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { SEARCH_MAX_QUERY_LENGTH } from '../../manifest';
import { useDocumentTitle } from '../components/DocItem/DocPage';
import { manifestQueryOptions, viewOf } from '../data/manifestQueries';
import { useHydrated } from '../hooks/useHydrated';
import { useTranslate } from '../hooks/useTranslate';
import { lazyWithReload } from '../markdown/lazyWithReload';
import { SearchFailed } from '../search/SearchFailed';
import { rootRoute } from './__root';
import { cutText } from '../../manifest/cutText';

/**
 * The results and the search client load with this page only (the shell's first
 * page carries none of it). A failed load is not kept: Retry, or a new query,
 * imports it again.
 */
const SearchResults = lazyWithReload(() => import('../search/SearchResults'));

/** When the results' code cannot load (offline, never fetched): "Unable to fetch results", with Retry. */
class ResultsBoundary extends Component<{ query: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  /** Loads the results' code again and shows them. */
  retry = () => {
    SearchResults.retry();
    this.setState({ failed: false });
  };
  override componentDidUpdate(previous: { query: string }) {
    // A new query is a new try: its results are never shown under the old error.
    if (this.state.failed && previous.query !== this.props.query) this.retry();
  }
  override render() {
    return this.state.failed ? <SearchFailed onRetry={this.retry} /> : this.props.children;
  }
}

/** The address's query, cut to the longest one searched. */
const querySearch = (search: Record<string, unknown>): { q?: string } =>
  typeof search.q === 'string' && search.q ? { q: cutText(search.q, SEARCH_MAX_QUERY_LENGTH) } : {};

/**
 * `/search?q=…`: the shareable results page, kept out of search engines. Its component is each other locale's search
 * page too (`/fr/search`, a route of `routes/$.tsx`), which searches that locale's docs (`useContextVersion`).
 */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: querySearch,
  component: function SearchView() {
    const manifest = viewOf(useSuspenseQuery(manifestQueryOptions()).data);
    const { q: asked = '' } = querySearch(useSearch({ strict: false }));
    // The build renders the page with no query; the address's query comes right after hydration.
    const q = useHydrated() ? asked : '';
    const navigate = useNavigate();
    const t = useTranslate(manifest.site);
    const heading = q ? t('theme.SearchPage.existingResultsTitle', { query: q }) : t('theme.SearchPage.emptyResultsTitle');
    useDocumentTitle(heading, manifest.site.title);
    useEffect(() => {
      const meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = 'noindex, follow';
      document.head.append(meta);
      return () => meta.remove();
    }, []);
    return (
      <main id="main" className="main container search-page" tabIndex={-1}>
        <h1>{heading}</h1>
        <form role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            type="search"
            className="search-page__input"
            aria-label={t('theme.SearchPage.inputLabel')}
            placeholder={t('theme.SearchPage.inputPlaceholder')}
            maxLength={SEARCH_MAX_QUERY_LENGTH}
            value={q}
            autoFocus
            onChange={(e) => void navigate({ to: '.', search: e.target.value ? { q: e.target.value } : {}, replace: true })}
          />
        </form>
        <ResultsBoundary query={q}>
          <Suspense fallback={null}>
            <SearchResults manifest={manifest} query={q} />
          </Suspense>
        </ResultsBoundary>
      </main>
    );
  },
});
