/**
 * Build entry. `tsx build.ts` (`npm run build:content`) builds the content into
 * `dist/` (keeping the shell that is there); with `--shell` it bundles the
 * shell first. Every step writes into a temporary folder that replaces `dist/`
 * only when the whole build has succeeded (the dev server's content rebuilds
 * write into `dist/` itself, once everything is built: `devServer`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from './manifest/types';
import type { ServerRenderer } from './manifest/serverRender';
import { checkLinks, checkTitles } from './node/check';
import { docsModel, pageTexts, planRoutes } from './node/docs';
import { BuildError, CacheMismatchError, formatProblem, ProblemLog, type Problem } from './node/problems';
import { withDocumentWorker } from './node/documentPool';
import { LARGE_SITE_ROUTES, renderView, routeDocuments, type ShellAssets } from './node/routeHtml';
import { cacheVersion, clearCliCaches, hasRenderCache, openCliCaches } from './node/cliCaches';
import type { ShellRecord } from './node/shellRecord';
import { assembleManifest, type DeferredSearch } from './node/assembleManifest';
import { type ParallelOptions, renderContent, warmRenderWorker, type WarmWorker } from './node/renderPool';
import { BuildSession, type RenderCache } from './node/session';
import { publishedMarkdown } from './node/published';
import { siteFiles } from './node/siteFiles';
import { readContent } from './node/sources';
import { startSearchRecords, type RecordsInput, type RecordsWriting } from './node/recordsPool';
import {
  carryPreviousBlobs,
  carryShell,
  checkOutputFolder,
  discard,
  discardActiveTemps,
  lazyFiles,
  OUTPUT_MARKER,
  OUTPUT_MARKER_TEXT,
  readShellRecord,
  SHELL_RECORD,
  swapIn,
  tempDirFor,
  writeFiles,
  writeInPlace,
  type FileTable,
  type OutputData,
} from './node/output';
import { buildShell } from './node/shell';
import { loadServerRenderer } from './node/serverRenderer';
import { writeServiceWorker } from './node/serviceWorker';
import { stepTimer, type StepTimes } from './node/steps';
import { limitHeapGrowth } from './node/heap';

export { BuildSession };
export type { RenderCache };

export interface ContentBuildOptions {
  /** The `content/` folder. */
  contentDir: string;
  /** Shell assets to reference from the HTML, or null for HTML without the shell. */
  shell: ShellAssets | null;
  /**
   * What this build keeps for the next and takes from the last (`BuildSession`): the dev server's, or the CLI's
   * with the render cache from disk. Without it the build makes one it drops at its end, and keeps nothing.
   */
  session?: BuildSession;
  /** Receives warnings (broken anchors, unresolvable markdown links). */
  onWarning?: (problem: Problem) => void;
  /** Render big cold builds on several cores (`renderPool.ts`); without it every page renders in this thread. */
  parallel?: ParallelOptions;
  /** Loads the shell's server-render bundle, which renders every route's markup, when the first route's HTML is made; without it, a bundle of `src/` (`serverRenderer.ts`). */
  renderer?: () => Promise<ServerRenderer>;
  /** The shell's `public/` folder: its files may be linked and shown as they are served (`/img/x.png`). */
  publicDir?: string;
  /** Above this many routes, pages are written as for a large site (`LARGE_SITE_ROUTES` in `html.ts`, the default). */
  largeSiteRoutes?: number;
  /** What changed in `contentDir` since this process's last build of it (`readContent`'s `changed`); without it every file is looked at. */
  changed?: readonly string[];
  /**
   * The dev server's builds: leave the route documents out of `files` (`documents`, listed when first looked up)
   * and the local search index (`deferredSearch`, made when its entry is asked for).
   */
  defer?: boolean;
}

