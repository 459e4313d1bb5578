/**
 * The shell build: esbuild bundles `src/main.tsx` with code splitting, hashed
 * names and minification, and copies `public/`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { ProblemLog } from './problems';
import { vetStaticFolder } from './staticFiles';
import type { ShellRecord } from './shellRecord';
import type { ShellCache } from './shellCache';

/**
 * rehype-highlight registers lowlight's 37 "common" grammars unless given
 * others; the shell always passes its own, so the common set is replaced by an
 * empty one and grammars load per page (manifest `codeLanguages`).
 */
const noCommonGrammars: esbuild.Plugin = {
  name: 'no-common-grammars',
  setup(build) {
    build.onLoad({ filter: /[\\/]lowlight[\\/]lib[\\/]common\.js$/ }, () => ({ contents: 'export const grammars = {}', loader: 'js' }));
  },
};

/** Options of a shell build. */
export interface ShellBuildOptions {
  root: string;
  outDir: string;
  /** Keep names readable and skip minification (dev server). */
  dev?: boolean;
}

/**
 * Bundles the shell into `outDir` and returns its record; with `cache`, takes the kept build when nothing it
 * was made from changed, and keeps this one otherwise.
 */
export async function buildShell(options: ShellBuildOptions & { cache?: ShellCache }): Promise<ShellRecord> {
  const { root, outDir, dev = false, cache } = options;
  const restored = cache?.restore(root, outDir, dev);
  if (restored) return restored;
  const { record, inputs, publicFiles } = await bundleShell({ root, outDir, dev });
  cache?.save(root, outDir, record, inputs, publicFiles, dev);
  return record;
}

/** Bundles the shell into `outDir`: its record, the files esbuild read (below `root`) and those of `public/`. */
async function bundleShell({ root, outDir, dev = false }: ShellBuildOptions): Promise<{ record: ShellRecord; inputs: string[]; publicFiles: string[] }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'src/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    outdir: join(outDir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    minify: !dev,
    sourcemap: dev ? 'inline' : false,
    metafile: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    loader: { '.svg': 'file', '.woff2': 'file' },
    plugins: [noCommonGrammars],
    logLevel: 'silent',
  });
  const rel = (p: string) => relative(outDir, join(root, p)).split(sep).join('/');
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'src/main.tsx' && !o.cssBundle === false) ?? outputs.find(([, o]) => o.entryPoint === 'src/main.tsx');
  if (!entry) throw new Error('[build] esbuild produced no entry for src/main.tsx');
  const [entryFile, entryMeta] = entry;
  const css = entryMeta.cssBundle ?? outputs.find(([f]) => f.endsWith('.css'))?.[0];
  if (!css) throw new Error('[build] the shell has no stylesheet: src/main.tsx must import ./styles.css');
  if (!dev) markCalledOnLoad(root, entryFile, result.metafile);
  const publicFiles = copyPublic(join(root, 'public'), outDir);
  const server = await buildServerRenderer({ root, outDir: join(outDir, SERVER_DIR), dev });
  const files = [...outputs.map(([f]) => rel(f)), ...publicFiles, ...server.files.map((f) => `${SERVER_DIR}/${f}`)];
  const hash = createHash('sha256');
  for (const f of files.sort()) hash.update(f).update(readFileSync(join(outDir, f)));
  return {
    record: { js: rel(entryFile), css: rel(css), files, server: `${SERVER_DIR}/${server.entry}`, hash: hash.digest('hex').slice(0, 16) },
    inputs: [...Object.keys(result.metafile.inputs), ...server.inputs],
    publicFiles,
  };
}

/**
 * Copies the files of `public/` into `outDir` and returns their paths below it. Only what `vetStaticFolder`
 * lets through is published, by the rules of `content/`: names starting with `.` (`.env`, `.git/`) stay out, a
 * symbolic link to a file inside `public/` is written as a copy of that file (never a link into the
 * checkout), and one that leaves `public/`, a file content could not hold or one with a generated file's
 * name fails the build, named.
 */
export function copyPublic(publicDir: string, outDir: string): string[] {
  const log = new ProblemLog();
  const files = vetStaticFolder(publicDir, log);
  log.throwIfAny((n) => `Cannot build: ${n} file${n === 1 ? '' : 's'} of \`public/\` cannot be published:`);
  for (const rel of files) {
    const to = join(outDir, rel);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(publicDir, rel), to);
  }
  return files;
}

/**
 * V8's explicit compile hint: a file that starts with this comment has all its
 * functions compiled eagerly, on a background thread while it streams in,
 * instead of each one on the main thread at its first call.
 */
const CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry, the chunks it imports (statically or with its own
 * `import()`s) and theirs statically, which is what the first page runs
 * (React, the router, the app), with `CALLED_ON_LOAD`, so hydration does not
 * stop to compile them. Chunks loaded on demand later are left lazy. The
 * comment is added after esbuild named the files: a name still stands for one
 * content, which is what caching by name needs.
 */
function markCalledOnLoad(root: string, entry: string, metafile: esbuild.Metafile): void {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of metafile.outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  // The entry's own `import()`s are the first page's too (main.tsx evaluates the app in steps); later ones are not.
  for (const i of metafile.outputs[entry]?.imports ?? []) if (i.kind === 'dynamic-import' && !i.external) visit(i.path);
  for (const file of seen) {
    const path = join(root, file);
    writeFileSync(path, CALLED_ON_LOAD + readFileSync(path, 'utf8'));
  }
}

/** Folder of the server-render bundle below `dist/`: a shell file the content build renders with, never fetched by readers. */
export const SERVER_DIR = 'ssr';

/**
 * Bundles `src/entry-server.tsx` for Node: the same components as the browser
 * bundle, rendered by the content build. Packages are bundled too,
 * so the bundle renders as its shell does whatever is installed later; code
 * the server never runs (Mermaid, the markdown renderer) stays in chunks it
 * does not load.
 */
export async function buildServerRenderer({ root, outDir, dev = false }: ShellBuildOptions): Promise<{ entry: string; files: string[]; inputs: string[] }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { render: 'src/entry-server.tsx' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: outDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    // ES modules by their name wherever the folder is (a `.js` file outside a package of type module is CommonJS to
    // Node, and a loader hook would then recompile the bundle at each new output path).
    outExtension: { '.js': '.mjs' },
    minify: !dev,
    metafile: true,
    legalComments: 'none',
    jsx: 'automatic',
    // Some packages are CommonJS and call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    loader: { '.css': 'empty', '.svg': 'file', '.woff2': 'file' },
    plugins: [noCommonGrammars],
    logLevel: 'silent',
  });
  const files = Object.keys(result.metafile.outputs).map((f) => relative(outDir, join(root, f)).split(sep).join('/'));
  const entry = files.find((f) => /^render-[A-Z0-9]+\.mjs$/.test(f));
  if (!entry) throw new Error('[build] esbuild produced no entry for src/entry-server.tsx');
  return { entry, files, inputs: Object.keys(result.metafile.inputs) };
}
