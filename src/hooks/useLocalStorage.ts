import { useCallback, useState } from 'react';
import { localStore } from '../lib/storage';

/** A string in localStorage; with storage blocked, it lasts for this page view (`lib/storage.ts`). */
export function useLocalStorage(key: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState<string | null>(() => localStore.get(key));
  const set = useCallback(
    (next: string | null) => {
      localStore.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