export interface ContentBuildResult {
  /** Files to write below `dist/`, by relative path. */
  files: Map<string, OutputData>;
  /**
   * The per-route HTML files (made when written), `404.html` and the `x/index.html` links included: among `files`,
   * or with `defer` apart from them, for a server to make when they are asked for.
   */
  documents: FileTable;
  /** With `defer`: the local search index, made when its entry is asked for. */
  deferredSearch: DeferredSearch | null;
  manifest: Manifest;
  /** DocSearch records (the text of a JSON array, in parts) for `npm run search:upload`, made when read; written beside `dist/`, never deployed. */
  records: () => Iterable<string>;
  /** What `records` are made of (`startSearchRecords`). */
  recordsInput: RecordsInput;
  warnings: Problem[];
  /** How many pages were rendered rather than taken from the cache. */
  rendered: number;
  /** How many markdown bodies were parsed for them: pages with the same body (a version's page that did not change) share one. */
  parsed: number;
  /** Milliseconds per step. */
  steps: StepTimes;
}

/**
 * The content build, in the steps of ARCHITECTURE.md's flowchart: read the
 * sources, plan the routes, render, check, build the docs model, assemble the
 * manifest, then the per-route HTML and the site-wide files. Output is an
 * in-memory file map (per-route HTML made when written); `buildSite` writes it
 * atomically. Throws `BuildError` on any error, after collecting all of them.
 */
export async function buildContent(options: ContentBuildOptions): Promise<ContentBuildResult> {
  const time = stepTimer();
  const log = new ProblemLog();
  const session = options.session ?? new BuildSession({ keeps: false });
  const src = readContent(options.contentDir, options.publicDir, log, session, options.changed);
  time.lap('read');
  const plan = planRoutes(src, log, session);
  const { renders, version: renderedWith, rendered, parsed, componentFiles } = await renderContent(plan, session, options.parallel, src.contentDir);
  time.lap('render');
  const texts = pageTexts(renders);
  checkTitles(plan, texts, log);
  const model = docsModel(plan, src, texts, log, session);
  log.throwIfAny((n) => `Cannot build: ${n} problem${n === 1 ? '' : 's'} in content:`);
  checkLinks(src, plan, renders, log, session);
  for (const w of log.warnings) options.onWarning?.(w);
  time.lap('check');
  const files = new Map<string, OutputData>(componentFiles);
  const large = Object.keys(plan.routes).length > (options.largeSiteRoutes ?? LARGE_SITE_ROUTES);
  const { manifest, root, shards, records, recordsInput, deferredSearch, articles, intact } = assembleManifest(
    src,
    plan,
    renders,
    renderedWith,
    texts,
    model,
    files,
    session,
    large ? 'routes' : 'blobs',
    options.shell?.js ?? null,
    options.defer ?? false,
  );
  time.lap('manifest');
  let server: Promise<ServerRenderer> | undefined;
  const load = options.renderer ?? (() => loadServerRenderer({ dir: '', shell: null }));
  const parallel = options.parallel;
  const view = renderView(root, shards);
  const renderer = () =>
    (server ??= load().then((local) =>
      parallel?.documents ? withDocumentWorker(local, view.root, view.shards, Object.keys(manifest.routes).length, parallel.onFallback) : local,
    ));
  // Kept documents are the shell's server bundle's: a build that renders with another renderer keeps none.
  const store = options.renderer && options.shell?.hash ? session.routes : undefined;
  const built = { manifest, root, shards, articles, view };
  const documentsOf = () => routeDocuments(built, options.shell, renderer, large, store);
  let documents: FileTable;
  if (options.defer) {
    documents = lazyFiles(() => {
      // Only a build that failed after the manifest step leaves a table in use that it took over.
      if (!intact())
        throw new BuildError(`Cannot make the pages' HTML of a build whose page tables a later build changed. Fix that build's problem and save again.`);
      return documentsOf();
    });
  } else {
    const made = documentsOf();
    for (const [name, data] of made) files.set(name, data);
    documents = made;
  }
  // No content file can be a route document: content holds no `.html` (`readContent`).
  siteFiles(
    files,
    src,
    plan,
    model,
    manifest,
    new Set(options.shell?.files ?? []),
    large,
    log,
    (file) => publishedMarkdown(file.body, renders.get(file.rel)),
    session,
  );
  log.throwIfAny((n) => `Cannot build: ${n} file${n === 1 ? '' : 's'} in content would replace generated files:`);
  time.lap('site files');
  return { files, documents, deferredSearch, manifest, records, recordsInput, warnings: log.warnings, rendered, parsed, steps: time.steps };
}

