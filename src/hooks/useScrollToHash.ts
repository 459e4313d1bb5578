import { useLayoutEffect } from 'react';

/** How long the page may settle (content attached, images, diagrams, fonts) before we stop correcting, ms. */
const SETTLE_MS = 3000;

const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Whether the page is scrolled, kept by scroll events: reading `scrollY` during a commit would force a layout. */
let scrolled = typeof window !== 'undefined' && window.scrollY !== 0;
if (typeof window !== 'undefined') window.addEventListener('scroll', () => (scrolled = window.scrollY !== 0), { passive: true });

/**
 * After a page's content has rendered: scroll to the `#hash` target, or to the
 * top. Until the page settles (the content is attached, images load,
 * diagrams draw), keep the target in place, unless the reader scrolls first.
 */
export function useScrollToHash(key: string, hash: string): void {
  useLayoutEffect(() => {
    if (!hash) {
      // Scrolling needs an up-to-date layout; at the top already, skip it.
      if (scrolled) window.scrollTo(0, 0);
      return undefined;
    }
    let id = hash;
    try {
      id = decodeURIComponent(hash);
    } catch {
      // Keep the raw hash.
    }
    const scroll = () => document.getElementById(id)?.scrollIntoView();
    scroll();
    // Layout changes anywhere on the page (content attached late, images, diagrams) re-align the target.
    const observer = new ResizeObserver(scroll);
    observer.observe(document.body);
    const main = document.querySelector('main');
    if (main) observer.observe(main);
    const stop = () => {
      observer.disconnect();
      for (const e of USER_INPUT) window.removeEventListener(e, stop);
      clearTimeout(timer);
    };
    for (const e of USER_INPUT) window.addEventListener(e, stop, { passive: true });
    const timer = setTimeout(stop, SETTLE_MS);
    return stop;
  }, [key, hash]);
}
