/**
 * Reads `content/`: markdown files with their front matter, `_category_.json`
 * files and static assets. Validates front matter with file and line.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, statSync, type Stats } from 'node:fs';
import { isMdxSource } from '../manifest/mdx';
import { docsRouteBase } from '../manifest/paths';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { findNodeAtLocation } from 'jsonc-parser';
import { lineAt, loadSiteConfig, readJsonFile, SITE_CONFIG_FILE } from './siteConfigFile';
import { collectFiles, isImageFile, STATIC_FOLDER, type FileTable } from './staticFiles';
import { walk } from './walk';
import { join } from 'node:path';
import matter from 'gray-matter';
import * as v from 'valibot';
import { CategorySchema, FrontMatterSchema, IGNORED_FRONT_MATTER, type Category, type FrontMatter } from './contentSchemas';
import { displayPath, type Problem, type ProblemLog } from './problems';
import { remembered } from './memo';
import { isDocsConfigFile, readVersions, versionOfSource, type DocsVersion } from './versions';
import { partialsDigest } from './partials';
import { currentSidebarsPath, readSidebarsFile, versionedSidebarsFile, type SidebarsFile } from './sidebarsFile';
import { slot, type BuildSession } from './session';
import { pageFolderOf, pageFolders, readLocaleStrings, withLocales, type PageFolder } from './locales';
import { cutText } from '../manifest/cutText';

/** A markdown source file. */
export interface SourceFile {
  /** Path relative to `content/`, POSIX separators: `docs/fundamentals/cms.md`. */
  rel: string;
  /** Path for messages (`displayPath`): `content/docs/fundamentals/cms.md`. */
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
  /** A page read as MDX that imports partials: a digest of their text (`partialsDigest`), which its key names. */
  partials?: string;
  /** The partials it imports (and those import), by path below `content/`: none of them is a page. */
  partialPaths?: string[];
  /** Modification time, ISO 8601. */
  mtime: string;
  /**
   * In a locale other than the default one: the doc or page has no translation, so this is the default locale's file (`display`,
   * its path below `content/` in `source`) standing at the translation's path (`rel`), whose links then resolve within
   * the locale.
   */
  untranslated?: { source: string };
}

/** A `_category_.json`. */
export interface CategoryFile extends Category {
  /** Folder relative to its version's docs folder (`content/docs` for the current docs): `fundamentals`. */
  dir: string;
  /** Its version's name: `current` for `content/docs`. */
  version: string;
  display: string;
}

/**
 * A value of the front matter as JSON, cut short: YAML aliases can make a value of a few lines
 * that JSON would write out in billions of characters (`a: &a [*b, *b, …]`).
 */
function preview(value: unknown): string {
  let budget = 40;
  const text = JSON.stringify(value, (_key, v: unknown) => (budget-- > 0 ? v : undefined)) ?? String(value);
  return text.length > 80 ? `${cutText(text, 79)}…` : text;
}

/** Line of `key:` inside the front matter block (1-based file line), or 1. */
export function keyLine(raw: string, key: string): number {
  const lines = raw.split('\n');
  for (let i = 1; i < lines.length && lines[i] !== '---'; i++) {
    if (lines[i]!.startsWith(`${key}:`)) return i + 1;
  }
  return 1;
}

/**
 * The line a YAML error belongs to. js-yaml notices an unclosed bracket or
 * quote only where the stream ends, after the front matter; the author's
 * mistake is on the line that opened it, so look back for that line.
 */
