/**
 * Renders one markdown body with the shared pipeline (`manifest/markdown.ts`):
 * static HTML, headings, the links to validate, code languages and the
 * DocSearch-shaped sections of the page.
 */
import { createHash } from 'node:crypto';
import type { Element, Properties, Root as HastRoot } from 'hast';
import type { LanguageFn } from 'highlight.js';
import { toHtml } from 'hast-util-to-html';
import type { Code, Html, Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { GRAMMARS, loadGrammars } from '../manifest/highlight';
import {
  bodyProcessor,
  type HeadingInfo,
  prepareMarkdown,
  type ResolvedImage,
  resolveLinks,
  runMarkdown,
  sanitizeUrls,
  type AdmonitionOptions,
  type UnknownDirective,
} from '../manifest/markdown';
import { admonitionKeywords } from '../manifest/admonitions';
import { loadSitePlugins, type SitePlugins } from './sitePlugins';
import type { PluggableList } from 'unified';
import { INDEXED_SECTION_CHARS } from '../manifest/localSearch';
import type { MdxOptions, MdxProblem } from '../manifest/mdx';
import { DEFAULT_MAGIC_COMMENTS, type CodeLineOptions } from '../manifest/magicComments';
import type { MagicComment } from '../manifest/siteConfigSchema';
import { searchText, type SearchPart, type Section } from './search';
import { cutText } from '../manifest/cutText';
import type { SiteComponents } from '../manifest/siteComponents';
import { loadSiteComponents, renderSiteComponents, type LoadedSiteComponents } from './siteComponentsRender';

/** A link found in the source, for validation. */
interface FoundLink {
  url: string;
  /** Line relative to the body (1-based). */
  line: number;
  image: boolean;
}

/** What rendering one page yields. */
export interface Rendered {
  html: string;
  /** SHA-256 (hex) of `html`: the page's article is kept under it (`assembleManifest`). */
  htmlHash: string;
  headings: HeadingInfo[];
  h1: string | null;
  firstParagraph: string | null;
  links: FoundLink[];
  codeLanguages: string[];
  hasMermaid: boolean;
  sections: Section[];
  /** The page's lead and each heading's section, for the local index (`node/search.ts`). */
  searchParts: SearchPart[];
  /**
   * What the page's search products are kept under: a hash of `sections` and `searchParts`, and how many
   * sections there are (a page has a DocSearch record for each, and one of its own). Builds that take the
   * rendering from the render cache on disk read neither array unless a product is missing (`renderCache.ts`).
   */
  search: { hash: string; sections: number };
  /** Directives that are no admonition (`:::details`), for the build's warnings; lines relative to the body. */
  unknownDirectives: UnknownDirective[];
  /**
   * What the page's MDX and the sanitizer found: expressions that would run code and MDX it cannot read (errors),
   * components shown as their children and markup removed (warnings); lines relative to the body.
   */
  mdxProblems?: MdxProblem[];
  /** Code blocks whose fence is never closed (each shows the rest of its file, or of its list item or quote, as code): the fence and its line in the body. */
  unclosedFences?: { line: number; fence: string }[];
  /**
   * Where the body's HTML comments are (`[start, end)` offsets in the body), when it has any: the page
   * leaves them out, and so does the markdown the build publishes (`publishedMarkdown`).
   */
  comments?: [number, number][];
  /**
   * Every link and image the rendering resolved, with what it resolved to
   * (`renderJob` records them): all it took from the route table and the files,
   * so a later build can tell whether it still holds.
   */
  resolved?: { links: [string, string | null][]; images: [string, string][] };
  /** The partials the page inlined, by path below `content/`, with the hash of the markdown it inlined (`''` for one missing). */
  partials?: [string, string][];
}

/** Longest text of a content search record. */
const MAX_SECTION_TEXT = 320;

/** Collects sections of searchable text from the top-level blocks: DocSearch's records, and the local index's parts. */
function collectSections(tree: MdastRoot, headings: HeadingInfo[]): { sections: Section[]; searchParts: SearchPart[] } {
  const sections: Section[] = [];
  const stack: Section['path'] = [];
  let headingIndex = 0;
  let part: SearchPart = { heading: -1, text: '', code: '' };
  const searchParts: SearchPart[] = [part];
  const visitBlock = (node: RootContent) => {
    if (node.type === 'heading') {
      const info = headings[headingIndex++];
      if (!info || node.depth === 1) return;
      while (stack.length && stack[stack.length - 1]!.depth >= node.depth) stack.pop();
      stack.push({ text: info.text, id: info.id, depth: node.depth });
      sections.push({ path: [...stack], text: null });
      part = { heading: part.heading + 1, text: '', code: '' };
      searchParts.push(part);
      return;
    }
    if (node.type === 'code') {
      if (node.lang !== 'mermaid') part.code = appendCapped(part.code, node.value);
      return;
    }
    if (node.type === 'html' || node.type === 'definition' || node.type === 'thematicBreak') return;
    if (node.type === 'list') {
      for (const item of node.children) addText(searchText(item));
      return;
    }
    addText(searchText(node));
  };
  const addText = (raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text.length < 3) return;
    part.text = appendCapped(part.text, text);
    sections.push({ path: [...stack], text: text.length > MAX_SECTION_TEXT ? cutText(text, MAX_SECTION_TEXT - 1) + '…' : text });
  };
  tree.children.forEach(visitBlock);
  return { sections, searchParts };
}

