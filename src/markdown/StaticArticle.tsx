import { useRouter, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { articleLinksFrom, splitHref, stripBase } from '../../manifest';
import { baseUrl } from '../config';
import { preloadAllowed } from '../lib/preload';
import { useCopyButtons } from './copyCode';
import { DiagramWhenVisible } from './DiagramWhenVisible';
import { useSiteComponents } from './siteComponents';
import { useTabs } from './tabs';

/**
 * The route path (below the base) and hash of a link inside the site, or null for any other link. The
 * path is the one the browser resolved (`a.href`): links between docs of one version are relative.
 */
function localTarget(a: HTMLAnchorElement): { path: string; hash: string } | null {
  const raw = a.getAttribute('href');
  if (raw === null) return null;
  const url = new URL(a.href);
  if (url.origin !== window.location.origin) return null;
  let pathname = url.pathname;
  try {
    pathname = decodeURI(pathname);
  } catch {
    // A malformed escape is kept as written.
  }
  const local = stripBase(pathname, baseUrl());
  // The hash as written: the browser's copy is percent-encoded, `useScrollToHash` decodes it.
  return local === null ? null : { path: local, hash: splitHref(raw).hash };
}

/** The Mermaid source of each diagram block, taken from the block before it is emptied for the diagram. */
const diagramSources = new WeakMap<HTMLElement, string>();

/**
 * The build's rendering of a page, made interactive: internal links use
 * the router, code blocks' copy buttons copy, tabs switch, Mermaid blocks are drawn.
 */
export function StaticArticle({ html: rendered, path }: { html: string; path: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Its relative links are right at its own route only. The address bar's route, even while the next page
  // loads: that is what the browser resolves them against.
  const shownAt = stripBase(pathname, baseUrl()) ?? pathname;
  const html = useMemo(() => (shownAt === path ? rendered : articleLinksFrom(rendered, path, baseUrl())), [rendered, path, shownAt]);
  const [diagrams, setDiagrams] = useState<{ el: HTMLElement; source: string }[]>([]);
  // Before the browser paints: a new text for the page (an update taken in place) is shown
  // with its copy buttons and its diagrams in one step, so the page does not shift under the reader.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const found = [...root.querySelectorAll<HTMLElement>('.mermaid-diagram')].map((el) => {
      // The effect may run twice for the same markup (StrictMode): the second run finds the block emptied.
      const source = diagramSources.get(el) ?? (el.textContent ?? '').replace(/\n$/, '');
      diagramSources.set(el, source);
      el.replaceChildren();
      return { el, source };
    });
    setDiagrams(found);
  }, [html]);
  const copyOnClick = useCopyButtons(ref, [html]);
  const tabs = useTabs(ref, [html]);
  useSiteComponents(ref, [html]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (copyOnClick(e.target) || tabs.onClick(e.target)) return;
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target) return;
    const target = localTarget(a);
    if (!target) return;
    e.preventDefault();
    void router.navigate({ to: target.path, hash: target.hash || undefined });
  };
  // The article's links are the build's HTML, not router links, so the router's own preloading cannot see them:
  // they ask it to preload their route on intent (hover, focus, touch), as it does for the shell's links.
  const onIntent = (e: SyntheticEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const target = a && !a.target ? localTarget(a) : null;
    if (target && preloadAllowed()) void router.preloadRoute({ to: target.path }).catch(() => undefined);
  };
  return (
    <>
      {/* The markup is the build's output of the same pipeline, already sanitised (its allow-list, safe URLs). */}
      <div
        ref={ref}
        className="markdown"
        onClick={onClick}
        onKeyDown={tabs.onKeyDown}
        onMouseOver={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {diagrams.map(({ el, source }, i) => createPortal(<DiagramWhenVisible source={source} />, el, String(i)))}
    </>
  );
}
