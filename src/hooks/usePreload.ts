import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { normalizeRoutePath, pageAt, splitHref } from '../../manifest';
import { articleQueryOptions } from '../data/blob';
import { manifestQueryOptions, manifestWithRoute, viewOf } from '../data/manifest';
import { afterFirstPage } from '../lib/afterFirstPage';

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/**
 * How long an in-view preload waits for an idle moment at most: short, so the
 * article is there before a reader who saw the link can click it.
 */
const IN_VIEW_PRELOAD_MAX_WAIT_MS = 300;

/** Whether preloading should be skipped: Save-Data or a 2g connection (spec §2). */
function shouldSkipPreload(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData || (connection?.effectiveType ?? '').includes('2g'));
}

/**
 * Preloads the article of the page at a route path (below the base), unless
 * the connection is slow or metered. With `shard`, the manifest shard that
 * holds the route is fetched first when needed (intent: the reader is about
 * to click); without, only a route whose shard is loaded is preloaded
 * (links in view: a long sidebar would otherwise fetch many shards).
 */
export function preloadRoute(queryClient: QueryClient, path: string, shard = true): void {
  if (shouldSkipPreload()) return;
  const root = queryClient.getQueryData(manifestQueryOptions().queryKey);
  if (!root) return;
  const route = normalizeRoutePath(path);
  const known = pageAt(viewOf(root), route);
  if (known) void queryClient.prefetchQuery(articleQueryOptions(known));
  else if (shard)
    void manifestWithRoute(queryClient, root, route).then(
      (view) => {
        const page = pageAt(view, route);
        if (page) void queryClient.prefetchQuery(articleQueryOptions(page));
      },
      () => undefined,
    );
}

/**
 * Preloads the page a link points to (the build's rendering of its article)
 * when the link is hovered, focused, touched or scrolled into view. Returns a
 * ref callback.
 */
export function usePreloadOnIntent(href: string) {
  const queryClient = useQueryClient();
  const cleanup = useRef<(() => void) | null>(null);
  const preload = useCallback((shard: boolean) => preloadRoute(queryClient, splitHref(href).path, shard), [href, queryClient]);
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
            // In-view preloading waits for the page's load and an idle moment, so it never competes with the current page.
            afterFirstPage(() => preload(false), IN_VIEW_PRELOAD_MAX_WAIT_MS);
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
