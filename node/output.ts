/**
 * Writes `dist/` atomically: everything goes into a sibling temporary folder
 * that replaces `dist/` only once the build has succeeded, so a failed build
 * leaves the last good site byte for byte.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import * as v from 'valibot';
import { ShellRecordSchema, type ShellRecord } from './shellRecord';
import { localeBlobNames, shardNames } from '../manifest/shards';
import type { LocaleStrings, ManifestRoot } from '../manifest/types';
import { ROOT_MANIFEST } from '../manifest/constants';
import { isShellAssetPath } from '../manifest/paths';
import { createHash } from 'node:crypto';
import { BuildError, CacheMismatchError } from './problems';
import { remembered } from './memo';
import { slot, type BuildSession } from './session';

/** Name of the shell build's record in `dist/`. */
export const SHELL_RECORD = 'shell.json';

/** The files a build writes at the top of `dist/` for the whole site, with what each is: no route or content file may replace one. */
export const SITE_FILES: Readonly<Record<string, string>> = {
  'index.html': 'the home page',
  '404.html': 'the not-found page',
  'sw.js': 'the service worker',
  [SHELL_RECORD]: "the shell's record",
  'sitemap.xml': 'the sitemap',
  'robots.txt': 'robots.txt',
  'manifest.webmanifest': 'the web app manifest',
  'llms.txt': 'llms.txt',
  'llms-full.txt': 'llms-full.txt',
};

/**
 * The folders of `dist/` that hold the build's own files, with what they hold: files named by their
 * contents, served `immutable`, and the dev server's endpoints. Nothing of the content goes below them.
 */
export const BUILD_FOLDERS: Readonly<Record<string, string>> = {
  _app: 'the manifest',
  assets: "the shell's files",
  blobs: 'the content-addressed pages and images',
  search: 'the search index',
  ssr: "the shell's server bundle",
  __dev: "the dev server's endpoints",
};

/**
 * The file every build writes into its output folder, saying whose folder it is: a folder holding it (or the
 * shell's record, `SHELL_RECORD`) is a build's output, which the next build may replace as a whole. Its name
 * starts with a dot, so no static file can take it and servers leave it unserved.
 */
export const OUTPUT_MARKER = '.abp-react-docs-output';

/** What `OUTPUT_MARKER` holds: for someone who finds the folder. */
export const OUTPUT_MARKER_TEXT =
  'This folder is the output of the ABP React docs build (build.ts). The next build replaces it as a whole: keep nothing of your own here.\n';

/** What a folder is to the build: absent, an empty folder, a build's output, or something else it must not replace. */
function outputFolderState(dir: string): 'absent' | 'empty' | 'output' | 'file' | 'foreign' {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) return 'absent';
  if (!stat.isDirectory()) return 'file';
  if (readdirSync(dir).length === 0) return 'empty';
  return existsSync(join(dir, OUTPUT_MARKER)) || readShellRecord(dir) ? 'output' : 'foreign';
}

/**
 * The site files a static folder's file of the same name replaces: the build writes them only for a site that has
 * none of its own (Docusaurus writes no robots.txt, so a site that moves in keeps its own).
 */
const REPLACEABLE_SITE_FILES: ReadonlySet<string> = new Set(['robots.txt']);

/**
 * Whether a site's static folder may hold a file at `rel` although `generatedAt` names it: one of
 * `REPLACEABLE_SITE_FILES`, or a file below `assets/` that is no shell file (`isShellAssetPath`): Docusaurus sites
 * keep their images in `static/assets/`, beside the shell's hashed scripts and styles, as Docusaurus's own are.
 */
export const staticMayTake = (rel: string): boolean => REPLACEABLE_SITE_FILES.has(rel) || (rel.startsWith('assets/') && !isShellAssetPath(rel));

/**
 * What the build writes at `rel` (a path below `dist/`) itself, or null: a file of `SITE_FILES`, the marker, or
 * one below `BUILD_FOLDERS`. No static or content file may take such a name.
 */
