/**
 * Renders one markdown body with the shared pipeline (`manifest/markdown.ts`):
 * static HTML, headings, the links to validate, code languages and the
 * DocSearch-shaped sections of the page.
 */
import type { LanguageFn } from 'highlight.js';
import { toHtml } from 'hast-util-to-html';
import type { Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { GRAMMARS, loadGrammars } from '../../manifest/highlight';
import { type HeadingInfo, markdownProcessor, type ResolvedImage, runMarkdown, sanitizeUrls, type UnknownDirective } from '../../manifest/markdown';
import { INDEXED_SECTION_CHARS } from '../../manifest/localSearch';
import { searchText } from './search';

/** A link found in the source, for validation. */
interface FoundLink {
  url: string;
  /** Line relative to the body (1-based). */
  line: number;
  image: boolean;
}

/** A block of searchable text under a heading path. */
export interface Section {
  /** Headings above the text: index 0 is h2, 1 is h3 … */
  path: { text: string; id: string; depth: number }[];
  /** Plain text, or null for the heading record itself. */
  text: string | null;
}

/** The text of one part of a page for the local index: its lead, or a heading's section. */
export interface SearchPart {
  /** Index of the part's heading in `Rendered.headings`, or -1 for the text before the first. */
  heading: number;
  /** Its prose (paragraphs, lists, tables, quotes), cut at `INDEXED_SECTION_CHARS`. */
  text: string;
  /** Its code blocks (diagrams left out), cut likewise. */
  code: string;
}

/** What rendering one page yields. */
export interface Rendered {
  html: string;
  headings: HeadingInfo[];
  h1: string | null;
  firstParagraph: string | null;
  links: FoundLink[];
  codeLanguages: string[];
  hasMermaid: boolean;
  sections: Section[];
  /** The page's lead and each heading's section, for the local index (`src/build/search.ts`). */
  searchParts: SearchPart[];
  /** Directives that are no admonition (`:::details`), for the build's warnings; lines relative to the body. */
  unknownDirectives: UnknownDirective[];
  /**
   * Every link and image the rendering resolved, with what it resolved to
   * (`renderJob` records them): all it took from the route table and the files,
   * so a later build can tell whether it still holds.
   */
  resolved?: { links: [string, string | null][]; images: [string, string][] };
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
    sections.push({ path: [...stack], text: text.length > MAX_SECTION_TEXT ? text.slice(0, MAX_SECTION_TEXT - 1) + '…' : text });
  };
  tree.children.forEach(visitBlock);
  return { sections, searchParts };
}

/** `text` and `more` with a space between, cut at `INDEXED_SECTION_CHARS`. */
function appendCapped(text: string, more: string): string {
  if (text.length >= INDEXED_SECTION_CHARS) return text;
  return (text ? `${text} ${more}` : more).slice(0, INDEXED_SECTION_CHARS);
}

/** A renderer bound to a set of grammars; `render()` is reused for every page. */
function createRenderer(grammars: Record<string, LanguageFn>) {
  let headings: HeadingInfo[] = [];
  let unknownDirectives: UnknownDirective[] = [];
  let resolve: (href: string) => string | null = () => null;
  let resolveImg: (src: string) => ResolvedImage | null = () => null;
  const options = {
    grammars,
    resolveLink: (href: string) => resolve(href),
    resolveImage: (src: string) => resolveImg(src),
    onHeading: (h: HeadingInfo) => headings.push(h),
    onUnknownDirective: (d: UnknownDirective) => unknownDirectives.push(d),
  };
  const processor = markdownProcessor(options);

  return function render(body: string, resolveLink: (href: string) => string | null, resolveImage: (src: string) => ResolvedImage | null = () => null): Rendered {
    headings = [];
    unknownDirectives = [];
    resolve = resolveLink;
    resolveImg = resolveImage;
    const { mdast, hast: rawHast } = runMarkdown(processor, body);
    const links: FoundLink[] = [];
    const langs = new Set<string>();
    let firstParagraph: string | null = null;
    visit(mdast, (node) => {
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        links.push({ url: node.url, line: node.position?.start.line ?? 0, image: node.type === 'image' });
      } else if (node.type === 'code' && node.lang) {
        langs.add(node.lang);
      } else if (node.type === 'paragraph' && firstParagraph === null && !node.data?.hName) {
        firstParagraph = toString(node).replace(/\s+/g, ' ').trim() || null;
      }
    });
    // The shell filters URLs the same way (react-markdown's filter drops `javascript:` and friends).
    const hast = sanitizeUrls(rawHast);
    const h1 = headings.find((h) => h.depth === 1)?.text ?? null;
    return {
      html: toHtml(hast),
      headings: headings.filter((h) => h.depth > 1),
      h1,
      firstParagraph,
      links,
      codeLanguages: [...langs].sort(),
      hasMermaid: langs.has('mermaid'),
      ...collectSections(mdast as MdastRoot, headings),
      unknownDirectives,
    };
  };
}

/** A renderer: `render(body, resolveLink)`. */
export type Renderer = ReturnType<typeof createRenderer>;

/** A renderer with every grammar the build highlights. */
export async function loadRenderer(): Promise<Renderer> {
  return createRenderer(await loadGrammars(Object.keys(GRAMMARS)));
}
