import { requestSave, setOfflineMode } from '../../data/persistOfflineActions';
import { useOfflineState } from '../../hooks/useOfflineState';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate, type Translate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** `2.4 MB`, `310 KB`, in the locale's numbers and units. */
function formatBytes(t: Translate, lang: string, bytes: number): string {
  if (bytes < 1024 * 1024) return t('shell.offline.kilobytes', { size: Math.max(1, Math.round(bytes / 1024)) });
  const size = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
  return t('shell.offline.megabytes', { size });
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
  const usage = state.usage !== null && <p>{t('shell.offline.usage', { size: bytes(state.usage) })}</p>;
  const turnOff = (
    <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
      {t('shell.offline.turnOff')}
    </button>
  );
  const quota = state.error?.quota && (
    <p className="offline-control__error" role="alert">
      {t('shell.offline.quota')}
    </p>
  );
  let body;
  if (!state.enabled) {
    if (state.worker === 'none') return null;
    body = (
      <>
        {quota || <p>{t('shell.offline.intro')}</p>}
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(true)}>
          {t('shell.offline.save')}
        </button>
      </>
    );
  } else if (state.worker === 'none') {
    body = <p>{t('shell.offline.unsupported')}</p>;
  } else if (state.phase === 'error' && state.error) {
    body = (
      <>
        {quota || (
          <p className="offline-control__error" role="alert">
            {state.error.network ? t('shell.offline.networkLost') : t('shell.offline.failed', { message: state.error.message })}
          </p>
        )}
        <button type="button" className="inline-button" onClick={() => requestSave()}>
          {t('theme.ErrorPageContent.tryAgain')}
        </button>
        {turnOff}
      </>
    );
  } else if (state.phase === 'confirm' && state.estimate) {
    const { pages } = state.estimate;
    body = (
      <>
        <p>
          {t('shell.offline.confirm', {
            size: bytes(state.estimate.bytes),
            count: pages,
          })}
        </p>
        <button type="button" className="inline-button" onClick={() => requestSave({ accepted: true })}>
          {t('shell.offline.savePages', { count: pages })}
        </button>
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
          {t('shell.offline.notNow')}
        </button>
      </>
    );
  } else if (state.phase === 'ready') {
    body = (
      <>
        <p>
          <strong>{t('shell.offline.ready')}</strong>
        </p>
        {usage}
        {turnOff}
      </>
    );
  } else {
    const { done, total } = state;
    body = (
      <>
        <p>{total ? t('shell.offline.progress', { done, count: total }) : t('shell.offline.preparing')}</p>
        <progress max={total || 1} value={done} aria-label={t('shell.offline.progressAriaLabel')} />
      </>
    );
  }
  return (
    <section className="offline-control" aria-label={t('shell.offline.ariaLabel')} aria-live="polite">
      {body}
    </section>
  );
}