function yamlErrorLine(raw: string, markLine: number, reason: string): number {
  // gray-matter hands js-yaml the text after `---`, starting with its newline: mark line 0 is the `---` line.
  const line = markLine + 1;
  const opener = /flow collection|missed comma/.test(reason) ? /[[{]/ : /double quoted/.test(reason) ? /:\s*"/ : /single quoted/.test(reason) ? /:\s*'/ : null;
  if (!opener) return line;
  const lines = raw.split('\n');
  for (let i = Math.min(line, lines.length) - 1; i >= 1; i--) if (opener.test(lines[i]!)) return i + 1;
  return line;
}

/** Gray-matter engines other than YAML run or parse code in the front matter; none is accepted. */
const refuse = () => {
  throw new Error('only YAML front matter is accepted');
};
const NO_ENGINES = { js: refuse, javascript: refuse, coffee: refuse, coffeescript: refuse, cson: refuse, json: refuse, toml: refuse };

/**
 * The byte order of UTF-16 text, or null: a byte-order mark says so, or, without one, zero bytes in
 * every other place of the start (ASCII characters in UTF-16), which a binary file does not show.
 */
function utf16Order(bytes: Buffer): 'little-endian' | 'big-endian' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'little-endian';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'big-endian';
  const sample = bytes.subarray(0, 8000);
  if (!sample.includes(0)) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? even++ : odd++;
  const half = sample.length / 2;
  if (half >= 2 && odd > half * 0.7 && even < half * 0.05) return 'little-endian';
  if (half >= 2 && even > half * 0.7 && odd < half * 0.05) return 'big-endian';
  return null;
}

/**
 * Why a markdown file's bytes are not text the build can read, or null: a
 * binary file, or text in another encoding than UTF-8 (which would otherwise
 * turn into U+FFFD characters without a word).
 */
function textProblem(bytes: Buffer): Omit<Problem, 'file'> | null {
  const utf16 = utf16Order(bytes);
  if (utf16) {
    // With a byte-order mark iconv reads the order from it (and drops it); without one it must be told.
    const from = bytes[0]! + bytes[1]! === 0xff + 0xfe ? 'UTF-16' : utf16 === 'little-endian' ? 'UTF-16LE' : 'UTF-16BE';
    return {
      line: 1,
      message: `is UTF-16 text (${utf16}), not UTF-8. Save it as UTF-8: in VS Code, "Save with Encoding" then "UTF-8"; on the command line, \`iconv -f ${from} -t UTF-8 file.md > file.utf8.md\`, then replace the file with it.`,
    };
  }
  if (bytes.subarray(0, 8000).includes(0))
    return { line: 0, message: 'is a binary file, not markdown text. Remove it, or rename it if it is an image or another asset.' };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return null;
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const at = text.indexOf('\uFFFD');
    const line = text.slice(0, Math.max(0, at)).split('\n').length;
    return { line, message: 'is not UTF-8 text (a byte on this line is not valid UTF-8; the file may be Latin-1 or Windows-1252). Save it as UTF-8.' };
  }
}

/** Markdown files longer than this many characters (1 MiB) are built with a warning. */
const LARGE_MARKDOWN = 1_048_576;

/** The last parse of each markdown file without problems, with the file's `stampOf` then, by its path below its content folder. */
type Parsed = Map<string, { file: SourceFile; stamp: string }>;

/**
 * `Parsed` by content folder (absolute path): a rebuild in the same session reads only the files written
 * since, and parses only those whose text changed.
 */
const PARSED = slot<Map<string, Parsed>>('sources:parsed');

/** What `stat` says of a file that changes when it is written: modification time (to the nanosecond on Linux), size and inode. */
const stampOf = (stat: Stats) => `${stat.mtimeMs}:${stat.size}:${stat.ino}`;

/**
 * The last parse of `full` when the file is as it was then (`stampOf`), so a
 * rebuild reads only the files written since (at 10,000 docs, reading them
 * all again took a tenth of a one-file rebuild); else null, and the caller
 * reads it.
 */
function knownSource(parsed: Parsed, rel: string, display: string, stat: Stats): SourceFile | null {
  const known = parsed.get(rel);
  return known && known.stamp === stampOf(stat) && known.file.rel === rel && known.file.display === display ? known.file : null;
}

/** `parseSource`, or the last parse of the same text of the same file. */
function parseSourceOnce(parsed: Parsed, rel: string, raw: string, stat: Stats, log: ProblemLog, display: string): SourceFile | null {
  const mtime = stat.mtime.toISOString();
  const known = parsed.get(rel)?.file;
  const stamp = stampOf(stat);
  if (known && known.raw === raw && known.rel === rel && known.display === display) {
    const file = { ...known, mtime };
    parsed.set(rel, { file, stamp });
    return file;
  }
  const errors = log.errors.length;
  const file = parseSource(rel, raw, mtime, log, display);
  if (file && log.errors.length === errors) parsed.set(rel, { file, stamp });
  else parsed.delete(rel);
  return file;
}

