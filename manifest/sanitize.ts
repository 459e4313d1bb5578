/**
 * The one allow-list every page's HTML goes through (rehype-sanitize), the elements authors write in MDX included:
 * no script, no event handler, no `javascript:` URL, no style that can load anything. What it removes from what
 * the author wrote is reported with its line, so nothing vanishes silently.
 */
import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** A style that can load nothing: no `url(…)`, `image-set(…)`, `@import`, `expression(…)`, bindings or escapes. */
const SAFE_STYLE = /^(?![\s\S]*(?:url\s*\(|image(?:-set)?\s*\(|expression\s*\(|@import|\\|behavior\s*:|-moz-binding|javascript:))[^<>]*$/i;

/** GitHub's attributes without the classes it allows per element: any class is allowed on every element here. */
const defaults = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, list]) => [tag, list.filter((d) => (typeof d === 'string' ? d : d[0]) !== 'className')]),
);

/** GitHub's schema, with what the site's own markup and Docusaurus pages need. */
const SANITIZE_SCHEMA: Schema = {
  ...defaultSchema,
  // Ids are the author's and the pipeline's (heading ids, footnotes), used as written by links and the TOC.
  clobber: [],
  strip: ['script', 'style'],
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'button',
    'svg',
    'path',
    'mark',
    'small',
    'abbr',
    'u',
    'cite',
    'figure',
    'figcaption',
    'caption',
    'col',
    'colgroup',
  ],
  attributes: {
    ...defaults,
    '*': [
      ...(defaults['*'] ?? []),
      'className',
      ['style', SAFE_STYLE],
      'role',
      'hidden',
      'ariaHidden',
      'ariaSelected',
      'ariaControls',
      'ariaOrientation',
      'ariaLabel',
      'ariaLabelledBy',
      'ariaDescribedBy',
      'data*',
    ],
    a: [...(defaults.a ?? []), 'target', 'rel'],
    button: ['type'],
    video: ['src', 'poster', 'controls', 'autoPlay', 'loop', 'muted', 'playsInline', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: [...(defaults.source ?? []), 'src', 'type'],
    svg: ['viewBox', 'focusable'],
    path: ['d'],
    img: [...(defaults.img ?? []), 'loading', 'decoding'],
  },
};

/** Something the sanitizer removed from what an author wrote. */
export interface SanitizeRemoval {
  /** 1-based line in the markdown. */
  line: number;
  message: string;
}

const keyOf = (node: Element) => `${node.position?.start.offset ?? ''}:${node.tagName}`;

/** The attribute names as an author writes them (`onClick`, `style`), from hast property names. */
const attributeName = (property: string) =>
  property === 'className' ? 'className' : property.replace(/^aria([A-Z])/, (_, c: string) => `aria-${c.toLowerCase()}`);

/**
 * A rehype plugin: the tree sanitized with `SANITIZE_SCHEMA`. Each element written in the source (one with a
 * position) that it drops, and each attribute it drops from one, goes to `onRemoved`.
 */
export function rehypeSanitizeReported(options: { onRemoved?: (removal: SanitizeRemoval) => void; sitePlugins?: boolean } = {}) {
  return (tree: Root, file?: VFile): Root => {
    // A component tag in a page read as CommonMark (`<Tabs>`, parsed as an unknown element): the build names it
    // as such already, saying how to read the page as MDX.
    const source = typeof file?.value === 'string' ? file.value : '';
    const writtenAsComponent = (node: Element) => /^<[A-Z]/.test(source.slice(node.position?.start.offset ?? 0, (node.position?.start.offset ?? 0) + 2));
    const before = new Map<string, Element>();
    // Elements with no place in the page's source (a partial's, or what a site's plugin added): counted by tag, as
    // nothing else names them.
    const unplaced = (root: Root) => {
      const count = new Map<string, number>();
      visit(root, 'element', (node: Element) => {
        if (!node.position) count.set(node.tagName, (count.get(node.tagName) ?? 0) + 1);
      });
      return count;
    };
    let added = new Map<string, number>();
    if (options.onRemoved) {
      visit(tree, 'element', (node: Element) => {
        if (node.position) before.set(keyOf(node), node);
      });
      added = unplaced(tree);
    }
    const clean = rehypeSanitize(SANITIZE_SCHEMA)(tree) as Root;
    if (!options.onRemoved) return clean;
    if (added.size) {
      const kept = unplaced(clean);
      const from = options.sitePlugins ? 'in a partial this page imports or added by a markdown plugin of site.config.json' : 'in a partial this page imports';
      for (const [tag, count] of added)
        if ((kept.get(tag) ?? 0) < count)
          options.onRemoved({
            line: 0,
            message: `\`<${tag}>\`, ${from}, is not allowed on this site and is left out (${SANITIZE_SCHEMA.strip?.includes(tag) ? 'with its content' : 'its content is kept'}).`,
          });
    }
    if (!before.size) return clean;
    const after = new Map<string, Element>();
    visit(clean, 'element', (node: Element) => {
      if (node.position) after.set(keyOf(node), node);
    });
    for (const [key, node] of before) {
      const line = node.position?.start.line ?? 0;
      const kept = after.get(key);
      if (!kept) {
        if (writtenAsComponent(node)) continue;
        const dropped = SANITIZE_SCHEMA.strip?.includes(node.tagName) ? 'with its content' : 'its content is kept';
        options.onRemoved({
          line,
          message: `\`<${node.tagName}>\` is not allowed on this site and is left out (${dropped}). Use markdown, or an element such as \`<div>\`, \`<details>\` or \`<kbd>\`.`,
        });
        continue;
      }
      const lost = Object.keys(node.properties).filter((p) => !(p in kept.properties));
      if (lost.length) {
        options.onRemoved({
          line,
          message: `${lost.map((p) => `\`${attributeName(p)}\``).join(', ')} of \`<${node.tagName}>\` ${lost.length === 1 ? 'is' : 'are'} removed: event handlers, scripts, \`javascript:\` URLs and styles that load files are not allowed.`,
        });
      }
    }
    return clean;
  };
}
