/**
 * The markdown pipeline shared by the build's static rendering and the shell's
 * react-markdown: the same plugins in the same order, so heading ids, code-block
 * markup and link targets are identical on both sides.
 */
import type { Element, ElementContent, Root as HastRoot, Text } from 'hast';
import type { Code, Heading, Paragraph, Parent, PhrasingContent, Root as MdastRoot, Text as MdastText } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { LanguageFn } from 'highlight.js';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { defaultUrlTransform } from 'react-markdown';
import remarkParse from 'remark-parse';
import remarkRehype, { defaultHandlers } from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import type { VFile } from 'vfile';
import { EXIT, SKIP, visit } from 'unist-util-visit';
import remarkComment from '@slorber/remark-comment';
import remarkMdx from 'remark-mdx';
import { admonitionKeywords, admonitionLook, type AdmonitionType } from './admonitions';
import { remarkCodeTabs } from './codeTabs';
import { DEFAULT_MAGIC_COMMENTS, metaLines, remarkMagicComments, type CodeLineOptions } from './magicComments';
import { fillInlineTocs, remarkMdxContent, type MdxOptions } from './mdx';
import { rehypeSanitizeReported, type SanitizeRemoval } from './sanitize';
import { COPY_BUTTON } from './copyButton';
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
function remarkHeadingIds(options: { onHeading?: (heading: HeadingInfo) => void } = {}) {
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
      // An HTML comment is no part of the heading the reader sees, nor of its id.
      const text = toString(node)
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      id ??= slugger.slug(text);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      options.onHeading?.({ depth: node.depth, id, text, line: node.position?.start.line ?? 0 });
    });
  };
}

/** One 24×24 stroked path per type (pencil, bulb, info, triangle, octagon, triangle; the aliases their type's). */
const ICONS: Record<AdmonitionType, string> = {
  note: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  tip: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  warning: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  danger: 'M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9zM12 8v4M12 16h.01',
  caution: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  important: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  secondary: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  success: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z',
};

/** The keywords read as admonitions (`markdown.admonitions`), which the caller may change between pages. */
export interface AdmonitionOptions {
  keywords: readonly string[];
}

/** Docusaurus's own keywords, for a pipeline given none. */
const DEFAULT_ADMONITIONS: AdmonitionOptions = { keywords: admonitionKeywords(undefined) };

/** A directive the pipeline does not know, reported to the build (which warns with file:line). */
export interface UnknownDirective {
  /** `container` for `:::name`, `leaf` for `::name`. */
  kind: 'container' | 'leaf';
  name: string;
  /** 1-based line in the markdown. */
  line: number;
}

/** `:::tip Custom title` (an opening fence with a title after the name, outside code fences). */
const TITLED_FENCE = /^((?:[ \t]*>)*[ \t]*)(:{3,})([a-z][\w-]*)[ \t]+([^\s[{].*?)[ \t]*$/i;
/** An ATX heading's explicit id, `## Title {#id}`. */
const HEADING_ID = /(?<=^[ \t]*#{1,6}[ \t].*)(\{#[^}\s]+\}[ \t]*)$/;
/** A code fence opening or closing line. */
const CODE_FENCE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;

/**
 * Rewrites Docusaurus's admonition titles (`:::tip Custom title`) into the
 * directive labels remark-directive reads (`:::tip[Custom title]`), as
 * Docusaurus's own preprocessor does. Lines stay where they are, so positions
 * (and the build's file:line) keep pointing at the source.
 */
export function prepareMarkdown(markdown: string, mdx = false): string {
  if (!markdown.includes(':::') && !(mdx && markdown.includes('{#'))) return markdown;
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const code = CODE_FENCE.exec(line);
      if (code) {
        const mark = code[1]!;
        if (fence === null) fence = mark;
        else if (mark[0] === fence[0] && mark.length >= fence.length) fence = null;
        return line;
      }
      if (fence !== null) return line;
      // MDX reads `{#id}` as an expression: escaped, it stays the heading id `remarkHeadingIds` reads.
      if (mdx && HEADING_ID.test(line)) return line.replace(HEADING_ID, '\\$1');
      const m = TITLED_FENCE.exec(line);
      return m ? `${m[1]}${m[2]}${m[3]}[${m[4]!.replace(/[[\]]/g, '\\$&')}]` : line;
    })
    .join('\n');
}

/** The text a directive was written as: its source when the pipeline has it, else rebuilt from the node. */
function directiveSource(node: TextDirective | LeafDirective, file: VFile | undefined): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (file && typeof file.value === 'string' && start !== undefined && end !== undefined) return file.value.slice(start, end);
  const colons = node.type === 'textDirective' ? ':' : '::';
  const label = node.children.length ? `[${toString(node)}]` : '';
  const attributes = Object.entries(node.attributes ?? {}).map(([k, v]) => (v ? `${k}="${v}"` : k));
  return `${colons}${node.name}${label}${attributes.length ? `{${attributes.join(' ')}}` : ''}`;
}

