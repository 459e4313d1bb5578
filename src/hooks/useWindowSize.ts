import { useSyncExternalStore } from 'react';
import { DESKTOP_BREAKPOINT } from '../../manifest/constants';

// Must agree with the `@media (min-width: 996px)` rules in styles.css, or the layout and the markup disagree.
const query = `(min-width: ${DESKTOP_BREAKPOINT}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** `desktop` at 996 px and wider, else `mobile`. */
export function useWindowSize(): 'desktop' | 'mobile' {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? 'desktop' : 'mobile'),
    () => 'desktop',
  );
}
