import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  SITE_CHILDREN_ATTRIBUTE,
  SITE_COMPONENT_ATTRIBUTE,
  SITE_PROPS_ATTRIBUTE,
  SITE_REACT_GLOBAL,
  siteComponentElement,
  siteComponentRef,
  type SiteReact,
} from '../../manifest/siteComponents';
import { baseUrl } from '../config';

/** The element of the mark `mark` that holds the page's own children: the first of its own, not of a component inside it. */
function childrenOf(mark: HTMLElement): HTMLElement | null {
  for (const el of mark.querySelectorAll<HTMLElement>(`[${SITE_CHILDREN_ATTRIBUTE}]`)) if (el.closest(`[${SITE_COMPONENT_ATTRIBUTE}]`) === mark) return el;
  return null;
}

/**
 * Hydrates each of `marks` with its component, one React root each, with the shell's React: its chunk is loaded, and
 * the build's markup in the mark is the component's with its props. Returns what stops it: roots not yet made are
 * never made, and those made are unmounted.
 */
export function hydrateSiteComponents(marks: HTMLElement[]): () => void {
  const shared: SiteReact & { baseUrl: string } = { react: React, jsxRuntime, baseUrl: baseUrl() };
  (globalThis as Record<string, unknown>)[SITE_REACT_GLOBAL] = shared;
  let stopped = false;
  const roots: Root[] = [];
  for (const mark of marks) {
    const at = siteComponentRef(mark.getAttribute(SITE_COMPONENT_ATTRIBUTE) ?? '');
    if (!at) continue;
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(mark.getAttribute(SITE_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
    } catch {
      continue;
    }
    const children = childrenOf(mark);
    import(/* @vite-ignore */ `${baseUrl()}${at.chunk}`)
      .then((module: Record<string, unknown>) => {
        const component = module[at.name];
        if (stopped || !component) return;
        const element = siteComponentElement(
          React.createElement as never,
          component,
          props,
          children && { html: children.innerHTML, inline: children.tagName === 'SPAN' },
        );
        // A markup that differs (a component that reads the time or the window) is rendered again by React, in place.
        roots.push(hydrateRoot(mark, element as React.ReactNode, { onRecoverableError: () => undefined }));
      })
      .catch(() => undefined);
  }
  return () => {
    stopped = true;
    const done = roots.splice(0);
    // Not while React renders the article that replaces them.
    if (done.length) setTimeout(() => done.forEach((root) => root.unmount()));
  };
}
