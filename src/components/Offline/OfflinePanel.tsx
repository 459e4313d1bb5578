import { requestSave, setOfflineMode } from '../../data/persistOfflineActions';
import { useOfflineState } from '../../hooks/useOfflineState';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate, type Translate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** `2.4 MB`, `310 KB`, in the locale's numbers and units. */
function formatBytes(t: Translate, lang: string, bytes: number): string {
  if (bytes < 1024 * 1024) return t('shell.offline.kilobytes', '{size} KB', { size: Math.max(1, Math.round(bytes / 1024)) });
  const size = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
  return t('shell.offline.megabytes', '{size} MB', { size });
}

/**
 * The offline-reading panel above the footer, loaded after the first
 * page: turns offline mode on for any reader, shows the saving progress
 * ('Saving 12 of 33 pages for offline reading'), then 'Available offline' with
 * the space the site takes, and reports a full storage instead of failing
 * quietly. A large site says first how much it will store, and waits for the
 * reader (`LARGE_SAVE_BYTES`). A save the network stopped says so and goes on
 * by itself once it is back; any failed save offers "Try again".
 */
export function OfflinePanel() {
  const state = useOfflineState();
  const { site } = useSite();
  const t = useTranslate(site);
  const lang = useLocale(site).locale.htmlLang;
  const bytes = (n: number) => formatBytes(t, lang, n);
  const usage = state.usage !== null && <p>{t('shell.offline.usage', 'Uses {size} on this device.', { size: bytes(state.usage) })}</p>;
  const turnOff = (
    <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
      {t('shell.offline.turnOff', 'Turn off offline reading')}
    </button>
  );
  const quota = state.error?.quota && (
    <p className="offline-control__error" role="alert">
      {t(
        'shell.offline.quota',
        'There is not enough storage space on this device to save the documentation for offline reading. Free some space, then try again.',
      )}
    </p>
  );
  let body;
  if (!state.enabled) {
    if (state.worker === 'none') return null;
    body = (
      <>
        {quota || <p>{t('shell.offline.intro', 'Read this documentation without a connection.')}</p>}
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(true)}>
          {t('shell.offline.save', 'Save for offline reading')}
        </button>
      </>
    );
  } else if (state.worker === 'none') {
    body = <p>{t('shell.offline.unsupported', 'Offline reading is not available in this browser; the site works online only.')}</p>;
  } else if (state.phase === 'error' && state.error) {
    body = (
      <>
        {quota || (
          <p className="offline-control__error" role="alert">
            {state.error.network
              ? t('shell.offline.networkLost', 'Saving for offline reading stopped: the network connection was lost. Saving goes on once it is back.')
              : t('shell.offline.failed', 'Saving for offline reading failed: {message}', { message: state.error.message })}
          </p>
        )}
        <button type="button" className="inline-button" onClick={() => requestSave()}>
          {t('theme.ErrorPageContent.tryAgain', 'Try again')}
        </button>
        {turnOff}
      </>
    );
  } else if (state.phase === 'confirm' && state.estimate) {
    const { pages } = state.estimate;
    body = (
      <>
        <p>
          {t('shell.offline.confirm', 'Saving every page and the search index for offline reading stores about {size} on this device ({count} pages).', {
            size: bytes(state.estimate.bytes),
            count: pages,
          })}
        </p>
        <button type="button" className="inline-button" onClick={() => requestSave({ accepted: true })}>
          {t('shell.offline.savePages', 'Save {count} pages', { count: pages })}
        </button>
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
          {t('shell.offline.notNow', 'Not now')}
        </button>
      </>
    );
  } else if (state.phase === 'ready') {
    body = (
      <>
        <p>
          <strong>{t('shell.offline.ready', 'Available offline')}</strong>
        </p>
        {usage}
        {turnOff}
      </>
    );
  } else {
    const { done, total } = state;
    body = (
      <>
        <p>
          {total
            ? t('shell.offline.progress', 'Saving {done} of {count} pages for offline reading', { done, count: total })
            : t('shell.offline.preparing', 'Preparing offline reading…')}
        </p>
        <progress max={total || 1} value={done} aria-label={t('shell.offline.progressAriaLabel', 'Offline saving progress')} />
      </>
    );
  }
  return (
    <section className="offline-control" aria-label={t('shell.offline.ariaLabel', 'Offline reading')} aria-live="polite">
      {body}
    </section>
  );
}