/** How many line feeds `text` has (without splitting it: every build does this for every source). */
function lineBreaks(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** Parses and validates a markdown file's front matter; problems go to `log`. */
function parseSource(rel: string, raw: string, mtime: string, log: ProblemLog, display = `content/${rel}`): SourceFile | null {
  // After a byte-order mark too, which editors on Windows write and gray-matter skips.
  const engine = /^\uFEFF?---([^\r\n]*)\r?\n/.exec(raw)?.[1]?.trim();
  if (engine && !/^ya?ml$/i.test(engine)) {
    log.error(
      display,
      1,
      `front matter \`---${engine}\` is not accepted: only YAML front matter is (other engines run code during the build). Write YAML between plain \`---\` lines.`,
    );
    return null;
  }
  // gray-matter is given the front matter and the two characters after its closing `---`, all it reads: given the
  // whole file, it would hash and copy all of it (its cache's key, its `orig` buffer). The body is what it left
  // of them and the rest of the file.
  const close = raw.indexOf('\n---', 3);
  const head = close === -1 ? raw : raw.slice(0, close + '\n---'.length + 2);
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by input string; a fresh options object disables that.
    parsed = matter(head, { engines: NO_ENGINES });
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    log.error(display, yamlErrorLine(raw, mark?.line ?? 0, reason), `front matter is not valid YAML (${reason}). Fix the YAML between the \`---\` lines.`);
    return null;
  }
  const data: Record<string, unknown> = parsed.data;
  const result = v.safeParse(FrontMatterSchema, data);
  // A field's first issue (a list of strings has one an item): a type's message names what the field must be.
  const problems = new Map<string, string>();
  for (const issue of result.issues ?? []) {
    const field = issue.path?.[0];
    if (!field || problems.has(String(field.key))) continue;
    problems.set(String(field.key), issue.kind === 'schema' ? `must be ${issue.message}, got \`${preview(field.value)}\`.` : issue.message);
  }
  // In the order the fields are written.
  for (const key of Object.keys(data)) {
    if (!Object.hasOwn(FrontMatterSchema.entries, key)) {
      // Docusaurus lets any field through (themes and plugins read their own), so one this site does not read is
      // only named: the page builds without it.
      if (!IGNORED_FRONT_MATTER.has(key)) {
        log.warn(
          display,
          keyLine(raw, key),
          `front matter field \`${key}\` is unknown and ignored. Known fields: ${Object.keys(FrontMatterSchema.entries).join(', ')}.`,
        );
      }
    } else if (problems.has(key)) {
      log.error(display, keyLine(raw, key), `front matter \`${key}\` ${problems.get(key)}`);
    }
  }
  const body = parsed.content + raw.slice(head.length);
  const bodyLine = lineBreaks(raw.slice(0, raw.length - body.length)) + 1;
  return {
    rel,
    display,
    raw,
    body,
    bodyLine,
    data: result.success ? result.output : (data as FrontMatter),
    hash: createHash('sha256').update(raw).digest('hex'),
    mtime,
  };
}

/**
 * Finds MDX syntax (`import`/`export` lines, JSX tags) outside code fences in a page read as CommonMark
 * (`markdown.format`): a warning, since the line shows as text and the JSX is dropped from the page.
 */
function checkPlainMarkdown(file: SourceFile, log: ProblemLog, session: BuildSession): void {
  for (const { line, message } of remembered(session.memo(PLAIN_MARKDOWN), file, () => plainMarkdownProblems(file))) log.warn(file.display, line, message);
}

/** Each doc's and page's copies standing for it in locales without its translation, by their path (`untranslatedSources`). */
const UNTRANSLATED = slot<WeakMap<SourceFile, Map<string, SourceFile>>>('sources:untranslated');