/**
 * Docusaurus admonitions (`:::note` … `:::`) as callouts: a `div` with
 * `role="note"` named by its type, a heading with an icon and the title (the
 * label, else the type), then the content. An unknown container keeps its
 * content in a plain `div` and is reported; text and leaf directives are put
 * back as the text they were written as, so `10:30` or `a:b` stay as written.
 */
function remarkAdmonitions(options: { onUnknownDirective?: (directive: UnknownDirective) => void; admonitions?: AdmonitionOptions } = {}) {
  return (tree: MdastRoot, file?: VFile) => {
    visit(tree, (any, index, up) => {
      const node = any as TextDirective | LeafDirective | ContainerDirective | { type: '' };
      const parent = up as Parent | undefined;
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        if (!parent || index === undefined) return undefined;
        const text: MdastText = { type: 'text', value: directiveSource(node, file), position: node.position };
        if (node.type === 'leafDirective') {
          options.onUnknownDirective?.({ kind: 'leaf', name: node.name, line: node.position?.start.line ?? 0 });
          parent.children[index] = { type: 'paragraph', children: [text], position: node.position } satisfies Paragraph;
        } else parent.children[index] = text;
        return [SKIP, index + 1];
      }
      if (node.type !== 'containerDirective') return undefined;
      const directive = node;
      if (!(options.admonitions ?? DEFAULT_ADMONITIONS).keywords.includes(directive.name)) {
        options.onUnknownDirective?.({ kind: 'container', name: directive.name, line: directive.position?.start.line ?? 0 });
        directive.data = { ...directive.data, hName: 'div' };
        return undefined;
      }
      const { type, label } = admonitionLook(directive.name);
      const first = directive.children[0];
      const labelled = first?.type === 'paragraph' && first.data?.directiveLabel === true;
      const title: PhrasingContent[] = labelled ? (first as Paragraph).children : [{ type: 'text', value: label }];
      const icon: MdastText = {
        type: 'text',
        value: '',
        data: {
          hName: 'svg',
          hProperties: { className: ['admonition__icon'], viewBox: '0 0 24 24', ariaHidden: 'true', focusable: 'false' },
          hChildren: [{ type: 'element', tagName: 'path', properties: { d: ICONS[type] }, children: [] }],
        },
      };
      const heading: Paragraph = {
        type: 'paragraph',
        children: [icon, { type: 'emphasis', children: title, data: { hName: 'span', hProperties: { className: ['admonition__title'] } } }],
        data: { hName: 'div', hProperties: { className: ['admonition__heading'] } },
      };
      directive.children = [heading, ...(labelled ? directive.children.slice(1) : directive.children)];
      directive.data = {
        ...directive.data,
        hName: 'div',
        hProperties: {
          className: ['admonition', `admonition--${type}`, ...(type === directive.name ? [] : [`admonition--${directive.name}`])],
          role: 'note',
          ariaLabel: label,
        },
      };
      return undefined;
    });
  };
}

/** Parses a fence's meta string: `title="src/a.ts" {1,3-4}`. */
export function parseCodeMeta(meta: string): { title: string | null; lines: Set<number>; lineNumbers: boolean } {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const lines = new Set(metaLines(meta));
  return { title: title ? (title[1] ?? title[2] ?? title[3] ?? null) : null, lines, lineNumbers: /(?:^|\s)showLineNumbers(?:[=\s]|$)/.test(meta) };
}

