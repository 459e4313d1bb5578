import { requestSave, setOfflineMode } from '../../data/persistOfflineActions';
import { useOfflineState } from '../../hooks/useOfflineState';

/** `2.4 MB`, `310 KB`. */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
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
  const usage = state.usage !== null && <p>Uses {formatBytes(state.usage)} on this device.</p>;
  const turnOff = (
    <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
      Turn off offline reading
    </button>
  );
  const quota = state.error?.quota && (
    <p className="offline-control__error" role="alert">
      There is not enough storage space on this device to save the documentation for offline reading. Free some space, then try again.
    </p>
  );
  let body;
  if (!state.enabled) {
    if (state.worker === 'none') return null;
    body = (
      <>
        {quota || <p>Read this documentation without a connection.</p>}
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(true)}>
          Save for offline reading
        </button>
      </>
    );
  } else if (state.worker === 'none') {
    body = <p>Offline reading is not available in this browser; the site works online only.</p>;
  } else if (state.phase === 'error' && state.error) {
    body = (
      <>
        {quota || (
          <p className="offline-control__error" role="alert">
            {state.error.network
              ? 'Saving for offline reading stopped: the network connection was lost. Saving goes on once it is back.'
              : `Saving for offline reading failed: ${state.error.message}`}
          </p>
        )}
        <button type="button" className="inline-button" onClick={() => requestSave()}>
          Try again
        </button>
        {turnOff}
      </>
    );
  } else if (state.phase === 'confirm' && state.estimate) {
    const pages = state.estimate.pages.toLocaleString('en-US');
    body = (
      <>
        <p>
          Saving every page and the search index for offline reading stores about {formatBytes(state.estimate.bytes)} on this device ({pages} pages).
        </p>
        <button type="button" className="inline-button" onClick={() => requestSave({ accepted: true })}>
          Save {pages} pages
        </button>
        <button type="button" className="inline-button" onClick={() => void setOfflineMode(false)}>
          Not now
        </button>
      </>
    );
  } else if (state.phase === 'ready') {
    body = (
      <>
        <p>
          <strong>Available offline</strong>
        </p>
        {usage}
        {turnOff}
      </>
    );
  } else {
    const { done, total } = state;
    body = (
      <>
        <p>{total ? `Saving ${done} of ${total} pages for offline reading` : 'Preparing offline reading…'}</p>
        <progress max={total || 1} value={done} aria-label="Offline saving progress" />
      </>
    );
  }
  return (
    <section className="offline-control" aria-label="Offline reading" aria-live="polite">
      {body}
    </section>
  );
}
