import { useLayoutEffect } from 'react';

/**
 * After a page's content has rendered: scroll to the `#hash` target, or to the
 * top; once images above the target have loaded, correct the position (spec §2).
 */
export function useScrollToHash(key: string, hash: string): void {
  useLayoutEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const id = decodeURIComponent(hash);
    const target = document.getElementById(id);
    if (!target) return undefined;
    target.scrollIntoView();
    const pending = [...document.querySelectorAll<HTMLImageElement>('main img')].filter((img) => !img.complete);
    if (!pending.length) return undefined;
    const correct = () => document.getElementById(id)?.scrollIntoView();
    for (const img of pending) img.addEventListener('load', correct, { once: true });
    return () => pending.forEach((img) => img.removeEventListener('load', correct));
  }, [key, hash]);
}