/** Language of a `<code>` element from its `language-x` class. */
function codeLanguage(code: Element): string | null {
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
 * The copy button of a code block. It is part of the article markup, so the
 * build's HTML and the shell's own rendering carry the same button; the shell
 * gives it its behaviour with one click handler on the article.
 */
const copyButton = (): Element => ({
  type: 'element',
  tagName: 'button',
  properties: { type: 'button', className: [COPY_BUTTON.className], ariaLabel: COPY_BUTTON.idle.label },
  children: [{ type: 'text', value: COPY_BUTTON.idle.text }],
});

/**
 * Turns each `<pre><code>` into the site's code block: a `div.code-block` with a
 * header (title or language label), line highlighting for `{1,3-4}` and a copy
 * button, and Mermaid sources marked for the shell's lazy diagram renderer.
 */
function rehypeCodeBlocks() {
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
      const lineClasses = code.data?.lineClasses;
      if (lineClasses || meta.lineNumbers) {
        const lines = splitLines(code.children);
        if (lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
        code.children = lines.flatMap((children, i): ElementContent[] => [
          {
            type: 'element',
            tagName: 'span',
            properties: { className: ['code-line', ...(lineClasses?.[i + 1] ?? [])] },
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
        properties: { className: meta.lineNumbers ? ['code-block', 'code-block--numbered'] : ['code-block'], dataLanguage: lang },
        children: [header, node, copyButton()],
      };
    });
  };
}

/**
 * Rewrites link targets: internal ones through `resolve` (to a path with the
 * base), external ones open safely in a new tab. Images load lazily.
 */
function rehypeLinks(options: { resolve: (href: string) => string | null; resolveImage?: ((src: string) => ResolvedImage | null) | undefined }) {
  return (tree: HastRoot) => resolveLinks(tree, options.resolve, options.resolveImage);
}

/**
 * The pipeline's last step (`rehypeLinks`) on its own, for a tree of `bodyProcessor`: one body's tree serves
 * several pages, each with its own link targets. Changes `tree` in place.
 */
export function resolveLinks(
  tree: HastRoot,
  resolve: (href: string) => string | null,
  resolveImage: ((src: string) => ResolvedImage | null) | undefined,
): HastRoot {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'img') {
      const src = node.properties.src;
      const image = typeof src === 'string' ? resolveImage?.(src) : null;
      // Width and height from the file reserve the image's space before it loads (no layout shift).
      const size = image && image.width !== null && image.height !== null ? { width: image.width, height: image.height } : {};
      node.properties = { ...node.properties, ...(image ? { src: image.src, ...size } : {}), loading: 'lazy', decoding: 'async' };
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
    const resolved = resolve(href);
    if (resolved !== null) node.properties.href = resolved;
  });
  return tree;
}

/** Where an image is served and its intrinsic size. */
export interface ResolvedImage {
  /** URL with the base path. */
  src: string;
  width: number | null;
  height: number | null;
}

