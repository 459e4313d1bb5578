import { useCallback, useSyncExternalStore } from 'react';
import { localStore, type SafeStorage } from '../lib/storage';

/** Writes from this page; other tabs' writes arrive as `storage` events. */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * A string in localStorage, synced across tabs; with storage blocked, it lasts
 * for this page view (`lib/storage.ts`). The build's HTML is rendered with no
 * stored value, so hydration reads null and the stored value comes right after.
 * `store`: the site's names (`siteLocalStore`) rather than the bare key.
 */
export function useLocalStorage(key: string, store: SafeStorage = localStore): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => store.get(key),
    () => null,
  );
  const set = useCallback(
    (next: string | null) => {
      store.set(key, next);
      for (const listener of listeners) listener();
    },
    [key, store],
  );
  return [value, set];
}
