import { useCallback, useState } from 'react';

/** A string in localStorage; reads and writes tolerate blocked storage. */
export function useLocalStorage(key: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState<string | null>(() => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  });
  const set = useCallback(
    (next: string | null) => {
      try {
        if (next === null) localStorage.removeItem(key);
        else localStorage.setItem(key, next);
      } catch {
        // Blocked storage: keep the value for this page view.
      }
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
