import { useTranslate } from '../hooks/useTranslate';
import { ERROR_HELP, ERROR_TITLE } from './texts';

/**
 * The search page's error ("Unable to fetch results"), with Retry:
 * when no source answered a query, and when the results' own code could not
 * load (`routes/search.tsx`).
 */
export function SearchFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return (
    <div className="search-status" role="alert">
      <p className="search-status__title">{t(ERROR_TITLE)}</p>
      <p>{t(ERROR_HELP)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('shell.common.retry')}
      </button>
    </div>
  );
}
