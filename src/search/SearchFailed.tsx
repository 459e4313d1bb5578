/**
 * The search page's error (spec §8: "Unable to fetch results"), with Retry:
 * when no source answered a query, and when the results' own code could not
 * load (`routes/search.tsx`).
 */
export function SearchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="search-status" role="alert">
      <p className="search-status__title">Unable to fetch results</p>
      <p>You might want to check your network connection.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