/** Options of one build. */
export interface BuildSiteOptions {
  /** Project root (holds `src/`, `public/`). */
  root: string;
  /** The `content/` folder. */
  contentDir: string;
  /** The site folder, `dist/`. */
  distDir: string;
  /** Bundle the shell too. */
  shell: boolean;
  /** What builds keep for the next (`ContentBuildOptions.session`). */
  session?: BuildSession;
  /** A render worker the caller started early, for the few pages a build with a render cache renders (`ParallelOptions.warm`). */
  renderWorker?: WarmWorker;
  /** Dev build: unminified shell. */
  dev?: boolean;
  /** Prints warnings; defaults to stderr. */
  warn?: (line: string) => void;
  /**
   * A build for the dev server, where a saved file should reach the page at once:
   * the per-route HTML and the local search index are left out of `distDir` and returned as
   * `documents` and `deferredSearch`, each made when asked for (with the server bundle `distDir` holds then), so
   * the dev server renders only the routes readers open; and a content-only build over a built
   * site updates `distDir` in place (`writeInPlace`) instead of swapping in a copy.
   */
  devServer?: boolean;
  /** `ContentBuildOptions.largeSiteRoutes`. */
  largeSiteRoutes?: number;
  /**
   * The paths below `contentDir` (relative, POSIX separators) written, added or removed since this
   * process's last build, as a file watcher saw them (`ContentBuildOptions.changed`): the dev server
   * then looks at no other file. Without it every file is looked at.
   */
  changed?: readonly string[];
  /**
   * With `devServer`: the files the server wrote into `distDir` on request since its last build there (route
   * documents, the local index), which an in-place build removes as the build before's.
   */
  madeOnRequest?: Iterable<string>;
}

/** What a build did. */
export interface BuildSiteResult {
  pages: number;
  rendered: number;
  /** `ContentBuildResult.parsed`. */
  parsed: number;
  warnings: number;
  shell: ShellRecord | null;
  /** The manifest it wrote. */
  manifest: Manifest;
  ms: number;
  /** Milliseconds per step. */
  steps: StepTimes;
  /** With `devServer`: the files below `distDir` made when asked for, not written: the per-route HTML (`x/index.html` as `{ linkTo }`). */
  documents?: FileTable;
  /** With `devServer`: the local search index, made when its entry is asked for. */
  deferredSearch?: DeferredSearch | null;
  /** With `devServer`: the DocSearch records a deployable build writes beside `distDir` (`ContentBuildResult.records`), made when read. */
  records?: () => Iterable<string>;
}

/**
 * Builds the site; on failure `distDir` is left exactly as it was (a dev
 * server's in-place update writes only once the whole build has succeeded).
 */
