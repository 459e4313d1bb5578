import { useSyncExternalStore } from 'react';
import { updates, type UpdatesState } from '../data/updates';

/** The pending content and shell updates, and the swap counter the root layout keys its outlet with (issue 5). */
export function useOfflineUpdates(): UpdatesState {
  return useSyncExternalStore(updates.subscribe, updates.get, updates.get);
}
