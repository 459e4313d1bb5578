/**
 * Offline mode, page side, the part the entry carries: the
 * state the offline notice and control show. What changes it (activation
 * strategies, talking to the worker, storage estimates) is in
 * `persistOfflineActions.ts`, loaded after the first page.
 */
import { createStore } from './updatesStore';

/** Where offline reading stands. */
type OfflinePhase = 'off' | 'confirm' | 'saving' | 'ready' | 'error';

/** What saving every page stores, about. */
export interface SaveEstimate {
  pages: number;
  bytes: number;
}

/** What the offline control and notice show. */
export interface OfflineState {
  /** Offline mode is on. */
  enabled: boolean;
  phase: OfflinePhase;
  /** Pages saved so far and in all, while saving. */
  done: number;
  total: number;
  /** Why saving failed; `quota` when the browser refused the space, `network` when the network failed or stalled (the save resumes once it is back). */
  error: { quota: boolean; network: boolean; message: string } | null;
  /** Bytes the site stores on this device (`navigator.storage.estimate`), or null when unknown. */
  usage: number | null;
  /** In the `confirm` phase: what saving every page would store, about, which the reader is asked to accept. */
  estimate: SaveEstimate | null;
  /** The browser reaches the network (`navigator.onLine`). */
  online: boolean;
  /** The service worker: not registered yet, active, or unavailable (blocked, unsupported, dev build). */
  worker: 'pending' | 'ready' | 'none';
}

/** The offline state. */
export const offline = createStore<OfflineState>({
  enabled: false,
  phase: 'off',
  done: 0,
  total: 0,
  error: null,
  usage: null,
  estimate: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  worker: 'pending',
});

// The network state, for the offline notice.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => offline.set({ online: true }));
  window.addEventListener('offline', () => offline.set({ online: false }));
}
