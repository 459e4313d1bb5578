/**
 * `npm run import:docusaurus -- <site folder> [--out <content folder>]`: turns a Docusaurus site as its authors
 * keep it into a content folder this build reads, without editing a file of it. The configuration is code, so a
 * child process evaluates it (`docusaurusEval.mjs`, TypeScript through tsx); `docusaurusConfig.ts` maps what it
 * finds to `site.config.json`. The folder gets the docs the configuration names, the versions
 * (`versions.json`, `versioned_docs/`, `versioned_sidebars/`), the translations of `i18n/`, `static/`, the markdown
 * files pages import from elsewhere in the site (`@site/…`), and the sidebars as JSON (`sidebars.json`, from the sidebars file as evaluated). It is written beside the target and
 * renamed into place once whole, so a failed import leaves nothing behind.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import matter from 'gray-matter';
import picomatch from 'picomatch';
import { generatedAt, staticMayTake } from '../node/output';
import { isContentFile, isPublishedStaticKind } from '../node/staticFiles';
import { SITE_CONFIG_FILE } from '../node/siteConfigFile';
import { ProblemLog } from '../node/problems';
import { readSidebarsFile } from '../node/sidebarsFile';
import { partialsOf, readPartial } from '../node/partials';
import { bundleSiteComponents, componentImports } from '../node/siteComponents';
import { importConfig, type ImportedDocs } from './docusaurusConfig';

const USAGE = `usage: npm run import:docusaurus -- <site folder> [--out <content folder>]

Reads the Docusaurus site whose docusaurus.config.{js,cjs,mjs,ts,mts} is in <site folder> and writes a content
folder this project builds (default: imported/<site folder name>). Then:
  npm run build -- --content <content folder> --out <dist folder>`;

/** The shell's own public files (`public/`), which a static file cannot replace. */
const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

/** Docusaurus's names of its configuration file, in the order it looks for them. */
const CONFIG_FILES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.js', 'docusaurus.config.cjs', 'docusaurus.config.mjs'];
/** How long the configuration may take to evaluate. */
const EVAL_TIMEOUT_MS = 60_000;

/** What the evaluator writes. */
interface Evaluated {
  config?: Record<string, never>;
  error?: string;
  missing: string[];
  unreadable: string[];
}