/** What `checkPlainMarkdown` reports of each source, kept while the source is (a rebuild reuses unchanged sources). */
const PLAIN_MARKDOWN = slot<WeakMap<SourceFile, { line: number; message: string }[]>>('sources:plainMarkdown');

function plainMarkdownProblems(file: SourceFile): { line: number; message: string }[] {
  const problems: { line: number; message: string }[] = [];
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
      problems.push({
        line: at,
        message: `MDX \`${line.split(/\s/)[0]}\` statement in a page read as CommonMark: it shows as text. Remove the line, or read the page as MDX (\`markdown.format\` in \`site.config.json\`).`,
      });
    } else if (/^\s*<[A-Z][\w.]*[\s/>]/.test(line) || /^\s*<>\s*$/.test(line)) {
      problems.push({
        line: at,
        message: `JSX element in a page read as CommonMark (\`${line.trim().slice(0, 40)}\`): it is left out of the page. Use plain markdown, or read the page as MDX (\`markdown.format\` in \`site.config.json\`).`,
      });
    }
  });
  return problems;
}

/** Reads and checks a `_category_.json`; each problem names the line of its field. */
function readCategory(contentDir: string, rel: string, version: DocsVersion, log: ProblemLog): CategoryFile | null {
  const display = displayPath(contentDir, rel);
  const dir = rel.slice(version.folder.length).replace(/\/?_category_\.json$/, '');
  const read = readJsonFile(contentDir, rel, log);
  if (!read) return null;
  const { text, tree, json } = read;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    log.error(display, 1, 'must hold a JSON object such as `{ "label": "Guides", "position": 2 }`.');
    return null;
  }
  const result = v.safeParse(CategorySchema, json);
  const lineOf = (...path: string[]) => {
    const node = findNodeAtLocation(tree, path);
    return node ? lineAt(text, node.parent?.type === 'property' ? node.parent.offset : node.offset) : 1;
  };
  const reported = new Set<string>();
  for (const issue of result.issues ?? []) {
    const [field, inner] = issue.path ?? [];
    if (!field) continue;
    const key = String(field.key);
    if (reported.has(key)) continue;
    reported.add(key);
    if (key !== 'link') {
      log.error(display, lineOf(key), `\`${key}\` must be a ${issue.expected ?? 'value'}, got \`${JSON.stringify(field.value)}\`.`);
    } else if (inner?.key === 'slug' && (field.value as { type?: unknown }).type === 'generated-index') {
      log.error(
        display,
        lineOf('link', 'slug'),
        `\`link.slug\` must be a route such as \`/category/guides\` (no \`.\` or \`..\` parts), got \`${JSON.stringify(inner.value)}\`.`,
      );
    } else {
      log.error(
        display,
        lineOf('link'),
        `\`link\` must be \`{ "type": "generated-index", "description": "..." }\` or \`{ "type": "doc", "id": "..." }\`, got \`${JSON.stringify(field.value)}\`.`,
      );
    }
  }
  return { ...(result.success ? result.output : (json as Category)), dir, version: version.name, display };
}

/**
 * In each locale other than the default one, the docs of each version and the standalone pages that have no
 * translation there: the default locale's files, standing at their translation's path. A translation whose path has
 * no doc in the version (no page in `pages/`) is an error.
 */