export function generatedAt(rel: string): string | null {
  if (Object.hasOwn(SITE_FILES, rel)) return SITE_FILES[rel]!;
  if (rel === OUTPUT_MARKER) return "the build's marker";
  const cut = rel.indexOf('/');
  return cut > 0 && Object.hasOwn(BUILD_FOLDERS, rel.slice(0, cut)) ? BUILD_FOLDERS[rel.slice(0, cut)]! : null;
}

/** The project's folders of source a build reads and never writes (with `content/` and `public/`). */
const SOURCE_FOLDERS = ['src', 'manifest', 'scripts', 'tests', 'bench', '.git', '.github'];

/** `path` with symbolic links resolved, for the part of it that exists. */
function realPath(path: string): string {
  const absolute = resolve(path);
  let existing = absolute;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(realpathSync(existing), relative(existing, absolute));
}

/** Whether `inner` is `outer` or lies below it. */
const within = (outer: string, inner: string) => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/**
 * Refuses an output folder the build would destroy input with: it replaces the folder as a whole, so
 * one that is, holds or lies inside the content folder, `public/` or a source folder of the project
 * (`src/`, `manifest/` …), or that holds the project, would be lost or overwritten. Any other folder
 * is taken only when it is absent, empty or a build's output (`OUTPUT_MARKER`).
 */
export function checkOutputFolder(options: { root: string; contentDir: string; distDir: string }): void {
  const out = realPath(options.distDir);
  const root = realPath(options.root);
  const inputs: [string, string][] = [
    [realPath(options.contentDir), 'the content folder'],
    [join(root, 'public'), 'the `public/` folder'],
    ...SOURCE_FOLDERS.map((name): [string, string] => [join(root, name), `the project's \`${name}/\` folder`]),
  ];
  const shown = (path: string) => relative(process.cwd(), path) || '.';
  const refuse = (how: string) => {
    throw new BuildError(
      `Cannot build: the output folder \`${shown(out)}\` ${how}. The build replaces its output folder as a whole: choose another one (\`--out dist\`).`,
    );
  };
  if (within(out, root)) refuse(`holds the project \`${shown(root)}\``);
  for (const [input, what] of inputs) {
    if (out === input) refuse(`is ${what}`);
    if (within(out, input)) refuse(`holds ${what}, \`${shown(input)}\``);
    if (within(input, out)) refuse(`lies inside ${what}, \`${shown(input)}\``);
  }
  refuseForeign(options.distDir);
}

/** Throws unless `distDir` is absent, an empty folder or a build's output: what else it holds would be deleted with it. */
function refuseForeign(distDir: string): void {
  const state = outputFolderState(distDir);
  const shown = relative(process.cwd(), resolve(distDir)) || '.';
  if (state === 'file')
    throw new BuildError(`Cannot build: the output folder \`${shown}\` is a file. Choose a folder that is new, empty or a build's output (\`--out dist\`).`);
  if (state === 'foreign') {
    throw new BuildError(
      `Cannot build: the output folder \`${shown}\` holds files no build wrote (it has no \`${OUTPUT_MARKER}\`), and the build replaces its output folder as a whole. Choose a folder that is new, empty or a build's output (\`--out dist\`), or move those files away.`,
    );
  }
}

/** The temporary folders this process's builds are writing (`tempDirFor`), which a signal must not leave behind. */
const activeTemps = new Set<string>();

/** Whether process `pid` runs (one of another user's counts: it may not be signalled, but it is there). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the temporary folders beside `distDir` that builds no longer running left (`dist.tmp-<pid>-<time>`,
 * and `dist.old-<pid>-<time>` of a swap cut short): a build killed with SIGKILL, or by a power cut, leaves
 * its copy of the site behind. A folder of this process that none of its builds is writing is left over too.
 */