/** Evaluates the configuration in a child process (`docusaurusEval.mjs`). */
function evaluate(configFile: string): Evaluated {
  const scratch = mkdtempSync(join(tmpdir(), 'docusaurus-import-'));
  try {
    const resultFile = join(scratch, 'result.json');
    const child = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./docusaurusEval.mjs', import.meta.url)), configFile, resultFile],
      // tsx keeps no cache here: the stand-ins must not meet a compiled copy of another run's files.
      { cwd: dirname(configFile), env: { ...process.env, TSX_DISABLE_CACHE: '1', NODE_ENV: 'production' }, encoding: 'utf8', timeout: EVAL_TIMEOUT_MS },
    );
    if (!existsSync(resultFile)) {
      const why = child.error ? child.error.message : (child.stderr || child.stdout).trim().split('\n').slice(-12).join('\n');
      throw new Error(`Cannot evaluate ${configFile}${child.signal ? ` (stopped by ${child.signal})` : ''}:\n${why}`);
    }
    return JSON.parse(readFileSync(resultFile, 'utf8')) as Evaluated;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Files that are code or package metadata: a docs folder may hold them, the site never publishes them. */
const CODE_FILE = /\.(m?[jt]sx?|cjs|cts|mts)$|^(package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|tsconfig(\..*)?\.json)$/;
const MARKDOWN = /\.mdx?$/;
/** A partial: a file or folder whose name starts with `_`. Docusaurus makes no page of it; pages import it. */
const isPartial = (rel: string) => rel.split('/').some((part) => part.startsWith('_') && !/^_category_\.(json|ya?ml)$/.test(part));

/** What a docs tree's copy left out. */
interface Skipped {
  excluded: number;
  other: string[];
}

/**
 * Copies a docs tree: the markdown `include` takes and `exclude` does not (partials always, pages import them),
 * and the files the site publishes besides markdown (images, data). Code, package files, `node_modules` and
 * names starting with a dot stay behind.
 */
function copyDocsTree(from: string, to: string, docs: ImportedDocs, skipped: Skipped): number {
  const included = picomatch(docs.include);
  const excluded = docs.exclude.length > 0 ? picomatch(docs.exclude) : () => false;
  let copied = 0;
  const walk = (rel: string) => {
    for (const name of readdirSync(join(from, rel)).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const path = rel ? `${rel}/${name}` : name;
      const source = join(from, path);
      const stat = statSync(source, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) {
        walk(path);
        continue;
      }
      if (MARKDOWN.test(name)) {
        if (!isPartial(path) && (!included(path) || excluded(path))) {
          skipped.excluded++;
          continue;
        }
      } else if (CODE_FILE.test(name) || !isContentFile(name)) {
        skipped.other.push(path);
        continue;
      }
      mkdirSync(dirname(join(to, path)), { recursive: true });
      copyFileSync(source, join(to, path));
      copied++;
    }
  };
  if (existsSync(from)) walk('');
  return copied;
}

/**
 * Copies a folder as it is (`static/`), leaving out `node_modules`, what is no file, and what `skip` names (a
 * path it is given with `/` separators).
 */
function copyAsIs(from: string, to: string, skip: (rel: string) => boolean = () => false): number {
  let copied = 0;
  const walk = (rel: string) => {
    for (const name of readdirSync(join(from, rel)).sort()) {
      if (name === 'node_modules') continue;
      const path = rel ? join(rel, name) : name;
      const stat = statSync(join(from, path), { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && !skip(path.split(sep).join('/'))) {
        mkdirSync(dirname(join(to, path)), { recursive: true });
        copyFileSync(join(from, path), join(to, path));
        copied++;
      }
    }
  };
  if (existsSync(from)) walk('');
  return copied;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first doc a sidebar's items open, depth first, in any of Docusaurus's item forms. */
function firstDoc(items: unknown): string | undefined {
  if (typeof items === 'string') return items;
  if (Array.isArray(items)) {
    for (const item of items) {
      const found = firstDoc(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(items)) return undefined;
  if (items.type === 'doc' || items.type === 'ref') return typeof items.id === 'string' ? items.id : undefined;
  if (items.type === 'category') {
    const link = isRecord(items.link) && items.link.type === 'doc' && typeof items.link.id === 'string' ? items.link.id : undefined;
    return link ?? firstDoc(items.items);
  }
  // `{ "Label": [items] }`, the category shorthand.
  return items.type === undefined ? firstDoc(Object.values(items)) : undefined;
}

/** The id of a doc file below the docs folder: its path without the extension, its front matter `id` last. */
function docIdOf(docsDir: string, rel: string): string {
  const id = (matter(readFileSync(join(docsDir, rel), 'utf8')).data as { id?: unknown }).id;
  const path = rel.replace(MARKDOWN, '');
  return typeof id === 'string' ? path.replace(/[^/]*$/, id) : path;
}

/** Every markdown file below `dir` that is a page (no partial), sorted. */
function markdownFiles(dir: string, rel = ''): string[] {
  if (!existsSync(join(dir, rel))) return [];
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((name) => {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) return markdownFiles(dir, path);
      return MARKDOWN.test(name) && !isPartial(path) ? [path] : [];
    });
}

/**
 * The sidebar the docs root opens and its first doc (`docs.sidebarId`, `docs.mainDocId`): the sidebars file's
 * first sidebar, else a doc at the root (`intro`, `index`), else the first doc file.
 */
function mainDoc(docsDir: string, sidebars: unknown): { sidebarId?: string; mainDocId?: string } {
  const [first] = isRecord(sidebars) ? Object.entries(sidebars) : [];
  const fromSidebar = first ? firstDoc(first[1]) : undefined;
  if (first && fromSidebar) return { sidebarId: first[0], mainDocId: fromSidebar };
  const files = markdownFiles(docsDir);
  const file = files.find((f) => /^(intro|index|readme)\.mdx?$/i.test(f)) ?? files[0];
  return { sidebarId: first?.[0], mainDocId: file && docIdOf(docsDir, file) };
}

/** Every markdown file below `dir`, partials included, by path below it. */
function allMarkdown(dir: string, rel = ''): string[] {
  if (!existsSync(join(dir, rel))) return [];
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((name) => {
      const path = rel ? `${rel}/${name}` : name;
      const stat = lstatSync(join(dir, path));
      if (stat.isDirectory()) return allMarkdown(dir, path);
      return stat.isFile() && MARKDOWN.test(name) ? [path] : [];
    });
}

/**
 * Copies the markdown files the imported pages import as partials from outside the folders copied whole
 * (`@site/src/partials/_x.md`, a `.md` file of `static/`), at their paths below the site's folder, which is the
 * content folder's root to `@site/…`, and those they import in turn. Returns their paths.
 */
function copyImportedPartials(siteDir: string, staging: string): string[] {
  const copied: string[] = [];
  const site = resolve(siteDir);
  const read = (rel: string): string | null => {
    const target = join(staging, rel);
    if (!existsSync(target)) {
      const source = resolve(site, rel);
      if (!source.startsWith(site + sep) || !lstatSync(source, { throwIfNoEntry: false })?.isFile()) return null;
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
      copied.push(rel);
    }
    return readPartial(staging, rel);
  };
  for (const rel of allMarkdown(staging)) partialsOf(staging, rel, readFileSync(join(staging, rel), 'utf8'), read);
  return copied;
}

/**
 * Copies the site's own components the imported pages import (`@site/src/components/X`, a relative path), with every
 * file of the site a bundling of them reads (their styles, what they import from the site), at their paths below
 * the site's folder. Packages stay where they are installed. Returns how many files it copied.
 */
async function copyImportedComponents(siteDir: string, staging: string): Promise<number> {
  const sources = allMarkdown(staging).map((rel) => ({ rel, body: readFileSync(join(staging, rel), 'utf8') }));
  const targets = componentImports(sources);
  if (!targets.length) return 0;
  const site = resolve(siteDir);
  const { files } = await bundleSiteComponents(site, targets, '/');
  let copied = 0;
  for (const file of files) {
    const rel = relative(site, file);
    if (rel.startsWith('..') || rel.split(sep).includes('node_modules') || existsSync(join(staging, rel))) continue;
    mkdirSync(dirname(join(staging, rel)), { recursive: true });
    copyFileSync(file, join(staging, rel));
    copied++;
  }
  return copied;
}

/** The result of an import: where it wrote and what it could not carry. */
export interface ImportResult {
  out: string;
  files: number;
  notes: string[];
}

/** Imports the Docusaurus site in `siteDir` into the new folder `out`; throws saying why it cannot. */
export async function importDocusaurus(siteDir: string, out: string): Promise<ImportResult> {
  const configName = CONFIG_FILES.find((name) => existsSync(join(siteDir, name)));
  if (!configName) throw new Error(`${siteDir} holds no Docusaurus configuration (${CONFIG_FILES.join(', ')}). Name the folder that holds it.`);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty. Name a new folder with --out, or remove it.`);
  const evaluated = evaluate(join(siteDir, configName));
  if (evaluated.error || !evaluated.config) throw new Error(`${join(siteDir, configName)} stopped with an error:\n${evaluated.error ?? 'no configuration'}`);
  const { site, docs, notes } = importConfig(evaluated.config);
  const named = (items: string[]) => items.map((item) => `\`${item}\``).join(', ');
  // What does not resolve is a file (`./src/css/custom.css`) or a package (`prism-react-renderer`).
  const isFile = (specifier: string) => /^\.{0,2}\//.test(specifier);
  const files = [...evaluated.unreadable, ...evaluated.missing.filter(isFile)];
  const packages = evaluated.missing.filter((specifier) => !isFile(specifier));
  if (files.length > 0) notes.unshift(`files the configuration reads are not there (${named(files)}); it ran as if they were empty.`);
  if (packages.length > 0) notes.unshift(`packages the configuration imports are not installed here (${named(packages)}); it ran with stand-ins for them.`);

  mkdirSync(dirname(resolve(out)), { recursive: true });
  const staging = mkdtempSync(join(dirname(resolve(out)), `.${basename(out)}.importing-`));
  try {
    const skipped: Skipped = { excluded: 0, other: [] };
    let fileCount = copyDocsTree(join(siteDir, docs.path), join(staging, 'docs'), docs, skipped);

    const versionsFile = join(siteDir, 'versions.json');
    if (existsSync(versionsFile)) {
      const names = JSON.parse(readFileSync(versionsFile, 'utf8')) as unknown;
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new Error(`${versionsFile} is no list of version names.`);
      copyFileSync(versionsFile, join(staging, 'versions.json'));
      for (const name of names) {
        fileCount += copyDocsTree(join(siteDir, 'versioned_docs', `version-${name}`), join(staging, 'versioned_docs', `version-${name}`), docs, skipped);
        const sidebar = join(siteDir, 'versioned_sidebars', `version-${name}-sidebars.json`);
        if (existsSync(sidebar)) {
          mkdirSync(join(staging, 'versioned_sidebars'), { recursive: true });
          copyFileSync(sidebar, join(staging, 'versioned_sidebars', basename(sidebar)));
        }
      }
    }

    // Translations: each locale's docs, theme texts and code.json, as Docusaurus lays them out.
    for (const locale of site.i18n?.locales ?? []) {
      if (locale === site.i18n?.defaultLocale) continue;
      const from = join(siteDir, site.i18n?.path ?? 'i18n', locale);
      if (!existsSync(from)) continue;
      const to = join(staging, 'i18n', locale);
      fileCount += copyDocsTree(join(from, 'docusaurus-plugin-content-docs'), join(to, 'docusaurus-plugin-content-docs'), docs, skipped);
      copyAsIs(join(from, 'docusaurus-theme-classic'), join(to, 'docusaurus-theme-classic'));
      if (existsSync(join(from, 'code.json'))) copyFileSync(join(from, 'code.json'), join(to, 'code.json'));
    }
    // A static file at an address the build writes itself (the shell's hashed files, blobs/, its service worker)
    // cannot be published there; the site gets the build's file instead.
    // The shell's own public files (its logo, favicon, social card) keep their addresses too.
    // Pages and code (`.html`, `.js`, `.md` demos) are no kind the site serves from static/.
    const taken: string[] = [];
    const shells: string[] = [];
    const kinds: string[] = [];
    const staticFiles = copyAsIs(join(siteDir, 'static'), join(staging, 'static'), (rel) => {
      if (!staticMayTake(rel) && generatedAt(rel) !== null) taken.push(rel);
      else if (existsSync(join(PUBLIC_DIR, rel))) shells.push(rel);
      else if (!isPublishedStaticKind(rel)) kinds.push(rel);
      else return false;
      return true;
    });
    const partials = new Set(copyImportedPartials(siteDir, staging));
    fileCount += partials.size;
    fileCount += await copyImportedComponents(siteDir, staging);
    kinds.splice(0, kinds.length, ...kinds.filter((rel) => !partials.has(`static/${rel}`)));
    const some = (rels: string[]) =>
      `${rels.length} static file${rels.length === 1 ? '' : 's'} (${rels
        .slice(0, 3)
        .map((rel) => `static/${rel}`)
        .join(', ')}${rels.length > 3 ? ', …' : ''})`;
    if (taken.length > 0)
      notes.push(
        `${some(taken)} at an address the build writes itself not copied: the site is served the build's own (its sw.js, _app/, blobs/, search/). Move a file the pages need to another folder of static/.`,
      );
    if (kinds.length > 0)
      notes.push(
        `${some(kinds)} of kinds the site does not publish (pages, scripts, styles) not copied: a browser would run them outside every check pages get. Write pages as docs; images, data and archives are published.`,
      );
    if (shells.length > 0)
      notes.push(`${some(shells)} at the address of a file of the shell's public/ not copied: the shell's is served. Give the site's file another name.`);

    let sidebars: unknown;
    if (docs.sidebarPath) {
      const key = relative(siteDir, resolve(siteDir, docs.sidebarPath)).split(sep).join('/');
      // The build's own reader, as it reads a sidebars file it is given: evaluated in a child process of its own.
      const log = new ProblemLog();
      sidebars = readSidebarsFile(siteDir, key, log)?.value;
      for (const { message } of log.warnings) notes.push(`the sidebars file ${key} ${message}`);
      if (sidebars === undefined)
        notes.push(`the sidebars file ${key} ${log.errors[0]?.message ?? 'could not be read.'} The sidebars are generated from the folders.`);
      else writeFileSync(join(staging, 'sidebars.json'), `${JSON.stringify(sidebars, null, 2)}\n`);
    }
    site.docs = { ...mainDoc(join(staging, 'docs'), sidebars), ...site.docs };
    if (!site.docs.mainDocId) throw new Error(`${join(siteDir, docs.path)} holds no docs to import.`);
    writeFileSync(join(staging, SITE_CONFIG_FILE), `${JSON.stringify(site, null, 2)}\n`);

    if (skipped.excluded > 0)
      notes.push(
        `${skipped.excluded} markdown file${skipped.excluded === 1 ? '' : 's'} that include/exclude leave out ${skipped.excluded === 1 ? 'is' : 'are'} not copied.`,
      );
    if (skipped.other.length > 0) {
      const shown = skipped.other.slice(0, 3).join(', ');
      notes.push(
        `${skipped.other.length} file${skipped.other.length === 1 ? '' : 's'} in the docs that are code or of no kind the site publishes, not copied (${shown}${skipped.other.length > 3 ? ', …' : ''}).`,
      );
    }
    if (staticFiles === 0) notes.push('the site has no static/ folder.');
    if (existsSync(out)) rmSync(out, { recursive: true });
    renameSync(staging, out);
    return { out, files: fileCount, notes };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let read;
  try {
    read = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`[import:docusaurus] ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (read.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [siteDir, ...rest] = read.positionals;
  if (!siteDir || rest.length > 0) {
    console.error(`[import:docusaurus] name one site folder.\n\n${USAGE}`);
    process.exit(2);
  }
  const out = resolve(read.values.out ?? join('imported', basename(resolve(siteDir))));
  try {
    const result = await importDocusaurus(resolve(siteDir), out);
    for (const note of result.notes) console.log(`[import:docusaurus] not carried: ${note}`);
    console.log(
      `[import:docusaurus] wrote ${result.files} files to ${relative(process.cwd(), out) || '.'}. Build it with:\n  npm run build -- --content ${relative(process.cwd(), out)} --out <dist folder>`,
    );
  } catch (error) {
    console.error(`[import:docusaurus] ${(error as Error).message}`);
    process.exit(1);
  }
}
