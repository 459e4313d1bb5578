import type { TextId } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** Why the search modal's code did not load. */
export type SearchFailure =
  /** The host does not have it: a new shell was deployed since the page loaded. */
  | 'updated'
  /** Still missing after the page reloaded for it. */
  | 'still-missing'
  /** A network failure. */
  | 'network';

/** The text of each failure. */
const TEXT: Record<SearchFailure, TextId> = {
  updated: 'shell.searchUnavailable.updated',
  'still-missing': 'shell.searchUnavailable.stillMissing',
  network: 'shell.searchUnavailable.network',
};

/**
 * Said instead of opening search when its code cannot load, so
 * Ctrl+K never silently does nothing: a reload for a new shell (once,
 * never in a loop), "Retry" for a network failure.
 */
export function SearchUnavailable({
  failure,
  onReload,
  onRetry,
  onClose,
}: {
  failure: SearchFailure;
  onReload: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const t = useTranslate(useSite().site);
  return (
    <div className="update-notices" role="alert">
      <div className="update-notice">
        <p>{t(TEXT[failure])}</p>
        {failure === 'updated' && (
          <button type="button" className="inline-button" autoFocus onClick={onReload}>
            {t('shell.common.reload')}
          </button>
        )}
        {failure === 'network' && (
          <button type="button" className="inline-button" autoFocus onClick={onRetry}>
            {t('shell.common.retry')}
          </button>
        )}
        <button type="button" className="icon-button" aria-label={t('shell.common.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
