/**
 * Reads `content/`: markdown files with their front matter, `_category_.json`
 * files and static assets. Validates front matter with file and line.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import { BuildError, type ProblemLog } from './errors';

/** Front matter fields this site understands (Docusaurus's names). */
export interface FrontMatter {
  id?: string;
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  draft?: boolean;
  pagination_prev?: string | null;
  pagination_next?: string | null;
}

/** A markdown source file. */
export interface SourceFile {
  /** Path relative to `content/`, POSIX separators: `docs/fundamentals/cms.md`. */
  rel: string;
  /** Path relative to the project, for messages: `content/docs/fundamentals/cms.md`. */
  display: string;
  /** Whole file text. */
  raw: string;
  /** Markdown body after the front matter. */
  body: string;
  /** Line of the body's first line in the file (front matter lines come first). */
  bodyLine: number;
  /** Validated front matter. */
  data: FrontMatter;
  /** SHA-256 of the file text. */
  hash: string;
  /** Modification time, ISO 8601. */
  mtime: string;
}

/** A `_category_.json`. */
export interface CategoryFile {
  /** Folder relative to `content/docs`: `fundamentals`. */
  dir: string;
  display: string;
  label?: string;
  position?: number;
  collapsed?: boolean;
  collapsible?: boolean;
  link?: { type: 'generated-index'; description?: string; slug?: string; title?: string } | { type: 'doc'; id: string } | null;
}

type FieldType = 'string' | 'number' | 'boolean' | 'string[]' | 'string|null';

const FIELDS: Record<keyof FrontMatter, FieldType> = {
  id: 'string',
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  slug: 'string',
  description: 'string',
  keywords: 'string[]',
  image: 'string',
  hide_table_of_contents: 'boolean',
  toc_min_heading_level: 'number',
  toc_max_heading_level: 'number',
  draft: 'boolean',
  pagination_prev: 'string|null',
  pagination_next: 'string|null',
};

/** Docusaurus front matter keys that are accepted and ignored. */
const IGNORED_KEYS = new Set(['tags', 'custom_edit_url', 'last_update', 'sidebar_class_name', 'sidebar_custom_props', 'displayed_sidebar', 'unlisted', 'parse_number_prefixes', 'hide_title']);

const typeMatches = (value: unknown, type: FieldType): boolean => {
  switch (type) {
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
};

const described = (type: FieldType) =>
  ({ 'string[]': 'a list of strings', 'string|null': 'a doc id or null', number: 'a number', boolean: 'true or false', string: 'a string' })[type];

/** Line of `key:` inside the front matter block (1-based file line), or 1. */
function keyLine(raw: string, key: string): number {
  const lines = raw.split('\n');
  for (let i = 1; i < lines.length && lines[i] !== '---'; i++) {
    if (lines[i]!.startsWith(`${key}:`)) return i + 1;
  }
  return 1;
}

/** Parses and validates a markdown file's front matter; problems go to `log`. */
export function parseSource(rel: string, raw: string, mtime: string, log: ProblemLog): SourceFile | null {
  const display = `content/${rel}`;
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by input string; a fresh options object disables that.
    parsed = matter(raw, {});
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    log.error(display, (mark?.line ?? 0) + 1, `front matter is not valid YAML (${reason}). Fix the YAML between the \`---\` lines.`);
    return null;
  }
  const data: Record<string, unknown> = parsed.data;
  for (const [key, value] of Object.entries(data)) {
    const type = FIELDS[key as keyof FrontMatter];
    if (!type) {
      if (!IGNORED_KEYS.has(key)) {
        log.error(display, keyLine(raw, key), `front matter field \`${key}\` is unknown. Known fields: ${Object.keys(FIELDS).join(', ')}.`);
      }
      continue;
    }
    if (!typeMatches(value, type)) {
      log.error(display, keyLine(raw, key), `front matter \`${key}\` must be ${described(type)}, got \`${JSON.stringify(value)}\`.`);
    }
  }
  const body = parsed.content;
  const bodyLine = raw.split('\n').length - body.split('\n').length + 1;
  return {
    rel,
    display,
    raw,
    body,
    bodyLine,
    data: data as FrontMatter,
    hash: createHash('sha256').update(raw).digest('hex'),
    mtime,
  };
}

/** Rejects MDX syntax (`import`/`export` lines, JSX tags) outside code fences. */
export function checkPlainMarkdown(file: SourceFile, log: ProblemLog): void {
  let fence: string | null = null;
  file.body.split('\n').forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) return;
    const at = file.bodyLine + i;
    if (/^(import|export)\s/.test(line)) {
      log.error(file.display, at, `MDX \`${line.split(/\s/)[0]}\` statements are not supported. This site renders plain markdown: remove the line, or rename the file to \`.md\` after removing its MDX.`);
    } else if (/^\s*<[A-Z][\w.]*[\s/>]/.test(line) || /^\s*<>\s*$/.test(line)) {
      log.error(file.display, at, `JSX elements are not supported (\`${line.trim().slice(0, 40)}\`). Use plain markdown instead of MDX components.`);
    }
  });
}

/** Every file below `dir`, as POSIX paths relative to `root`, sorted. */
export function walk(dir: string, root: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries.sort()) {
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, root));
    else out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

/** Reads and checks a `_category_.json`. */
export function readCategory(contentDir: string, rel: string, log: ProblemLog): CategoryFile | null {
  const display = `content/${rel}`;
  const dir = rel.replace(/^docs\/?/, '').replace(/\/?_category_\.json$/, '');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(join(contentDir, rel), 'utf8'));
  } catch (error) {
    log.error(display, 0, `is not valid JSON (${(error as Error).message}). Fix the syntax.`);
    return null;
  }
  if (typeof json !== 'object' || json === null) {
    log.error(display, 0, 'must hold a JSON object such as `{ "label": "Guides", "position": 2 }`.');
    return null;
  }
  const c = json as Record<string, unknown>;
  const checks: [string, string][] = [['label', 'string'], ['position', 'number'], ['collapsed', 'boolean'], ['collapsible', 'boolean']];
  for (const [key, type] of checks) {
    if (c[key] !== undefined && typeof c[key] !== type) log.error(display, 0, `\`${key}\` must be a ${type}, got \`${JSON.stringify(c[key])}\`.`);
  }
  const link = c.link as Record<string, unknown> | null | undefined;
  if (link && link.type !== 'generated-index' && !(link.type === 'doc' && typeof link.id === 'string')) {
    log.error(display, 0, `\`link\` must be \`{ "type": "generated-index", "description": "..." }\` or \`{ "type": "doc", "id": "..." }\`, got \`${JSON.stringify(link)}\`.`);
  }
  return { ...(c as Omit<CategoryFile, 'dir' | 'display'>), dir, display };
}

/** Reads a file or fails the build naming it. */
export function readText(path: string, display: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new BuildError(`Cannot read \`${display}\`: ${(error as Error).message}`, [], { cause: error });
  }
}