/** `text` and `more` with a space between, cut at `INDEXED_SECTION_CHARS`. */
function appendCapped(text: string, more: string): string {
  if (text.length >= INDEXED_SECTION_CHARS) return text;
  return cutText(text ? `${text} ${more}` : more, INDEXED_SECTION_CHARS);
}

/** An HTML comment, or one left open, which runs to the end of its block. */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Start offsets of the lines of `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The offsets in `body` of the comments in the HTML nodes of its tree. The tree's positions are in
 * `prepareMarkdown`'s text, which differs from the body only on admonition title lines: there a
 * comment is looked up by its text on the body's line.
 */
function commentRanges(body: string, nodes: Html[], mdx: boolean): [number, number][] {
  const source = prepareMarkdown(body, mdx);
  const same = source === body;
  const sourceLines = same ? [] : lineStarts(source);
  const bodyLines = same ? [] : lineStarts(body);
  const lineText = (text: string, starts: number[], i: number) => text.slice(starts[i], (starts[i + 1] ?? text.length + 1) - 1);
  // Where the comment `text` at a source offset is in the body, or null when it cannot be told.
  const toBody = (offset: number, text: string): number | null => {
    if (same) return offset;
    let lo = 0;
    let hi = sourceLines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sourceLines[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const line = lineText(body, bodyLines, lo);
    if (lineText(source, sourceLines, lo) === line) return bodyLines[lo]! + offset - sourceLines[lo]!;
    const at = line.indexOf(text);
    return at >= 0 && line.indexOf(text, at + 1) < 0 ? bodyLines[lo]! + at : null;
  };
  const ranges: [number, number][] = [];
  for (const node of nodes) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    for (const match of source.slice(start, end).matchAll(COMMENT)) {
      const from = toBody(start + match.index, match[0]);
      if (from !== null && body.startsWith(match[0], from)) ranges.push([from, from + match[0].length]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The fenced code blocks among `nodes` whose fence no line closes, by the body's lines. */
function unclosedFences(body: string, nodes: Code[]): { line: number; fence: string }[] {
  const starts = lineStarts(body);
  const lineText = (line: number) => body.slice(starts[line - 1], (starts[line] ?? body.length + 1) - 1);
  const out: { line: number; fence: string }[] = [];
  for (const node of nodes) {
    const start = node.position?.start;
    const end = node.position?.end;
    if (!start || !end) continue;
    const fence = /^(`{3,}|~{3,})/.exec(lineText(start.line).slice(start.column - 1))?.[1];
    if (!fence) continue;
    const close = end.line > start.line ? /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(lineText(end.line).slice(0, end.column - 1))?.[1] : undefined;
    if (!close || close[0] !== fence[0] || close.length < fence.length) out.push({ line: start.line, fence });
  }
  return out;
}

