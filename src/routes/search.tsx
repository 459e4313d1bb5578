import { createRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SEARCH_MAX_QUERY_LENGTH } from '../../manifest';
import { useDocumentTitle } from '../components/DocItem/DocPage';
import { manifestQueryOptions } from '../data/manifest';
import { rootRoute } from './__root';

/** `/search?q=…`: the shareable results page (results arrive with the search feature). */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' && search.q ? { q: search.q } : {}),
  component: function SearchView() {
    const { data: manifest } = useSuspenseQuery(manifestQueryOptions());
    const { q = '' } = searchRoute.useSearch();
    const navigate = searchRoute.useNavigate();
    useDocumentTitle(q ? `Search results for "${q}"` : 'Search the documentation', manifest.site.title);
    useEffect(() => {
      const meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = 'noindex, follow';
      document.head.append(meta);
      return () => meta.remove();
    }, []);
    return (
      <main id="main" className="main container search-page" tabIndex={-1}>
        <h1>{q ? `Search results for "${q}"` : 'Search the documentation'}</h1>
        <form role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            type="search"
            className="search-page__input"
            aria-label="Search"
            placeholder="Type your search here"
            maxLength={SEARCH_MAX_QUERY_LENGTH}
            value={q}
            autoFocus
            onChange={(e) => void navigate({ search: e.target.value ? { q: e.target.value } : {}, replace: true })}
          />
        </form>
      </main>
    );
  },
});