function removeStaleTemps(distDir: string): void {
  const dir = dirname(distDir);
  const name = basename(distDir);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`)) continue;
    const match = /^\.(?:tmp|old)-(\d+)-\d+$/.exec(entry.slice(name.length));
    if (!match) continue;
    const pid = Number(match[1]);
    const path = join(dir, entry);
    if (pid === process.pid ? !activeTemps.has(path) : !alive(pid)) rmSync(path, { recursive: true, force: true });
  }
}

/** A fresh temporary folder beside `distDir`, once the ones of builds no longer running are removed. */
export function tempDirFor(distDir: string): string {
  removeStaleTemps(distDir);
  const tmp = `${distDir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  activeTemps.add(tmp);
  return tmp;
}

/**
 * Removes the temporary folders of this process's builds at once: for a process that stops on a
 * signal (SIGINT, SIGTERM) in the middle of a build, and so never reaches the build's own clean-up.
 */
export function discardActiveTemps(): void {
  for (const tmp of activeTemps) discard(tmp);
}

/** Hard-links (or copies) a file from the old site into the new one. */
function carry(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  linkOrCopy(from, to);
}

/** Hard-links `from` to `to`, or copies it where links are not allowed. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Reads the shell record of a built site, or null. */
export function readShellRecord(distDir: string): ShellRecord | null {
  try {
    return v.parse(ShellRecordSchema, JSON.parse(readFileSync(join(distDir, SHELL_RECORD), 'utf8')));
  } catch {
    return null;
  }
}

/** Carries the previous shell's files into `tmp` (content-only builds never rewrite them). */
export function carryShell(distDir: string, tmp: string, record: ShellRecord): void {
  for (const file of [...record.files, SHELL_RECORD]) {
    const from = join(distDir, file);
    if (existsSync(from)) carry(from, join(tmp, file));
  }
}

/** The files below `blobs/` the manifest in `distDir` names (its shards, markdown, articles, co-located images), or null without one. */
function manifestBlobs(distDir: string): Set<string> | null {
  type Entry = { blob: string; article?: string };
  type Shard = {
    docs?: Record<string, Entry>;
    pages?: Record<string, Entry>;
    categories?: Record<string, { more?: { file: string } | null }>;
    files?: Record<string, { href: string }>;
  };
  const read = <T>(file: string) => JSON.parse(readFileSync(join(distDir, file), 'utf8')) as T;
  try {
    const root = read<ManifestRoot>(ROOT_MANIFEST);
    // The other locales' blobs name their versions' sidebar shards.
    const locales = Object.fromEntries(localeBlobNames(root).map((name) => [name, read<LocaleStrings>(`blobs/${name}`)]));
    const keep = new Set(shardNames(root, locales));
    for (const name of root.shards) {
      const shard = read<Shard>(`blobs/${name}`);
      for (const p of [...Object.values(shard.docs ?? {}), ...Object.values(shard.pages ?? {})]) {
        keep.add(p.blob);
        if (p.article) keep.add(p.article);
      }
      for (const c of Object.values(shard.categories ?? {})) if (c.more) keep.add(c.more.file);
      // Co-located images (`blobs/<hash>.png`), which the articles still show.
      for (const f of Object.values(shard.files ?? {})) if (f.href.startsWith('/blobs/')) keep.add(f.href.slice('/blobs/'.length));
    }
    return keep;
  } catch {
    // No manifest, or one of another version: nothing is kept.
    return null;
  }
}

/**
 * Carries the blobs of the previous manifest, so a reader whose open tab still
 * holds the old manifest can keep navigating until it takes the new one.
 */
export function carryPreviousBlobs(distDir: string, tmp: string): void {
  const dir = join(distDir, 'blobs');
  if (!existsSync(dir)) return;
  const keep = manifestBlobs(distDir);
  if (!keep) return;
  for (const name of readdirSync(dir)) {
    // A blob changed since it was published is no blob of the old manifest: left behind, it is fetched as missing.
    if (keep.has(name) && !existsSync(join(tmp, 'blobs', name)) && addressMatches(`blobs/${name}`, readFileSync(join(dir, name))))
      carry(join(dir, name), join(tmp, 'blobs', name));
  }
}

/** A file of `blobs/` or `search/` named by the hash of its bytes: `blobs/<hash>.html`, `search/f.<hash>.json`. */
const ADDRESSED = /^(?:blobs|search)\/(?:[a-z]+\.)?([0-9a-f]{12,64})\.[a-z0-9]+$/;

/** Whether `bytes` may be published at `rel`: true unless `rel` is named by a hash (`ADDRESSED`) that is not the start of theirs. */
export function addressMatches(rel: string, bytes: Buffer | string): boolean {
  const hash = ADDRESSED.exec(rel)?.[1];
  return hash === undefined || createHash('sha256').update(bytes).digest('hex').startsWith(hash);
}

/**
 * Where a build's DocSearch records go: beside `dist/`, not in it, since
 * readers never fetch them (`dist-search/records.json` for `dist/`).
 */
export function searchRecordsFile(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-search/records.json`;
}

/** Writes the records after `dist/` is in place (through a temporary file, so a reader never sees half). */
export function writeSearchRecords(distDir: string, records: Iterable<string>): void {
  const file = searchRecordsFile(distDir);
  writeParts(`${file}.tmp`, records);
  renameSync(`${file}.tmp`, file);
}

/** Characters gathered before a write. */
const WRITE_CHARS = 1 << 20;

/** Writes `parts` to `file` in writes of about a megabyte: on a large site the whole text would be tens of megabytes in memory. */
export function writeParts(file: string, parts: Iterable<string>): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    let pending = '';
    for (const part of parts) {
      pending += part;
      if (pending.length < WRITE_CHARS) continue;
      writeSync(fd, pending);
      pending = '';
    }
    writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's contents, or a function that makes them when the file is written.
 * Per-route HTML is made that way: each page carries the sidebar, so at 10,000
 * docs all pages at once would hold about a gigabyte.
 */
export type OutputData = string | Buffer | (() => string | KeptFile | Promise<string | KeptFile>) | { linkTo: string };

/** Output files looked up by name: a `Map`, or one listed only when first read (`lazyFiles`). */
export type FileTable = Pick<ReadonlyMap<string, OutputData>, 'has' | 'get' | 'keys'>;

/**
 * Files listed when one of them is first looked up. The dev server's route documents are such a table: most
 * builds of a session are never asked for any, and listing every route costs a large site's rebuild more
 * than the rest of its HTML step.
 */
export function lazyFiles(list: () => ReadonlyMap<string, OutputData>): FileTable {
  let files: ReadonlyMap<string, OutputData> | undefined;
  const table = () => (files ??= list());
  return { has: (name) => table().has(name), get: (name) => table().get(name), keys: () => table().keys() };
}

/**
 * A deferred file's contents kept by an earlier build (`RouteStore`): the file holding them, linked into the
 * site rather than read and written, and how to make them when that file is gone (another build removed it).
 */
export interface KeptFile {
  kept: string;
  /** The start of the SHA-256 (hex) of what the file held when it was kept: one that no longer holds that is made again. */
  hash: string;
  make: () => Promise<string>;
}

/** The contents of an output file, made now if they are deferred (a kept file read); a link names the file it shares contents with. */
export async function outputData(data: OutputData): Promise<string | Buffer | { linkTo: string }> {
  const made = await produce(data);
  return typeof made === 'object' && 'kept' in made ? keptText(made) : made;
}

/** `outputData`, but a kept file named rather than read. */
async function produce(data: OutputData): Promise<string | Buffer | { linkTo: string } | KeptFile> {
  return typeof data === 'function' ? data() : data;
}

/** Whether a kept file still holds what it was kept with. */
const checksOut = (file: KeptFile, bytes: Buffer) => file.hash.length > 0 && createHash('sha256').update(bytes).digest('hex').startsWith(file.hash);

/** Puts a kept file at `to` (a hard link, or a copy across file systems); false when it cannot be read or does not check out. */
function placeKept(file: KeptFile, to: string): boolean {
  try {
    if (!checksOut(file, readFileSync(file.kept))) return false;
    linkOrCopy(file.kept, to);
    return true;
  } catch {
    return false;
  }
}

/** A kept file's text, made again when it cannot be read or does not check out. */
async function keptText(file: KeptFile): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.kept);
  } catch {
    return file.make();
  }
  return checksOut(file, bytes) ? bytes.toString('utf8') : file.make();
}

/** Whether `file` exists and holds exactly `data`. */
function holds(file: string, data: Buffer): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.size === data.length && readFileSync(file).equals(data);
  } catch {
    return false;
  }
}

/** Deferred files `writeFiles` makes ahead of the one it writes. */
const MAKE_AHEAD = 8;

/**
 * Writes files below `tmp`. A file the previous site (`previousDir`) already
 * holds byte for byte is hard-linked from it instead: reading and comparing
 * costs far less than writing, and a one-page edit leaves most of the site as
 * it was. Nothing writes into a file after this step, so the old site's files
 * are never changed through a link. Deferred files are made `MAKE_AHEAD` ahead
 * of the one being written, so a document worker (`documentPool.ts`) renders
 * while this thread does.
 */
export async function writeFiles(tmp: string, files: Map<string, OutputData>, previousDir?: string): Promise<void> {
  const made = new Set<string>();
  const root = resolve(tmp);
  const entries = [...files];
  // What the folder holds: the shell's files, then each file written (two names may resolve to one path).
  const present = new Set(existsSync(root) ? readdirSync(root, { recursive: true }).map((path) => resolve(root, String(path))) : []);
  const previous = previousDir && existsSync(previousDir) ? previousDir : undefined;
  // Deferred files (per-route HTML) are made a few ahead of the one being written, so a document worker has work.
  const ahead = new Map<number, Promise<Awaited<ReturnType<typeof produce>>>>();
  const start = (i: number) => {
    const data = entries[i]?.[1];
    if (typeof data !== 'function' || ahead.has(i)) return;
    const contents = Promise.resolve().then(() => produce(data));
    // Awaited in its turn; until then a failure is not unhandled.
    contents.catch(() => {});
    ahead.set(i, contents);
  };
  for (let i = 0; i < entries.length; i++) {
    // Rendering here settles in microtasks; a turn of the event loop now and then lets the worker's answers in.
    if (i % 2 === 0) await new Promise((next) => setImmediate(next));
    for (let j = i; j < i + MAKE_AHEAD; j++) start(j);
    const [rel, data] = entries[i]!;
    const to = resolve(root, rel);
    // The last guard against a path made from content (a slug, an id, a configured path) leaving the output folder.
    if (!to.startsWith(root + sep))
      throw new BuildError(`Cannot build: the output file \`${rel}\` would be written outside the output folder. Check the slugs, ids and paths that make it.`);
    // A file already there is a hard link into the previous site (a carried shell file): writing would change that site too.
    if (present.has(to))
      throw new BuildError(`Cannot build: \`${rel}\` is written twice (it is a file of the shell as well). Rename the content file that makes it.`);
    present.add(to);
    const dir = dirname(to);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    let contents = await (ahead.get(i) ?? produce(data));
    ahead.delete(i);
    if (typeof contents === 'object' && 'linkTo' in contents) {
      // Written earlier in this loop: a second name for the same bytes (`x/index.html` for `x.html`).
      linkOrCopy(resolve(root, contents.linkTo), to);
      continue;
    }
    if (typeof contents === 'object' && 'kept' in contents) {
      if (placeKept(contents, to)) continue;
      contents = await contents.make();
    }
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    // Content-addressed bytes come from kept products (articles, images, shards): a cache changed on disk shows here.
    if (!addressMatches(rel, bytes)) throw new CacheMismatchError(`\`${rel}\` does not hash to its name`);
    if (previous && holds(join(previous, rel), bytes)) {
      try {
        linkSync(join(previous, rel), to);
        continue;
      } catch {
        // Another file system, or links not allowed: write the file.
      }
    }
    writeFileSync(to, bytes);
  }
}

