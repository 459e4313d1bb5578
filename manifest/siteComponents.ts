/**
 * A site's own React components in its pages (`import Box from '@site/src/components/Box'`): the build bundles each
 * into a chunk of its own, renders it into the page's HTML, and marks where it stands; the shell loads the chunk and
 * hydrates the markup. This module is what both sides read of that mark and how both make the component's element,
 * so that the markup the build wrote is the markup the shell hydrates.
 */

/** The attribute that marks a site component's markup: the chunk below the base and the export (`assets/site/Box-H.js#default`). */
export const SITE_COMPONENT_ATTRIBUTE = 'data-site-component';

/** The attribute that holds the component's props as JSON. (The build's tree has the element's name too, for its messages.) */
export const SITE_PROPS_ATTRIBUTE = 'data-site-props';

/** The attribute of the element that holds the component's children, the page's own markup. */
export const SITE_CHILDREN_ATTRIBUTE = 'data-site-children';

/** The same attributes as hast properties, as the build's trees name them. */
export const SITE_PROPERTY = { mark: 'dataSiteComponent', props: 'dataSiteProps', children: 'dataSiteChildren', name: 'dataSiteName' } as const;

/** Where a chunk finds React: the shell (and the build's renderer) put it there before loading one. */
export const SITE_REACT_GLOBAL = '__abpDocsSiteReact';

/** What a chunk reads from `SITE_REACT_GLOBAL`. */
export interface SiteReact {
  react: Record<string, unknown>;
  jsxRuntime: Record<string, unknown>;
}

/** Folder below the site's root of the bundled components and what they import (styles, images). */
export const SITE_COMPONENTS_FOLDER = 'assets/site';

/** A component bundled: its chunk below the site's root, its styles' URL, and the chunk's copy the renderer imports. */
interface SiteComponentChunk {
  chunk: string;
  /** The URL (with the base) of the styles it imports, or null when it imports none. */
  css: string | null;
  /** The chunk's file on the build's machine, named by its hash, for the renderer (on any thread) to import. */
  module: string;
}

/** What a page's import of a component of the site is: bundled, or why not. */
export type SiteComponentFound = SiteComponentChunk | { error: string };

/** The site's components, as the build found them, and the base URL of the site they are bundled for. */
export interface SiteComponents {
  baseUrl: string;
  /** By their path below the content folder as imported (`src/theme/Box`). */
  byTarget: Record<string, SiteComponentFound>;
}

/** A chunk's path below the base as the shell accepts it: a file of the build's components folder, nothing else. */
const SITE_CHUNK = /^assets\/site\/[\w.-]+\.js$/;

/** A mark's chunk and export name, or null when the mark is not one the build writes. */
export function siteComponentRef(mark: string): { chunk: string; name: string } | null {
  const hash = mark.lastIndexOf('#');
  const chunk = hash < 0 ? mark : mark.slice(0, hash);
  const name = hash < 0 ? 'default' : mark.slice(hash + 1);
  return SITE_CHUNK.test(chunk) && /^[\w$]+$/.test(name) ? { chunk, name } : null;
}

/** The part of React's `createElement` this module needs, so that it imports no React of its own. */
type CreateElement<E> = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => E;

/**
 * The element of a site component with its props, and its children as the page's HTML (a `div`, or a `span` for a
 * component in running text) when it has any: the page's markdown is rendered by the build, not by the component.
 */
export function siteComponentElement<E>(
  createElement: CreateElement<E>,
  component: unknown,
  props: Record<string, unknown>,
  children: { html: string; inline: boolean } | null,
): E {
  if (!children) return createElement(component, props);
  const inner = createElement(children.inline ? 'span' : 'div', { [SITE_CHILDREN_ATTRIBUTE]: '', dangerouslySetInnerHTML: { __html: children.html } });
  return createElement(component, props, inner);
}