function untranslatedSources(
  folders: (Pick<DocsVersion, 'folder' | 'sourceFolder' | 'locale'> & { what: 'doc' | 'page' })[],
  sources: SourceFile[],
  log: ProblemLog,
  session: BuildSession,
): SourceFile[] {
  if (!folders.some((folder) => folder.sourceFolder)) return [];
  const byRel = new Map(sources.map((file) => [file.rel, file]));
  // A copy is kept while its file is: a rebuild's render step then knows it unchanged, as it knows the file.
  const copies = session.memo(UNTRANSLATED);
  const copyOf = (file: SourceFile, rel: string): SourceFile => {
    const held = remembered(copies, file, () => new Map<string, SourceFile>());
    return remembered(held, rel, () => ({ ...file, rel, untranslated: { source: file.rel } }));
  };
  return folders.flatMap(({ folder, sourceFolder, locale, what }) => {
    if (!sourceFolder) return [];
    for (const file of sources) {
      if (!file.rel.startsWith(folder) || byRel.has(sourceFolder + file.rel.slice(folder.length))) continue;
      log.error(
        file.display,
        1,
        `translates \`${sourceFolder}${file.rel.slice(folder.length)}\`, which does not exist: a translation in locale \`${locale}\` needs a ${what} at the same path below \`${sourceFolder}\`. Move it to the path of the ${what} it translates, or remove it.`,
      );
    }
    return sources.flatMap((file) => {
      if (!file.rel.startsWith(sourceFolder)) return [];
      const rel = folder + file.rel.slice(sourceFolder.length);
      return byRel.has(rel) ? [] : [copyOf(file, rel)];
    });
  });
}

/** What `content/` holds, read and checked: the first step of a build. */
export interface ContentSources {
  contentDir: string;
  /** `site.config.json` as written, checked against its schema. */
  input: SiteConfigInput;
  /** The docs' route base (`docs`). */
  routeBase: string;
  /** The docs versions to build, current first (`versions.ts`); just `current` on a site without `versions.json`. */
  versions: DocsVersion[];
  /** How messages name `site.config.json`. */
  configDisplay: string;
  /** Its text, for the line of a field. */
  configText: string;
  /** Markdown files of `docs/`, the built versions' folders and the page folders, drafts left out. */
  sources: SourceFile[];
  /** `pages/` and each other locale's translations of its pages (`locales.ts`). */
  pageFolders: PageFolder[];
  categories: CategoryFile[];
  /**
   * Each version's sidebars file by version name, as read (`sidebarsFile.ts`); a version without one has its sidebar
   * generated from its folders.
   */
  sidebars: Record<string, SidebarsFile>;
  /** Every other file below `content/`, copied as it is. */
  assets: string[];
  /** Static files and co-located images, with their sizes (`staticFiles.ts`). */
  fileTable: FileTable;
  /** Each other locale's translations of the shell's texts by id (`locales.ts`), for the locale's strings blob. */
  localeStrings: Record<string, Record<string, string>>;
}

/**
 * What the last read of each content folder listed (by absolute path), and whether it met a symbolic
 * link: a rebuild told what changed since (`readContent`'s `changed`) lists the folder again only when
 * a file appeared or went.
 */
const LISTINGS = slot<Map<string, Listing>>('sources:listings');

/** A content folder's files, as a list and as a set, and whether the walk met a symbolic link. */
interface Listing {
  files: string[];
  listed: ReadonlySet<string>;
  links: boolean;
}

/**
 * The files below `contentDir` (`walk`), and which of them may have changed since the last read: all of
 * them (null) unless `changed` names what did. A named path that appeared, went or is a folder lists the
 * folder again, and a folder's files count as changed; a listing with symbolic links is read whole, as a
 * link changes with its target, whose name is the one a watcher reports.
 */
function listContent(
  contentDir: string,
  changed: readonly string[] | undefined,
  session: BuildSession,
): { files: string[]; listed: ReadonlySet<string>; maybeChanged: ((rel: string) => boolean) | null } {
  const listings = session.last(LISTINGS) ?? new Map<string, Listing>();
  session.remember(LISTINGS, listings);
  const known = listings.get(contentDir);
  let hints: { files: Set<string>; folders: string[]; relist: boolean } | null = null;
  if (known && changed && !known.links) {
    const { listed } = known;
    hints = { files: new Set(), folders: [], relist: false };
    for (const rel of changed) {
      // `walk` lists no name starting with a dot, nor anything below one.
      if (!rel || rel.split('/').some((part) => part.startsWith('.') || part === '')) continue;
      let stat: Stats | undefined;
      try {
        stat = lstatSync(join(contentDir, rel));
      } catch {
        // Gone: a file, or a folder with its files.
      }
      if (stat?.isFile()) {
        hints.files.add(rel);
        if (!listed.has(rel)) hints.relist = true;
      } else if (stat || listed.has(rel) || known.files.some((f) => f.startsWith(`${rel}/`))) {
        hints.folders.push(`${rel}/`);
        hints.files.add(rel);
        hints.relist = true;
      }
    }
  }
  let listing = known;
  if (!listing || !hints || hints.relist) {
    const seen = { links: false };
    const files = walk(contentDir, contentDir, seen);
    listing = { files, listed: new Set(files), links: seen.links };
    listings.set(contentDir, listing);
  }
  const { files, listed } = listing;
  if (!hints) return { files, listed, maybeChanged: null };
  const { files: named, folders } = hints;
  return { files, listed, maybeChanged: (rel) => named.has(rel) || folders.some((f) => rel.startsWith(f)) };
}