/** A file named by its contents' hash, in its folder: `blobs/<hash>.md`, `search/index.<hash>.json`. */
const HASHED_FILE = /^(blobs|search)\/([\w-][\w.-]*)$/;

/**
 * The dev server's content rebuild: updates `distDir` where it is
 * rather than swapping in a copy, which would link every shell file again and
 * delete the old folder on every save. The build has succeeded before this
 * runs, so a failed build still changes nothing. Files whose bytes are the
 * same are left alone; the others are written through a temporary name, so a
 * request never reads half a file, and the root manifest last, so that the files
 * it names are there when a tab reads it. Then what this build did not make is
 * removed, as a swap would have dropped it, except the shell's files and the
 * previous manifest's blobs (`carryPreviousBlobs`). Per-route HTML must be
 * deferred (`buildSite`'s `devServer`), or every route would be rewritten;
 * `madeOnRequest` names the files the server wrote here on request since the
 * last write, which belong to the build before and are removed with the rest.
 */
export async function writeInPlace(
  distDir: string,
  files: Map<string, OutputData>,
  shell: ShellRecord,
  session: BuildSession,
  madeOnRequest: Iterable<string> = [],
): Promise<void> {
  const { written: writtenInPlace, left: leftInPlace } = inPlaceState(session);
  const root = resolve(distDir);
  const last = writtenInPlace.get(root) ?? new Map<string, string | Buffer>();
  const written = new Map<string, string | Buffer>();
  const shellFiles = new Set([...shell.files, SHELL_RECORD]);
  // When the manifest there is still the one this process wrote last, nothing else wrote here since:
  // the previous manifest's blobs are that build's, and what that write left is all that can be out of date.
  const manifestThere = existsSync(join(root, ROOT_MANIFEST)) ? readFileSync(join(root, ROOT_MANIFEST), 'utf8') : null;
  const left = manifestThere !== null && last.get(ROOT_MANIFEST) === manifestThere ? leftInPlace.get(root) : undefined;
  const previousBlobs = left ? left.blobs : (manifestBlobs(distDir) ?? new Set<string>());
  const order = [...files.keys()].filter((rel) => rel !== ROOT_MANIFEST);
  if (files.has(ROOT_MANIFEST)) order.push(ROOT_MANIFEST);
  // Checked before anything is written: a refused file leaves the site as it was.
  for (const rel of order) {
    // A hashed name can neither leave its folder nor be a shell file: resolving each of a large site's would slow every rebuild.
    if (HASHED_FILE.test(rel)) continue;
    if (!resolve(root, rel).startsWith(root + sep))
      throw new BuildError(`Cannot build: the output file \`${rel}\` would be written outside the output folder. Check the slugs, ids and paths that make it.`);
    if (shellFiles.has(rel))
      throw new BuildError(`Cannot build: \`${rel}\` is written twice (it is a file of the shell as well). Rename the content file that makes it.`);
  }
  // The hashed folders' files, listed once rather than an `existsSync` per file.
  const listed = new Map<string, Set<string>>();
  const isThere = (folder: string, name: string) =>
    remembered(listed, folder, () => new Set(existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : [])).has(name);
  for (const rel of order) {
    const to = resolve(root, rel);
    // Named by their contents' hash: one that is there holds these bytes already.
    const hashed = HASHED_FILE.exec(rel);
    if (hashed && isThere(hashed[1]!, hashed[2]!)) continue;
    const contents = await outputData(files.get(rel)!);
    const isLink = typeof contents === 'object' && 'linkTo' in contents;
    if (!isLink) {
      written.set(rel, contents);
      // What this process wrote there last time: an unchanged file is known without reading it back.
      if (last.get(rel) === contents && existsSync(to)) continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    const tmp = `${to}.tmp-${process.pid}`;
    if (isLink) copyFileSync(resolve(root, contents.linkTo), tmp);
    else {
      const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
      if (holds(to, bytes)) continue;
      writeFileSync(tmp, bytes);
    }
    renameSync(tmp, to);
  }
  writtenInPlace.set(root, written);
  const keep = (rel: string) => files.has(rel) || shellFiles.has(rel) || (rel.startsWith('blobs/') && previousBlobs.has(rel.slice('blobs/'.length)));
  const kept = new Set<string>();
  // Removes what no longer belongs below `dir`; true when the folder is left empty.
  const prune = (dir: string, prefix: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = prefix + entry.name;
      if (entry.isDirectory()) {
        if (prune(path, `${rel}/`)) rmdirSync(path);
        else empty = false;
      } else if (keep(rel)) {
        empty = false;
        kept.add(rel);
      } else unlinkSync(path);
    }
    return empty;
  };
  if (left) {
    // Instead of walking every file of the site, what the last write left. Most of it is the route HTML the
    // server may have made since: each folder is listed once rather than an `existsSync` per route.
    const folders = new Map<string, Set<string>>();
    const there = (rel: string) => {
      const cut = rel.lastIndexOf('/');
      return remembered(folders, rel.slice(0, cut + 1), () => {
        const folder = join(root, rel.slice(0, cut + 1));
        return new Set(existsSync(folder) ? readdirSync(folder) : []);
      }).has(rel.slice(cut + 1));
    };
    const drop = (rel: string) => {
      if (keep(rel)) {
        kept.add(rel);
        return;
      }
      if (there(rel)) {
        const path = join(root, rel);
        unlinkSync(path);
        for (let dir = dirname(path); dir !== root && readdirSync(dir).length === 0; dir = dirname(dir)) rmdirSync(dir);
      }
    };
    for (const rel of left.files) drop(rel);
    for (const rel of madeOnRequest) if (!left.files.has(rel)) drop(rel);
    for (const rel of files.keys()) kept.add(rel);
  } else prune(root, '');
  leftInPlace.set(root, {
    blobs: new Set([...files.keys()].filter((rel) => rel.startsWith('blobs/')).map((rel) => rel.slice('blobs/'.length))),
    files: kept,
  });
}

