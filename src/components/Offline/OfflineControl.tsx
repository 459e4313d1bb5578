import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPage } from '../../lib/afterFirstPage';
import './offline.css';

// The panel and what it calls load after the first page; if they cannot load (offline, no worker), there is no control.
const OfflinePanel = lazy(() => import('./OfflinePanel').then((m) => ({ default: m.OfflinePanel })).catch(() => ({ default: () => null })));

/**
 * The offline-reading control above the footer: turns offline mode on
 * for any reader, shows the progress, 'Available offline' and the space used.
 * Rendered once the first page has loaded, so it never weighs on it.
 */
export function OfflineControl() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPage(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <OfflinePanel />
    </Suspense>
  );
}
