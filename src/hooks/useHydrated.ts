import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates the build's HTML, true after:
 * what depends on the reader (stored choices, the address's query, the
 * network) is rendered from the second render on, so hydration finds exactly
 * the markup the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
