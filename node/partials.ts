/**
 * Partials: markdown files an MDX page imports as a component (`import Note from './_note.md'`,
 * `'@site/docs/_note.md'`, or a name without `_`), inlined where the page uses them (`manifest/mdx.ts`). A file whose
 * name (or a folder's above it) starts with `_` is never a page, and neither is one a page imports. The build reads
 * them from the disk with the pages that import them, and a page's key names their text, so a changed partial renders
 * its pages again.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partialTarget } from '../manifest/mdx';

/**
 * An import of a markdown file (`import Note from './_note.md'`, `from '@site/docs/_note.md'`): its path as written,
 * where a formatter may have escaped the `_` (`'./\_note.md'`, the same string to JavaScript), or put the import
 * after another on its line and broken it over two (`import A from './_a.md'; import\nB from './_b.md';`). A scan
 * for which files to hand the renderer with the page; the renderer parses the import itself, and resolves it with
 * the same `partialTarget`.
 */
const PARTIAL_IMPORT = /(?:^|;)[ \t]*import\s[^'"]*?\bfrom\s+['"]((?:\.|@site\/)[^'"]*\.mdx?)['"]/gm;

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

/**
 * The partials a page at `rel` imports, and those they import, by path below the content folder (`MdxPage.partials`).
 * `read` gives a partial's markdown (`readPartial` of the content folder by default; the importer reads the site's).
 */
export function partialsOf(
  contentDir: string,
  rel: string,
  body: string,
  read: (rel: string) => string | null = (target) => readPartial(contentDir, target),
): Record<string, string | null> | undefined {
  if (!/\.mdx?['"]/.test(body)) return undefined;
  const out: Record<string, string | null> = {};
  const queue: [string, string][] = [[rel, body]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [from, text] = next;
    for (const match of text.matchAll(PARTIAL_IMPORT)) {
      const target = partialTarget(from, match[1]!.replace(/\\(.)/g, '$1'));
      if (target === null || Object.hasOwn(out, target)) continue;
      const markdown = read(target);
      out[target] = markdown;
      if (markdown !== null) queue.push([target, markdown]);
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The partials a page imports (and those they import), by path below the content folder, with a digest of their
 * text, part of the page's key (`SourceFile.partials`); undefined when it imports none.
 */
export function partialsDigest(contentDir: string, rel: string, body: string): { digest: string; paths: string[] } | undefined {
  const partials = partialsOf(contentDir, rel, body);
  return partials && { digest: createHash('sha256').update(JSON.stringify(partials)).digest('hex'), paths: Object.keys(partials) };
}