export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteResult> {
  const started = performance.now();
  const time = stepTimer();
  const warn = options.warn ?? ((line: string) => console.warn(`[build] warning: ${line}`));
  const session = options.session ?? new BuildSession({ keeps: false });
  checkOutputFolder(options);
  // The dev server's content rebuilds update dist/ where it is; every other build writes a copy (`out`).
  const inPlace = options.devServer && !options.shell ? readShellRecord(options.distDir) : null;
  const out = inPlace ? options.distDir : tempDirFor(options.distDir);
  let records: RecordsWriting | null = null;
  try {
    let shell: ShellRecord | null;
    if (options.shell) {
      shell = await buildShell({ root: options.root, outDir: out, dev: options.dev, cache: session.shell });
      writeFileSync(join(out, SHELL_RECORD), JSON.stringify(shell, null, 2));
    } else {
      shell = inPlace ?? readShellRecord(options.distDir);
      if (shell && !inPlace) carryShell(options.distDir, out, shell);
    }
    time.lap('shell');
    const cssText = shell ? readFileSync(join(out, shell.css), 'utf8') : undefined;
    // A kept shell's server bundle is loaded from dist/, where its files already are: the same path in
    // every build of a process, so Node loads it once. Deferred documents render after the swap.
    const rendererDir = options.shell && !options.devServer ? out : options.distDir;
    const result = await buildContent({
      contentDir: options.contentDir,
      shell: shell && { ...shell, cssText },
      renderer: () => loadServerRenderer({ dir: rendererDir, shell }),
      session,
      largeSiteRoutes: options.largeSiteRoutes,
      changed: options.changed,
      defer: options.devServer,
      publicDir: join(options.root, 'public'),
      parallel: {
        root: options.root,
        documents: !options.devServer,
        onFallback: (e) => warn(`render worker unavailable, rendering in one thread: ${(e as Error).message}`),
        warm: options.renderWorker,
      },
      onWarning: (p) => warn(formatProblem(p)),
    });
    time.add(result.steps);
    // `npm run search:upload` reads the records of a deployable build; the dev server's dist/ is none. A large
    // site's are made on another core while this one writes the site, and put in place once the site is.
    records = options.devServer
      ? null
      : startSearchRecords(options.distDir, result.recordsInput, result.records, {
          root: options.root,
          onFallback: (e) => warn(`search records worker unavailable, writing them in this thread: ${(e as Error).message}`),
        });
    result.files.set(OUTPUT_MARKER, OUTPUT_MARKER_TEXT);
    if (inPlace) {
      await writeInPlace(out, result.files, inPlace, session, options.madeOnRequest);
      time.lap('write');
    } else {
      await writeFiles(out, result.files, options.distDir);
      time.lap('write');
      carryPreviousBlobs(options.distDir, out);
      await writeServiceWorker({ root: options.root, outDir: out, shell, dev: options.dev, warn });
      swapIn(out, options.distDir);
      time.lap('swap');
    }
    // Taken out of `records` first, so that a failure in `finish` does not `discard` them too.
    const writing = records;
    records = null;
    await writing?.finish();
    time.lap('search records');
    const pages = Object.keys(result.manifest.docs).length + Object.keys(result.manifest.pages).length;
    return {
      pages,
      rendered: result.rendered,
      parsed: result.parsed,
      warnings: result.warnings.length,
      shell,
      manifest: result.manifest,
      ms: performance.now() - started,
      steps: time.steps,
      deferredSearch: result.deferredSearch,
      ...(options.devServer ? { documents: result.documents, records: result.records } : {}),
    };
  } catch (error) {
    if (!inPlace) discard(out);
    await records?.discard();
    throw error;
  }
}

/** What `tsx build.ts --help` prints. */
const USAGE = `usage: tsx build.ts [--shell] [--content content] [--out dist] [--no-cache] [--timings]

Builds the site into the output folder: the content (manifest, blobs, search files, the HTML of every
route, sitemap, llms.txt) and, with --shell, the shell first. Without --shell the shell the output
folder holds is kept. The folder is replaced only when the whole build has succeeded.

  --shell         bundle the shell too (npm run build); without it, content only (npm run build:content)
  --content DIR   the content folder (default: content)
  --out DIR       the output folder (default: dist): new, empty or a build's output; never the content,
                  public/ or a source folder
  --no-cache      render every page again instead of taking the last build's renderings
  --timings       print the time of each step, the cache's reading and saving included
  -h, --help      print this and exit`;

/** The command line of `tsx build.ts` (`node:util` parseArgs: an unknown option or a missing value throws). */
function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      shell: { type: 'boolean', default: false },
      content: { type: 'string', default: 'content' },
      out: { type: 'string', default: 'dist' },
      'no-cache': { type: 'boolean', default: false },
      timings: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return values;
}

