import { useEffect, useState } from 'react';
import { useOfflineState } from '../../hooks/useOfflineState';

/**
 * Offline honesty: while the browser is offline, everything on
 * screen comes from what this device saved, and the notice says so, with when.
 */
export function OfflineNotice() {
  const { online } = useOfflineState();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (!online) void import('../../data/persistOfflineActions').then((m) => m.contentSavedAt()).then(setSavedAt, () => setSavedAt(null));
  }, [online]);
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      {savedAt ? (
        <>
          You are offline. This page is the copy saved on{' '}
          <time dateTime={savedAt.toISOString()}>{savedAt.toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' })}</time>.
        </>
      ) : (
        'You are offline. This page is a saved copy.'
      )}
    </div>
  );
}