/**
 * What each folder holds after this process's last `writeInPlace` (the dev
 * server's): its files, and the blobs its manifest (`writtenInPlace`'s
 * `manifest.json`) names. The next write there removes from these files, and
 * from those the server made on request since, what it no longer keeps,
 * instead of walking the folder.
 */
const LEFT_IN_PLACE = slot<Map<string, { blobs: Set<string>; files: Set<string> }>>('output:leftInPlace');

/**
 * What `writeInPlace` wrote into each folder, by file, in this process (the dev
 * server's): comparing a file's new contents with these strings is far cheaper
 * than reading the file back (at 10,000 docs, 1.6 s of a one-file rebuild).
 */
const WRITTEN_IN_PLACE = slot<Map<string, Map<string, string | Buffer>>>('output:writtenInPlace');

/** What the session knows of the folders it wrote in place (`LEFT_IN_PLACE`, `WRITTEN_IN_PLACE`). */
function inPlaceState(session: BuildSession): {
  written: Map<string, Map<string, string | Buffer>>;
  left: Map<string, { blobs: Set<string>; files: Set<string> }>;
} {
  const written = session.last(WRITTEN_IN_PLACE) ?? new Map<string, Map<string, string | Buffer>>();
  const left = session.last(LEFT_IN_PLACE) ?? new Map<string, { blobs: Set<string>; files: Set<string> }>();
  session.remember(WRITTEN_IN_PLACE, written);
  session.remember(LEFT_IN_PLACE, left);
  return { written, left };
}

/** Replaces `distDir` by `tmp`. */
export function swapIn(tmp: string, distDir: string): void {
  // Checked again at the last moment: the folder may have been filled since the build began.
  refuseForeign(distDir);
  const old = `${distDir}.old-${process.pid}-${Date.now()}`;
  const had = existsSync(distDir) && statSync(distDir).isDirectory();
  if (had) renameSync(distDir, old);
  try {
    renameSync(tmp, distDir);
  } catch (error) {
    if (had) renameSync(old, distDir);
    throw error;
  }
  activeTemps.delete(tmp);
  if (had) rmSync(old, { recursive: true, force: true });
}

/** Removes a temporary folder after a failure. */
export function discard(tmp: string): void {
  rmSync(tmp, { recursive: true, force: true });
  activeTemps.delete(tmp);
}