/** Options of the shared pipeline. */
export interface PipelineOptions {
  /** Grammars to register, by highlight.js name. */
  grammars: Record<string, LanguageFn>;
  /** Internal link resolver: returns the final href, or null to leave it. */
  resolveLink: (href: string) => string | null;
  /** Receives each heading (the build collects them; the shell ignores them). */
  onHeading?: (heading: HeadingInfo) => void;
  /** Image resolver: where an image `src` is served and its size, or null to leave it. */
  resolveImage?: (src: string) => ResolvedImage | null;
  /** Receives each directive that is no admonition (the build warns). */
  onUnknownDirective?: (directive: UnknownDirective) => void;
  /**
   * Set when pages are read as MDX (`markdown.format`): the MDX step's options, which the caller may change
   * between pages (the page's source and front matter).
   */
  mdx?: MdxOptions;
  /** Receives what the sanitizer removed from what the author wrote (the build warns). */
  onSanitized?: (removal: SanitizeRemoval) => void;
  /** The site's magic comments (`markdown.magicComments`), which the caller may change between pages; the defaults without it. */
  codeLines?: CodeLineOptions;
  /** The site's admonition keywords (`markdown.admonitions`); Docusaurus's own without it. */
  admonitions?: AdmonitionOptions;
  /** The site's own plugins (`markdown.remarkPlugins`, `rehypePlugins`), loaded: remark ones after these, rehype ones before the sanitizer. */
  sitePlugins?: { remark: PluggableList; rehype: PluggableList };
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
function remarkPlugins(options: BodyOptions): PluggableList {
  return [
    remarkGfm,
    remarkDirective,
    ...(options.mdx ? ([[remarkMdxContent, options.mdx]] as PluggableList) : []),
    [remarkAdmonitions, { onUnknownDirective: options.onUnknownDirective, admonitions: options.admonitions }],
    [remarkHeadingIds, { onHeading: options.onHeading }],
    remarkCodeTabs,
    [remarkMagicComments, options.codeLines ?? { magicComments: DEFAULT_MAGIC_COMMENTS }],
    ...(options.mdx ? [remarkInlineTocs] : []),
    ...(options.sitePlugins?.remark ?? []),
  ];
}

/** Fills MDX's `<TOCInline>` placeholders with the page's headings, once they have their ids. */
function remarkInlineTocs() {
  return (tree: MdastRoot) => {
    const headings: { depth: number; id: string; text: string }[] = [];
    visit(tree, 'heading', (node: Heading) => {
      const id = node.data?.hProperties?.id;
      if (typeof id === 'string') headings.push({ depth: node.depth, id, text: toString(node).replace(/\s+/g, ' ').trim() });
    });
    fillInlineTocs(tree, headings);
  };
}

/** What the pipeline up to its link step takes: all of `PipelineOptions` but the resolvers. */
export type BodyOptions = Omit<PipelineOptions, 'resolveLink' | 'resolveImage'>;

/**
 * The raw HTML of a CommonMark page (`<details>`, `<a name>`, `<div class>`) parsed into elements, so the sanitizer
 * keeps or removes it, and says so, like any other markup. A tree without any is left as it is: the parse walks it all.
 */
function rehypeRawHtml() {
  const parse = rehypeRaw();
  return (tree: HastRoot, file: VFile): HastRoot => {
    let found = false;
    visit(tree, 'raw', () => {
      found = true;
      return EXIT;
    });
    return found ? parse(tree, file) : tree;
  };
}

/** The rehype plugins, in order: the last, `rehypeLinks`, where there is a link resolver. */
function rehypePlugins(options: PipelineOptions | BodyOptions): PluggableList {
  const plugins: PluggableList = [
    // In MDX, markup is JSX, which the MDX step turned into elements already.
    ...(options.mdx ? [] : [rehypeRawHtml]),
    // What the site's plugins add is held to the same policy as what authors write.
    ...(options.sitePlugins?.rehype ?? []),
    [rehypeSanitizeReported, { onRemoved: options.onSanitized, sitePlugins: Boolean(options.sitePlugins) }],
    [rehypeHighlight, { languages: options.grammars, aliases: aliasesFor(options.grammars), plainText: PLAIN_LANGUAGES, detect: false }],
    rehypeCodeBlocks,
  ];
  return 'resolveLink' in options ? [...plugins, [rehypeLinks, { resolve: options.resolveLink, resolveImage: options.resolveImage }]] : plugins;
}

/** mdast's code as hast's `<pre><code>`, the code element holding the classes of its marked lines (`remarkMagicComments`). */
const codeHandler: typeof defaultHandlers.code = (state, node) => {
  const pre = defaultHandlers.code(state, node);
  const lineClasses = node.data?.lineClasses;
  const code = pre.children[0];
  if (lineClasses && code?.type === 'element') code.data = { ...code.data, lineClasses };
  return pre;
};

const processorFor = (options: PipelineOptions | BodyOptions) =>
  unified()
    .use(remarkParse)
    // MDX has no HTML comments; Docusaurus reads them all the same, and so does this pipeline.
    .use(options.mdx ? ([remarkMdx, [remarkComment, { ast: true }]] as PluggableList) : [])
    .use(remarkPlugins(options))
    .use(remarkRehype, { allowDangerousHtml: !options.mdx, handlers: { code: codeHandler } })
    .use(rehypePlugins(options));

/** The whole pipeline as one unified processor: markdown in, hast out (react-markdown's steps, same plugins). */
export function markdownProcessor(options: PipelineOptions) {
  return processorFor(options);
}

/**
 * The pipeline but its last step: hast with links and images as written, which `resolveLinks` finishes for
 * each page (the build parses a body once for every page that has it).
 */
export function bodyProcessor(options: BodyOptions) {
  return processorFor(options);
}

/**
 * Markdown to mdast and hast with `processor`, the way both sides must call it:
 * admonition titles rewritten first (`prepareMarkdown`), and the source handed
 * to the plugins so stray directives are put back exactly as written.
 */
export function runMarkdown(processor: ReturnType<typeof markdownProcessor>, markdown: string, mdx = false): { mdast: MdastRoot; hast: HastRoot } {
  const source = prepareMarkdown(markdown, mdx);
  const mdast = processor.parse(source);
  // `runSync` transforms the mdast in place: callers read it afterwards (links keep their positions).
  const hast = processor.runSync(mdast, source) as HastRoot;
  return { mdast, hast };
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
