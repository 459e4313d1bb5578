/**
 * Partials: markdown files whose name (or a folder's above it) starts with `_`, which are never pages but are inlined
 * where an MDX page imports them (`manifest/mdx.ts`). The build reads them from the disk with the pages that import
 * them, and a page's key names their text, so a changed partial renders its pages again.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinContent } from '../manifest/mdx';

/**
 * An import of a partial (`import Note from './_note.md'`): its path as written, where a formatter may have escaped
 * the `_` (`'./\_note.md'`, the same string to JavaScript), or put the import after another on its line and broken
 * it over two (`import A from './_a.md'; import\nB from './_b.md';`). A scan for which files to hand the renderer with
 * the page; the renderer parses the import itself.
 */
const PARTIAL_IMPORT = /(?:^|;)[ \t]*import\s[^'"]*?\bfrom\s+['"](\.[^'"]*\/\\?_[^'"/]+\.mdx?)['"]/gm;

/** A partial's markdown without its front matter, or null when there is no such file (or it is a symbolic link). */
export function readPartial(contentDir: string, rel: string): string | null {
  try {
    const path = join(contentDir, rel);
    if (lstatSync(path).isSymbolicLink()) return null;
    return readFileSync(path, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
  } catch {
    return null;
  }
}

/** The partials a page at `rel` imports, and those they import, by path below `content/` (`MdxPage.partials`). */
export function partialsOf(contentDir: string, rel: string, body: string): Record<string, string | null> | undefined {
  if (!body.includes('/_') && !body.includes('/\\_')) return undefined;
  const out: Record<string, string | null> = {};
  const queue: [string, string][] = [[rel, body]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [from, text] = next;
    for (const match of text.matchAll(PARTIAL_IMPORT)) {
      const target = joinContent(from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '', match[1]!.replace(/\\(.)/g, '$1'));
      if (target === null || Object.hasOwn(out, target)) continue;
      const markdown = readPartial(contentDir, target);
      out[target] = markdown;
      if (markdown !== null) queue.push([target, markdown]);
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A digest of the text of the partials a page imports (and those they import), or undefined when it imports none:
 * part of the page's key (`SourceFile.partials`).
 */
export function partialsDigest(contentDir: string, rel: string, body: string): string | undefined {
  const partials = partialsOf(contentDir, rel, body);
  return partials && createHash('sha256').update(JSON.stringify(partials)).digest('hex');
}
