import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { afterFirstPage, LATER_WORK_MS } from '../../lib/afterFirstPage';
import { offline } from '../../data/persistOffline';
import './offline.css';

// The panel and what it calls load after the first page; if they cannot load (offline, no worker), there is no control.
const OfflinePanel = lazy(() => import('./OfflinePanel').then((m) => ({ default: m.OfflinePanel })).catch(() => ({ default: () => null })));

/**
 * The offline-reading control above the footer: turns offline mode on
 * for any reader, shows the progress, 'Available offline' and the space used.
 * Loaded on the later idle, or when it is needed sooner, so it never weighs on a first visit.
 */
export function OfflineControl() {
  const [ready, setReady] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    // On the later idle, or sooner: when the worker answers (offline mode asked for) or the reader scrolls near the control.
    afterFirstPage(show, 2000, LATER_WORK_MS);
    const stop = offline.subscribe(() => offline.get().worker !== 'pending' && show());
    const near =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && show(), { rootMargin: '200px' });
    if (place.current) near?.observe(place.current);
    return () => {
      stop();
      near?.disconnect();
    };
  }, [ready]);
  if (!ready) return <div ref={place} />;
  return (
    <Suspense fallback={null}>
      <OfflinePanel />
    </Suspense>
  );
}
