/**
 * The site's components rendered into a page's HTML: each mark the MDX step left (`manifest/mdx.ts`) is filled with
 * the component's markup, rendered by React from the chunk the shell loads (`siteComponents.ts`), so a reader sees
 * it before any script runs and the shell hydrates the same markup. A component in a table's rows has no mark around
 * it (HTML moves a `div` out of a table): it is rendered, and stays as rendered.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { pathToFileURL } from 'node:url';
import type { MdxProblem } from '../manifest/mdx';
import { SITE_PROPERTY, SITE_REACT_GLOBAL, siteComponentElement, siteComponentRef, type SiteComponents } from '../manifest/siteComponents';

/** The site's components loaded on this thread, with the React that renders them. */
export interface LoadedSiteComponents {
  baseUrl: string;
  /** By chunk: what it exports, its styles' URL, or why it could not be loaded. */
  chunks: Map<string, { exports: Record<string, unknown>; css: string | null } | { error: string }>;
  createElement: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  renderToString: (element: never) => string;
  /** Points the chunks at this React and this site's base again (another site's components may have been loaded since). */
  share: () => void;
}

/** Points the chunks at this thread's React and the site's base, as the shell does in the browser. */
function shareReact(react: unknown, jsxRuntime: unknown, baseUrl: string): void {
  (globalThis as Record<string, unknown>)[SITE_REACT_GLOBAL] = { react, jsxRuntime, baseUrl };
}

/** Loads the chunks of `components` on this thread. */
export async function loadSiteComponents(components: SiteComponents): Promise<LoadedSiteComponents> {
  const [react, jsxRuntime, server] = await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);
  const share = () => shareReact(react.default, jsxRuntime.default ?? jsxRuntime, components.baseUrl);
  share();
  const chunks: LoadedSiteComponents['chunks'] = new Map();
  for (const found of Object.values(components.byTarget)) {
    if ('error' in found || chunks.has(found.chunk)) continue;
    try {
      chunks.set(found.chunk, { exports: (await import(pathToFileURL(found.module).href)) as Record<string, unknown>, css: found.css });
    } catch (error) {
      chunks.set(found.chunk, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return {
    baseUrl: components.baseUrl,
    chunks,
    createElement: react.createElement as LoadedSiteComponents['createElement'],
    renderToString: server.renderToString as LoadedSiteComponents['renderToString'],
    share,
  };
}

/** Elements whose children HTML allows no `div` or `span`: a component among them is rendered without its mark. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

const lineOf = (node: Element) => node.position?.start.line ?? 0;

/**
 * `tree` with each site component's mark filled with its markup (the nodes on the way copied, `tree` unchanged) and
 * the styles of the components it shows linked at its top; what cannot be rendered shows its children, with a
 * problem in `problems`.
 */
export function renderSiteComponents(tree: Root, loaded: LoadedSiteComponents, problems: MdxProblem[]): Root {
  const styles = new Set<string>();
  const render = (mark: Element, inTable: boolean): ElementContent => {
    const children = mark.children.map((child) => fill(child, false));
    const { [SITE_PROPERTY.mark]: at, [SITE_PROPERTY.props]: propsJson, [SITE_PROPERTY.name]: name, ...properties } = mark.properties;
    const named = typeof name === 'string' && name ? `\`<${name}>\`, a component of the site,` : 'a component of the site';
    const shown = (message: string): ElementContent => {
      problems.push({ line: lineOf(mark), message, error: false });
      return { ...mark, properties, children };
    };
    const ref = typeof at === 'string' ? siteComponentRef(at) : null;
    const chunk = ref && loaded.chunks.get(ref.chunk);
    if (!ref || !chunk) return { ...mark, properties, children };
    if ('error' in chunk) return shown(`${named} could not be loaded (${chunk.error}): the page shows its children in its place.`);
    const component = chunk.exports[ref.name];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null))
      return shown(`${named} is imported as \`${ref.name}\`, which its module does not export as a component: the page shows its children in its place.`);
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(typeof propsJson === 'string' ? propsJson : '{}') as Record<string, unknown>;
    } catch {
      return { ...mark, properties, children };
    }
    let html: string;
    try {
      loaded.share();
      const inner = children.length ? { html: toHtml(children, { allowDangerousHtml: true }), inline: mark.tagName === 'span' } : null;
      html = loaded.renderToString(siteComponentElement(loaded.createElement, component, props, inner) as never);
    } catch (error) {
      return shown(`${named} failed to render (${error instanceof Error ? error.message : String(error)}): the page shows its children in its place.`);
    }
    if (chunk.css) styles.add(chunk.css);
    const raw = { type: 'raw', value: html } as unknown as ElementContent;
    return inTable ? raw : { ...mark, properties: { ...properties, [SITE_PROPERTY.mark]: at, [SITE_PROPERTY.props]: propsJson }, children: [raw] };
  };
  const fill = <N extends Root | ElementContent>(node: N, inTable: boolean): N => {
    if (node.type !== 'element' && node.type !== 'root') return node;
    if (node.type === 'element' && typeof node.properties[SITE_PROPERTY.mark] === 'string') return render(node, inTable) as N;
    const table = node.type === 'element' && TABLE_PARTS.has(node.tagName);
    let changed = false;
    const children = (node.children as ElementContent[]).map((child) => {
      const next = fill(child, table);
      if (next !== child) changed = true;
      return next;
    });
    return changed ? { ...node, children } : node;
  };
  const filled = fill(tree, false);
  if (!styles.size) return filled;
  const links = [...styles].map((href) => ({ type: 'element', tagName: 'link', properties: { rel: ['stylesheet'], href }, children: [] }) as Element);
  return { ...filled, children: [...links, ...filled.children] };
}
