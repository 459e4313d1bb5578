import { useSyncExternalStore } from 'react';
import { updates, type UpdatesState } from '../data/updates';

/** The pending content and shell updates, and the swap counter the root layout keys its outlet with. */
export function useOfflineUpdates(): UpdatesState {
  return useSyncExternalStore(updates.subscribe, updates.get, updates.get);
}

/** Only the swap counter: the root layout re-renders when a swap replaces the page, not when a notice appears. */
export function useUpdatesGeneration(): number {
  return useSyncExternalStore(
    updates.subscribe,
    () => updates.get().generation,
    () => updates.get().generation,
  );
}
