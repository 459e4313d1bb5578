/**
 * Docusaurus's magic comments: a comment on a line of its own in a code block (`// highlight-next-line`,
 * `# highlight-start` … `# highlight-end`) names lines to mark with a class, and is taken out of the code. A site's
 * configuration may name its own (`markdown.magicComments`); these are the defaults.
 */
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { MagicComment } from './siteConfigSchema';

/** Docusaurus's class for a highlighted line, which its default magic comments and a fence's `{1,3-5}` give. */
export const HIGHLIGHTED_LINE_CLASS = 'theme-code-block-highlighted-line';

/** The class the site's stylesheet gives a highlighted line (`src/styles.css`). */
const SITE_HIGHLIGHT = 'code-line--highlighted';

/** Docusaurus's default magic comments, used unless the configuration names others. */
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [
  { className: HIGHLIGHTED_LINE_CLASS, line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
];

/**
 * What the pipeline reads the magic comments from. The caller may change `magicComments` between pages (the build's
 * renderer serves sites with different configurations).
 */
export interface CodeLineOptions {
  magicComments: readonly MagicComment[];
}

/** The classes of a code block's lines, by 1-based line of the code as shown; `code.data.lineClasses` holds it. */
type LineClasses = Record<number, string[]>;

declare module 'mdast' {
  interface CodeData {
    /** The classes of marked lines, which the hast code element takes (`codeHandler`). */
    lineClasses?: LineClasses;
  }
}

declare module 'hast' {
  interface ElementData {
    /** On a code element: the classes of its marked lines, which the code block's line spans get. */
    lineClasses?: LineClasses;
  }
}

/**
 * The classes a line marked with `className` gets: those written, and with Docusaurus's highlight the site's own, which
 * the stylesheet styles (a site's CSS written for Docusaurus finds its class still there).
 */
const classesOf = (className: string): string[] => className.split(' ').flatMap((c) => (c === HIGHLIGHTED_LINE_CLASS ? [SITE_HIGHLIGHT, c] : [c]));

const escapeRegExp = (word: string) => word.replace(/[-\\^$.*+?()[\]{}|/]/g, '\\$&');

/** What a line that is only a magic comment does: the line after it, or a block's start or end, for a class. */
type Directive = { kind: 'line' | 'start' | 'end'; className: string };

/**
 * A reader of the lines that are only a magic comment, in any language's comment syntax (`//`, `#`, `--`, `;`, `%`,
 * `/* … *\/`, `<!-- … -->`, `{/* … *\/}`).
 */
function directives(comments: readonly MagicComment[]): { mentioned: (code: string) => boolean; read: (line: string) => Directive[] | null } | null {
  const byWord = new Map<string, Directive[]>();
  const add = (word: string, directive: Directive) => byWord.set(word, [...(byWord.get(word) ?? []), directive]);
  for (const c of comments) {
    if (c.line) add(c.line, { kind: 'line', className: c.className });
    if (c.block) {
      add(c.block.start, { kind: 'start', className: c.className });
      add(c.block.end, { kind: 'end', className: c.className });
    }
  }
  if (byWord.size === 0) return null;
  const words = [...byWord.keys()].map(escapeRegExp).join('|');
  const pattern = new RegExp(`^\\s*(?://|#|--|;|%|/\\*|<!--|\\{/\\*)\\s*(${words})\\s*(?:\\*/\\}?|-->)?\\s*$`);
  return {
    // Most code blocks have no magic comment: they are not read line by line.
    mentioned: (code) => [...byWord.keys()].some((word) => code.includes(word)),
    read: (line) => {
      const word = pattern.exec(line)?.[1];
      return word === undefined ? null : (byWord.get(word) ?? null);
    },
  };
}

/**
 * The most lines a fence's `{…}` names when the code's length is not known: a range past it (`{1-99999999}`) would
 * otherwise cost the build its memory.
 */
const MAX_META_LINE = 10_000;

/** The lines a fence's meta names (`{1,3-5}`), in the order written, from 1 up to `last`. */
export function metaLines(meta: string, last: number = MAX_META_LINE): number[] {
  const range = /\{([\d,\s-]+)\}/.exec(meta);
  const lines: number[] = [];
  for (const part of range?.[1]?.split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    const end = Math.min(to === undefined || Number.isNaN(to) ? from : to, last);
    for (let n = Math.max(from, 1); n <= end; n++) lines.push(n);
  }
  return lines;
}

/**
 * The magic comments' step: their lines are taken out of the code, and the lines they name, with those a fence's
 * `{1,3-5}` names (marked with the first magic comment's class, as Docusaurus does), get their classes in
 * `code.data.lineClasses`.
 */
export function remarkMagicComments(options: CodeLineOptions) {
  return (tree: Root) => {
    const comments = directives(options.magicComments);
    const metaClass = options.magicComments[0]?.className ?? HIGHLIGHTED_LINE_CLASS;
    visit(tree, 'code', (node: Code) => {
      if (node.lang === 'mermaid') return;
      const classes: LineClasses = {};
      const mark = (line: number, className: string) => {
        const list = (classes[line] ??= []);
        for (const c of classesOf(className)) if (!list.includes(c)) list.push(c);
      };
      const source = node.value.split('\n');
      const kept: string[] = [];
      const read = comments?.mentioned(node.value) ? comments.read : null;
      if (read) {
        const next = new Set<string>();
        const open = new Map<string, number>();
        for (const line of source) {
          const found = read(line);
          if (!found) {
            kept.push(line);
            for (const className of next) mark(kept.length, className);
            for (const [className, depth] of open) if (depth > 0) mark(kept.length, className);
            next.clear();
            continue;
          }
          for (const { kind, className } of found) {
            if (kind === 'line') next.add(className);
            else open.set(className, Math.max(0, (open.get(className) ?? 0) + (kind === 'start' ? 1 : -1)));
          }
        }
        if (kept.length !== source.length) node.value = kept.join('\n');
      }
      for (const line of metaLines(node.meta ?? '', read ? kept.length : source.length)) mark(line, metaClass);
      if (Object.keys(classes).length > 0) node.data = { ...node.data, lineClasses: classes };
    });
  };
}
