import { useSyncExternalStore } from 'react';
import { offline, type OfflineState } from '../data/persistOffline';

/** The offline-mode state (saving progress, space used, network), kept outside React. */
export function useOfflineState(): OfflineState {
  return useSyncExternalStore(offline.subscribe, offline.get, offline.get);
}
