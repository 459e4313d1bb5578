import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { normalizeRoutePath, pageAt, splitHref } from '../../manifest';
import { pageQueryOptions } from '../data/blob';
import { manifestQueryOptions } from '../data/manifest';

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Runs `fn` when the browser is idle, or after 2 s at the latest. */
export function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

/** Whether preloading should be skipped: Save-Data or a 2g connection (spec §2). */
export function shouldSkipPreload(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData || (connection?.effectiveType ?? '').includes('2g'));
}

/**
 * Preloads the page a link points to (its blob and highlighters) when the link
 * is hovered, focused, touched or scrolled into view. Returns a ref callback.
 */
export function usePreloadOnIntent(href: string) {
  const queryClient = useQueryClient();
  const cleanup = useRef<(() => void) | null>(null);
  // `warm`: also parse the page ahead of the click. Only on intent (hover, focus, touch): parsing
  // every link that scrolls into view would fill idle time with long tasks.
  const preload = useCallback((warm: boolean) => {
    if (shouldSkipPreload()) return;
    const manifest = queryClient.getQueryData(manifestQueryOptions().queryKey);
    if (!manifest) return;
    const page = pageAt(manifest, normalizeRoutePath(splitHref(href).path));
    if (!page) return;
    const options = pageQueryOptions(page);
    void queryClient.prefetchQuery(options).then(() => {
      const markdown = queryClient.getQueryData(options.queryKey);
      // Parse ahead of the click, when the browser is idle, so the navigation only has to render.
      if (warm && markdown !== undefined) whenIdle(() => void import('../markdown/pipeline').then((m) => m.pageHast(manifest, page, markdown)));
    });
  }, [href, queryClient]);
  useEffect(() => () => cleanup.current?.(), []);
  return useCallback(
    (el: HTMLAnchorElement | null) => {
      cleanup.current?.();
      cleanup.current = null;
      if (!el) return;
      const events = ['mouseenter', 'focus', 'touchstart'] as const;
      const onIntent = () => preload(true);
      for (const e of events) el.addEventListener(e, onIntent, { passive: true });
      let observer: IntersectionObserver | null = null;
      if ('IntersectionObserver' in window) {
        observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect();
            // In-view preloading waits for an idle moment so it never competes with the current page.
            whenIdle(() => preload(false));
          }
        });
        observer.observe(el);
      }
      cleanup.current = () => {
        for (const e of events) el.removeEventListener(e, onIntent);
        observer?.disconnect();
      };
    },
    [preload],
  );
}
