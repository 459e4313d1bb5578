/**
 * The markdown pipeline shared by the build's static rendering and the shell's
 * react-markdown: the same plugins in the same order, so heading ids, code-block
 * markup and link targets are identical on both sides.
 */
import type { Element, ElementContent, Root as HastRoot, Text } from 'hast';
import type { Heading, Root as MdastRoot } from 'mdast';
import type { LanguageFn } from 'highlight.js';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { defaultUrlTransform } from 'react-markdown';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { visit } from 'unist-util-visit';
import { LANGUAGE_ALIASES, PLAIN_LANGUAGES, languageLabel } from './highlight';

/** Matches an explicit heading id at the end of a heading: `## Title {#custom-id}`. */
const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;

/** A heading as the pipeline sees it. */
export interface HeadingInfo {
  depth: number;
  id: string;
  text: string;
  /** 1-based source line, for error messages. */
  line: number;
}

/**
 * Gives every heading an id: the explicit `{#id}` (removed from the text), or
 * github-slugger's slug of its text, unique within the page. Calls `onHeading`
 * for each, in order.
 */
export function remarkHeadingIds(options: { onHeading?: (heading: HeadingInfo) => void } = {}) {
  return (tree: MdastRoot) => {
    const slugger = new GithubSlugger();
    visit(tree, 'heading', (node: Heading) => {
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last && last.type === 'text') {
        const match = EXPLICIT_ID.exec(last.value);
        if (match) {
          id = match[1];
          last.value = last.value.slice(0, match.index);
        }
      }
      const text = toString(node).trim();
      id ??= slugger.slug(text);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      options.onHeading?.({ depth: node.depth, id, text, line: node.position?.start.line ?? 0 });
    });
  };
}

/** Parses a fence's meta string: `title="src/a.ts" {1,3-4}`. */
export function parseCodeMeta(meta: string): { title: string | null; lines: Set<number> } {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const lines = new Set<number>();
  const range = /\{([\d,\s-]+)\}/.exec(meta);
  if (range?.[1]) {
    for (const part of range[1].split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (from === undefined || Number.isNaN(from)) continue;
      const end = to === undefined || Number.isNaN(to) ? from : to;
      for (let n = from; n <= end; n++) lines.add(n);
    }
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3] ?? null) : null, lines };
}

/** Language of a `<code>` element from its `language-x` class. */
export function codeLanguage(code: Element): string | null {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const c of classes) {
    const value = String(c);
    if (value.startsWith('language-')) return value.slice(9);
  }
  return null;
}

/** Splits highlighted code into lines, cloning the spans a newline crosses. */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const push = (node: ElementContent) => lines[lines.length - 1]!.push(node);
  for (const node of nodes) {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) push({ type: 'text', value: part } satisfies Text);
      });
    } else if (node.type === 'element') {
      const inner = splitLines(node.children);
      inner.forEach((children, i) => {
        if (i > 0) lines.push([]);
        if (children.length) push({ ...node, children });
      });
    }
  }
  return lines;
}

/**
 * Turns each `<pre><code>` into the site's code block: a `div.code-block` with a
 * header (title or language label), line highlighting for `{1,3-4}`, and Mermaid
 * sources marked for the shell's lazy diagram renderer.
 */
export function rehypeCodeBlocks() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const lang = codeLanguage(code) ?? 'text';
      const meta = parseCodeMeta(String((code.data as { meta?: string } | undefined)?.meta ?? ''));
      // Code can scroll sideways, so keyboard users must be able to focus it.
      node.properties = { ...node.properties, tabIndex: 0 };
      if (lang === 'mermaid') {
        parent.children[index] = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['mermaid-diagram'], dataMermaid: '' },
          children: [node],
        };
        return;
      }
      if (meta.lines.size > 0) {
        const lines = splitLines(code.children);
        if (lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
        code.children = lines.flatMap((children, i): ElementContent[] => [
          {
            type: 'element',
            tagName: 'span',
            properties: { className: meta.lines.has(i + 1) ? ['code-line', 'code-line--highlighted'] : ['code-line'] },
            children,
          },
          { type: 'text', value: '\n' },
        ]);
      }
      const header: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block__header'] },
        children: [
          meta.title
            ? { type: 'element', tagName: 'span', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: meta.title }] }
            : { type: 'element', tagName: 'span', properties: { className: ['code-block__lang'] }, children: [{ type: 'text', value: languageLabel(lang) }] },
        ],
      };
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLanguage: lang },
        children: [header, node],
      };
    });
  };
}

/**
 * Rewrites link targets: internal ones through `resolve` (to a path with the
 * base), external ones open safely in a new tab. Images load lazily.
 */
export function rehypeLinks(options: { resolve: (href: string) => string | null }) {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'img') {
        node.properties = { ...node.properties, loading: 'lazy', decoding: 'async' };
        return;
      }
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const href = node.properties.href;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
        if (/^https?:|^\/\//i.test(href)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        return;
      }
      const resolved = options.resolve(href);
      if (resolved !== null) node.properties.href = resolved;
    });
  };
}

/** Options of the shared pipeline. */
export interface PipelineOptions {
  /** Grammars to register, by highlight.js name. */
  grammars: Record<string, LanguageFn>;
  /** Internal link resolver: returns the final href, or null to leave it. */
  resolveLink: (href: string) => string | null;
  /** Receives each heading (the build collects them; the shell ignores them). */
  onHeading?: (heading: HeadingInfo) => void;
}

/** Aliases for the registered grammars, in lowlight's shape. */
function aliasesFor(grammars: Record<string, LanguageFn>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [alias, name] of Object.entries(LANGUAGE_ALIASES)) {
    if (name in grammars) (out[name] ??= []).push(alias);
  }
  return out;
}

/** The remark plugins, in order. */
export function remarkPlugins(options: PipelineOptions): PluggableList {
  return [remarkGfm, [remarkHeadingIds, { onHeading: options.onHeading }]];
}

/** The rehype plugins, in order. */
export function rehypePlugins(options: PipelineOptions): PluggableList {
  return [
    [
      rehypeHighlight,
      { languages: options.grammars, aliases: aliasesFor(options.grammars), plainText: PLAIN_LANGUAGES, detect: false },
    ],
    rehypeCodeBlocks,
    [rehypeLinks, { resolve: options.resolveLink }],
  ];
}

/** The whole pipeline as one unified processor: markdown in, hast out (react-markdown's steps, same plugins). */
export function markdownProcessor(options: PipelineOptions) {
  return unified().use(remarkParse).use(remarkPlugins(options)).use(remarkRehype).use(rehypePlugins(options));
}

/** Passes every `href` and `src` through react-markdown's URL filter (drops `javascript:` and friends). */
export function sanitizeUrls(tree: HastRoot): HastRoot {
  visit(tree, 'element', (node: Element) => {
    for (const key of ['href', 'src'] as const) {
      const value = node.properties[key];
      if (typeof value === 'string') node.properties[key] = defaultUrlTransform(value);
    }
  });
  return tree;
}