/** `Rendered.unclosedFences`, when there are any. */
function unclosedFields(body: string, nodes: Code[]): Pick<Rendered, 'unclosedFences'> {
  if (!nodes.length) return {};
  const found = unclosedFences(body, nodes);
  return found.length ? { unclosedFences: found } : {};
}

/**
 * A body parsed: all of its `Rendered` that is the same on every page with that body, and the tree its
 * HTML is made from, links and images as written (`bodyProcessor`).
 */
export interface ParsedBody {
  fields: Omit<Rendered, 'html' | 'htmlHash' | 'resolved'>;
  tree: HastRoot;
  /** The site's components the body was parsed with, which its page renders into its HTML. */
  siteComponents?: LoadedSiteComponents;
}

/**
 * Renders pages in two steps: `parse`, the costly one, takes the body alone; `page` resolves the links
 * and images of a parsed body for one page and makes its HTML. Pages with the same body share one parse.
 */
export interface Renderer {
  /** `body` parsed, as MDX with `mdx`, the way the site reads pages (`reading`; Docusaurus's defaults without it). */
  parse(body: string, mdx?: MdxPage, reading?: MarkdownReading): ParsedBody;
  /** Loads the site plugins a `reading` names, before the first parse with them. */
  usePlugins(plugins: SitePlugins): Promise<void>;
  /** Loads the site's components a `reading` names, before the first parse with them. */
  useComponents(components: SiteComponents): Promise<void>;
  /** The page of `parsed` with its links and images resolved; `again` leaves `parsed` as it was, for another page. */
  page(
    parsed: ParsedBody,
    resolveLink: (href: string) => string | null,
    resolveImage: (src: string) => ResolvedImage | null,
    again: boolean,
  ): Omit<Rendered, 'resolved'>;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** What of the site's `markdown` settings changes how a body parses beyond its format: its magic comments and admonition keywords. */
export interface MarkdownReading {
  magicComments: readonly MagicComment[];
  admonitions: readonly string[];
  /** The site's own markdown plugins, found (`findSitePlugins`); none when unset. */
  plugins?: SitePlugins;
  /** The site's own components its pages import, bundled (`bundleSiteComponents`); none when no page imports one. */
  components?: SiteComponents;
}

/** A page read as MDX: its source below `content/`, its front matter (`frontMatter.x`) and the partials it imports. */
export interface MdxPage {
  source: string;
  frontMatter: Record<string, unknown>;
  /** The markdown of each partial it (or a partial it inlines) imports, by path below `content/`; null for one that does not exist. */
  partials?: Record<string, string | null>;
}

/** The line and reason of an MDX syntax error (a `VFileMessage` of micromark's MDX extensions), else null. */
function mdxSyntaxError(error: unknown): MdxProblem | null {
  const e = error as { line?: unknown; reason?: unknown; source?: unknown };
  if (typeof e.reason !== 'string' || typeof e.line !== 'number') return null;
  return {
    line: e.line,
    // The reason's own positions count from the body, not the file: the message has the file's line.
    message: `cannot be read as MDX: ${e.reason.replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)/g, '').replace(/\.$/, '')}. In MDX, \`{\` and \`<\` in text start code and tags: escape them (\`\\{\`, \`&lt;\`), or set \`markdown.format\` to \`detect\` in \`site.config.json\` to read \`.md\` files as plain markdown.`,
    error: true,
  };
}

/** How a site that sets none of `MarkdownReading` reads pages. */
const DEFAULT_READING: MarkdownReading = { magicComments: DEFAULT_MAGIC_COMMENTS, admonitions: admonitionKeywords(undefined) };

/** A renderer bound to a set of grammars, reused for every page. */
function createRenderer(grammars: Record<string, LanguageFn>): Renderer {
  let headings: HeadingInfo[] = [];
  let unknownDirectives: UnknownDirective[] = [];
  let mdxProblems: MdxProblem[] = [];
  // The site's magic comments and admonition keywords: set before each parse, as one renderer serves every site of its process.
  const codeLines: CodeLineOptions = { magicComments: DEFAULT_MAGIC_COMMENTS };
  const admonitions: AdmonitionOptions = { keywords: DEFAULT_READING.admonitions };
  const common = {
    grammars,
    codeLines,
    admonitions,
    onHeading: (h: HeadingInfo) => headings.push(h),
    onUnknownDirective: (d: UnknownDirective) => unknownDirectives.push(d),
    onSanitized: (r: { line: number; message: string }) => mdxProblems.push({ ...r, error: false }),
  };
  // The MDX processor's options are the page's: set before each parse.
  const mdxOptions: MdxOptions = {
    scope: { frontMatter: {} },
    source: '',
    onProblem: (p) => mdxProblems.push(p),
    parsePartial: (markdown) => processors.mdx.parse(prepareMarkdown(markdown, true)),
  };
  const pair = (sitePlugins?: { remark: PluggableList; rehype: PluggableList }) => ({
    plain: bodyProcessor({ ...common, ...(sitePlugins ? { sitePlugins } : {}) }),
    mdx: bodyProcessor({ ...common, mdx: mdxOptions, ...(sitePlugins ? { sitePlugins } : {}) }),
  });
  const builtIn = pair();
  // The processors with the site plugins last given (`usePlugins`), by their key: one set at a time, so a process
  // whose site changes its plugins' options keeps none of the old ones.
  let withPlugins: { key: string; processors: ReturnType<typeof pair> } | null = null;
  let processors = builtIn;
  // The site's components last given (`useComponents`), by their key, as the plugins are.
  let withComponents: { key: string; loaded: LoadedSiteComponents } | null = null;

  const run = (body: string, mdx: MdxPage | undefined) => {
    const { plain: processor, mdx: mdxProcessor } = processors;
    if (!mdx) return runMarkdown(processor, body);
    mdxOptions.scope = { frontMatter: mdx.frontMatter };
    mdxOptions.source = mdx.source;
    const partials = mdx.partials ?? {};
    mdxOptions.readPartial = (rel) => partials[rel] ?? null;
    try {
      return runMarkdown(mdxProcessor, body, true);
    } catch (error) {
      const problem = mdxSyntaxError(error);
      if (!problem) throw error;
      mdxProblems.push(problem);
      // Read as CommonMark instead, so the checks that follow see its title, headings and links.
      return runMarkdown(processor, body);
    }
  };

  const usePlugins: Renderer['usePlugins'] = async (plugins) => {
    const key = pluginsKey(plugins);
    if (withPlugins?.key !== key) withPlugins = { key, processors: pair(await loadSitePlugins(plugins)) };
  };

  const useComponents: Renderer['useComponents'] = async (components) => {
    const key = JSON.stringify(components);
    if (withComponents?.key !== key) withComponents = { key, loaded: await loadSiteComponents(components) };
  };

  const parse: Renderer['parse'] = (body, mdx, reading = DEFAULT_READING) => {
    if (!reading.plugins) processors = builtIn;
    else if (withPlugins?.key === pluginsKey(reading.plugins)) processors = withPlugins.processors;
    else throw new Error('the renderer was asked to parse with markdown plugins it was not given (`usePlugins`)');
    let siteComponents: LoadedSiteComponents | undefined;
    if (reading.components) {
      if (withComponents?.key !== JSON.stringify(reading.components))
        throw new Error('the renderer was asked to parse with site components it was not given (`useComponents`)');
      siteComponents = withComponents.loaded;
    }
    mdxOptions.siteComponents = reading.components;
    codeLines.magicComments = reading.magicComments;
    admonitions.keywords = reading.admonitions;
    headings = [];
    unknownDirectives = [];
    mdxProblems = [];
    const { mdast, hast: tree } = run(body, mdx);
    const links: FoundLink[] = [];
    const langs = new Set<string>();
    let firstParagraph: string | null = null;
    const htmlNodes: Html[] = [];
    const codeNodes: Code[] = [];
    // Whether the page's own `# Title` is its title, as Docusaurus reads it: the first heading, if it is an h1 above
    // every thematic break. A page that opens with an h2 shows its front matter's title, and its later h1s as written.
    let ownTitle: boolean | undefined;
    visit(mdast, (node) => {
      if (ownTitle === undefined && (node.type === 'heading' || node.type === 'thematicBreak')) ownTitle = node.type === 'heading' && node.depth === 1;
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        links.push({ url: node.url, line: node.position?.start.line ?? 0, image: node.type === 'image' });
      } else if (node.type === 'html') {
        if (node.value.includes('<!--')) htmlNodes.push(node);
      } else if (node.type === 'code') {
        codeNodes.push(node);
        if (node.lang) langs.add(node.lang);
      } else if (node.type === 'paragraph' && firstParagraph === null && !node.data?.hName) {
        // Without its inline HTML, which the page leaves out (an author's `<!-- note -->` among it).
        firstParagraph = toString(node, { includeHtml: false }).replace(/\s+/g, ' ').trim() || null;
      }
    });
    const h1 = ownTitle ? (headings.find((h) => h.depth === 1)?.text ?? null) : null;
    const { sections, searchParts } = collectSections(mdast as MdastRoot, headings);
    const fields = {
      headings: headings.filter((h) => h.depth > 1),
      h1,
      firstParagraph,
      links,
      codeLanguages: [...langs].sort(),
      hasMermaid: langs.has('mermaid'),
      sections,
      searchParts,
      search: { hash: sha(JSON.stringify([sections, searchParts])), sections: sections.length },
      unknownDirectives,
      ...(mdxProblems.length ? { mdxProblems: mdxProblems.sort((a, b) => a.line - b.line) } : {}),
      ...(htmlNodes.length ? { comments: commentRanges(body, htmlNodes, mdx !== undefined) } : {}),
      ...unclosedFields(body, codeNodes),
    };
    return { fields, tree, ...(siteComponents ? { siteComponents } : {}) };
  };