/**
 * Whether a file is a partial: its name, or a folder's above it, starts with `_`. As in Docusaurus, a partial is never
 * a page (no route, no sidebar entry, no title needed); pages import it, and the renderer reads it from the disk.
 */
const isPartial = (rel: string): boolean => rel.split('/').some((part) => part.startsWith('_'));

/** Files of the site's code (components and their styles), which pages import and the build bundles (`siteComponents.ts`). */
const SITE_CODE = /\.(?:[cm]?js|jsx|tsx?|css)$/i;

/**
 * Reads `content/`: the configuration, the markdown with its front matter, the categories and the files.
 * `changed` names the paths below `contentDir` (POSIX, relative) written, added or removed since this
 * process last read the folder, as the dev server's watcher saw them: the other markdown files are then
 * taken as read then, without a look at the disk (at 10,000 docs, looking took a fifth of a one-file
 * rebuild). Without it every file is looked at.
 */
export function readContent(
  contentDir: string,
  publicDir: string | undefined,
  log: ProblemLog,
  session: BuildSession,
  changed?: readonly string[],
): ContentSources {
  const { input, text: configText } = loadSiteConfig(contentDir);
  const { files: all, listed, maybeChanged } = listContent(contentDir, changed, session);
  const sources: SourceFile[] = [];
  const folder = displayPath(contentDir, '');
  const parsedIn = session.last(PARSED) ?? new Map<string, Parsed>();
  session.remember(PARSED, parsedIn);
  const parsed = remembered(parsedIn, contentDir, (): Parsed => new Map());
  // Files gone since the last read are forgotten.
  for (const rel of parsed.keys()) if (!listed.has(rel)) parsed.delete(rel);
  const versions = withLocales(readVersions(contentDir, input, listed, configText, log), input);
  const pages = pageFolders(input);
  const isPage = (rel: string) =>
    /\.mdx?$/.test(rel) && !isPartial(rel) && (pageFolderOf(pages, rel) !== undefined || versionOfSource(versions, rel) !== undefined);
  for (const rel of all) {
    if (!isPage(rel)) continue;
    const kept = maybeChanged && !maybeChanged(rel) ? parsed.get(rel)?.file : undefined;
    // The folder's name in messages is the same as at the last read unless the working folder changed.
    let file = kept && kept.display.length === folder.length + 1 + rel.length && kept.display.startsWith(folder) ? kept : null;
    if (!file) {
      const full = join(contentDir, rel);
      const display = `${folder}/${rel}`;
      const stat = statSync(full);
      file = knownSource(parsed, rel, display, stat);
      if (!file) {
        const bytes = readFileSync(full);
        const unreadable = textProblem(bytes);
        if (unreadable) {
          log.error(display, unreadable.line, unreadable.message);
          continue;
        }
        file = parseSourceOnce(parsed, rel, bytes.toString('utf8'), stat, log, display);
      }
    }
    if (!file || file.data.draft) continue;
    // A page read as MDX has its MDX rendered (`manifest/mdx.ts`); one read as CommonMark shows it as text.
    if (!isMdxSource(rel, input.markdown?.format ?? 'mdx')) checkPlainMarkdown(file, log, session);
    else {
      // The partials are read at every build: a change of theirs is a change of the page that no watcher names.
      const partials = partialsDigest(contentDir, rel, file.body);
      if (partials?.digest !== file.partials) {
        const { partials: _was, partialPaths: _were, ...rest } = file;
        file = partials === undefined ? rest : { ...rest, partials: partials.digest, partialPaths: partials.paths };
        const known = parsed.get(rel);
        if (known) parsed.set(rel, { ...known, file });
      }
    }
    if (file.raw.length > LARGE_MARKDOWN) {
      log.warn(
        file.display,
        0,
        `is ${(Buffer.byteLength(file.raw) / 1_048_576).toFixed(1)} MiB of markdown (more than ${LARGE_MARKDOWN / 1_048_576} MiB): it takes seconds to render, and every reader who opens the page loads all of it. Split it into pages.`,
      );
    }
    sources.push(file);
  }
  // A markdown file a page imports is a partial, whatever its name: inlined where it is used, never a page of its own.
  const imported = new Set(sources.flatMap((file) => file.partialPaths ?? []));
  if (imported.size > 0) sources.splice(0, sources.length, ...sources.filter((file) => !imported.has(file.rel)));
  sources.push(
    ...untranslatedSources(
      [...versions.map((version) => ({ ...version, what: 'doc' as const })), ...pages.map((folder) => ({ ...folder, what: 'page' as const }))],
      sources,
      log,
      session,
    ),
  );
  // A locale's docs take their categories from the version's own folder, which their paths mirror.
  const categories = all.flatMap((f) => {
    const version = f.endsWith('/_category_.json') ? versionOfSource(versions, f) : undefined;
    if (version?.locale) return [];
    return (version && readCategory(contentDir, f, version, log)) || [];
  });
  // `i18n/` holds translations (Docusaurus's layout), which the build does not publish as files; the images next to
  // them are shown by their pages (`collectFiles`).
  // `static/` is published at the site's root as it is (`collectFiles`).
  const sidebarPath = input.docs?.sidebarPath;
  // The site's code outside its docs and pages folders is the bundler's to read, never published as it is.
  const isSiteCode = (f: string) => SITE_CODE.test(f) && pageFolderOf(pages, f) === undefined && versionOfSource(versions, f) === undefined;
  const assets = all.filter(
    (f) =>
      !/\.mdx?$/.test(f) &&
      !isSiteCode(f) &&
      !f.endsWith('_category_.json') &&
      f !== SITE_CONFIG_FILE &&
      f !== sidebarPath &&
      !isDocsConfigFile(f) &&
      !f.startsWith('i18n/') &&
      !f.startsWith(`${STATIC_FOLDER}/`),
  );
  const sidebars: Record<string, SidebarsFile> = {};
  for (const version of versions) {
    if (version.locale) continue;
    const rel = version.name === 'current' ? currentSidebarsPath(input, listed) : versionedSidebarsFile(version.name);
    const file = rel !== null && (version.name === 'current' || listed.has(rel)) ? readSidebarsFile(contentDir, rel, log) : null;
    if (file) sidebars[version.name] = file;
  }
  const translationImages = all.filter((f) => f.startsWith('i18n/') && isImageFile(f));
  const staticDir = join(contentDir, STATIC_FOLDER);
  const staticPartials = new Set([...imported].flatMap((rel) => (rel.startsWith(`${STATIC_FOLDER}/`) ? [rel.slice(STATIC_FOLDER.length + 1)] : [])));
  const fileTable = collectFiles({ contentDir, contentAssets: [...assets, ...translationImages], publicDir, staticDir, staticPartials, log, session });
  const localeStrings = readLocaleStrings(contentDir, input, listed, log);
  log.throwIfAny((n) => `Cannot build: ${n} problem${n === 1 ? '' : 's'} in content:`);
  return {
    contentDir,
    input,
    routeBase: docsRouteBase(input.docs?.routeBasePath),
    versions,
    pageFolders: pages,
    configDisplay: displayPath(contentDir, SITE_CONFIG_FILE),
    configText,
    sources,
    categories,
    sidebars,
    assets,
    fileTable,
    localeStrings,
  };
}