/** Exit codes of a process ended by a signal, as shells report them (128 + the signal's number). */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** How the command line's messages name the output folder: from the project root when it lies below it (`dist/`), else in full. */
function shownFolder(root: string, dir: string): string {
  const rel = relative(root, dir);
  if (!rel) return './';
  return rel.startsWith('..') || isAbsolute(rel) ? `${dir}/` : `${rel}/`;
}

async function main(): Promise<void> {
  // Until the command line is read, the folder a build replaces by default.
  let out = 'dist/';
  // Ctrl+C or a CI runner's stop in the middle of a build: its copy of the site goes too, the output folder stays as it was.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      discardActiveTemps();
      console.error(`[build] stopped by ${signal}; ${out} was left unchanged.`);
      process.exit(SIGNAL_EXIT[signal]);
    });
  }
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`[build] ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  limitHeapGrowth();
  const root = process.cwd();
  const useCache = !args['no-cache'];
  const options = { root, contentDir: resolve(args.content), distDir: resolve(args.out), shell: args.shell, timings: args.timings };
  out = shownFolder(root, options.distDir);
  try {
    try {
      await cliBuild(options, useCache, true);
    } catch (error) {
      if (!useCache || !(error instanceof CacheMismatchError || (error as Error | null)?.name === 'CacheMismatchError')) throw error;
      // Which kept product a changed file fed is not known where its bytes fail their check: all are made again.
      console.warn(`[build] warning: ${(error as Error).message}: the caches changed since a build kept them. Building again without them.`);
      clearCliCaches(root);
      await cliBuild(options, useCache, false);
    }
  } catch (error) {
    if (error instanceof BuildError) {
      console.error(`[build] ${error.message}\n[build] ${out} was left unchanged.`);
    } else {
      console.error(`[build] failed; ${out} was left unchanged.`, error);
    }
    process.exitCode = 1;
  }
}

/** One CLI build with the caches on disk (`useCache`), then their save and its report; `warm` starts a render worker early. */
async function cliBuild(
  options: { root: string; contentDir: string; distDir: string; shell: boolean; timings: boolean },
  useCache: boolean,
  warm: boolean,
): Promise<void> {
  const { root } = options;
  const time = stepTimer();
  // A build with a render cache renders few pages: a worker loads the renderer for them while this thread reads.
  const renderWorker = warm && useCache && hasRenderCache(root) ? warmRenderWorker(root) : undefined;
  const caches = useCache ? openCliCaches(root, cacheVersion(root)) : undefined;
  // The CLI's session keeps what its caches on disk hold, from disk and back: nothing else serves a next build.
  const session = new BuildSession({ keeps: false, ...caches?.stores });
  time.lap('cache read');
  try {
    const result = await buildSite({
      root,
      contentDir: options.contentDir,
      distDir: options.distDir,
      shell: options.shell,
      session,
      renderWorker,
    });
    time.add(result.steps);
    caches?.save(session, result.rendered);
    time.lap('cache save');
    const kept = session.routes?.counts;
    const steps = options.timings
      ? `\n[build] ${Object.entries(time.steps)
          .map(([step, ms]) => `${step} ${Math.round(ms)}`)
          .join(', ')} ms${kept ? `; route documents: ${kept.found} kept, ${kept.written} rendered` : ''}${session.shell?.restored ? '; shell kept' : ''}`
      : '';
    console.log(
      `[build] ${result.pages} pages (${result.rendered} rendered${result.parsed < result.rendered ? ` from ${result.parsed} distinct bodies` : ''}, ${result.pages - result.rendered} from cache)${result.shell ? `, shell ${result.shell.hash}` : ''}, ${result.warnings} warning${result.warnings === 1 ? '' : 's'}, ${Math.round(result.ms)} ms${steps}`,
    );
  } finally {
    await renderWorker?.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('build.ts')) await main();