  const page: Renderer['page'] = (parsed, resolveLink, resolveImage, again) => {
    // What the link step and the URL filter change are the properties of links, images and other elements with a
    // URL: for a next page, those elements get copies of theirs, and their own are put back afterwards.
    const kept: [Element, Properties][] = [];
    if (again)
      visit(parsed.tree, 'element', (node: Element) => {
        if (node.tagName !== 'img' && node.properties.href === undefined && node.properties.src === undefined) return;
        kept.push([node, node.properties]);
        node.properties = { ...node.properties };
      });
    // The shell filters URLs the same way (react-markdown's filter drops `javascript:` and friends).
    const resolved = sanitizeUrls(resolveLinks(parsed.tree, resolveLink, resolveImage));
    // A component's markup is the site's code's, which the browser runs as written: it is added after the sanitizer.
    const problems = [...(parsed.fields.mdxProblems ?? [])];
    const html = parsed.siteComponents
      ? toHtml(renderSiteComponents(resolved, parsed.siteComponents, problems), { allowDangerousHtml: true })
      : toHtml(resolved);
    for (const [node, properties] of kept) node.properties = properties;
    const fields = problems.length ? { ...parsed.fields, mdxProblems: problems.sort((a, b) => a.line - b.line) } : parsed.fields;
    return { html, htmlHash: sha(html), ...fields };
  };

  return { parse, page, usePlugins, useComponents };
}

/** A set of site plugins as a key: the files and options that make them. */
const pluginsKey = (plugins: SitePlugins) => JSON.stringify([plugins.remark, plugins.rehype].map((list) => list.map((p) => [p.file, p.options])));

/** A renderer with every grammar the build highlights. */
export async function loadRenderer(): Promise<Renderer> {
  return createRenderer(await loadGrammars(Object.keys(GRAMMARS)));
}
