/**
 * The service worker build: esbuild bundles `src/sw/sw.ts`, Workbox's
 * `injectManifest` writes the precache list into it, and the result is
 * `dist/sw.js`.
 *
 * It runs on every build, content-only ones included: the precache holds the
 * home page (the app shell for pages never opened offline), which a content
 * build rewrites. `sw.js` is not a shell file (not in `shell.json`), so a
 * content build regenerates it while every shell file stays as it was. The
 * worker's version is the shell's hash plus the worker's own code: a
 * content-only build gives a worker that takes over silently, a new shell one
 * that waits for the reader's "Reload".
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import * as esbuild from 'esbuild';
import type { ShellRecord } from './shellRecord';
import { SERVER_DIR } from './shell';
import { GRAMMARS } from '../manifest/highlight';

/** The worker's file below `dist/` (registered as `<baseUrl>sw.js`). */
const SW_FILE = 'sw.js';
/** The worker's source below the project root. */
const SW_SOURCE = 'src/sw/sw.ts';
/** Placeholder of the version, replaced once the bundle (and so its hash) is known. */
const VERSION_MARK = '@@docs-sw-version@@';
/** The page served for a route never stored offline: the shell boots from it and renders the route. */
const APP_SHELL = 'index.html';

/**
 * Chunks that only a feature most pages lack loads (diagrams, the site's own components), or only a fallback path
 * (the shell's own markdown rendering, for an article that cannot be had, and
 * the highlighting grammars it alone loads): never precached, but cached when
 * a page first uses them, and saved by offline mode.
 */
const ON_DEMAND = [
  /(^|\/)MermaidDiagram-[A-Za-z0-9]+\.js$/,
  /(^|\/)MarkdownView-[A-Za-z0-9]+\.js$/,
  /(^|\/)hydrateSiteComponents-[A-Za-z0-9]+\.js$/,
  grammarChunks(),
];

/** The chunks esbuild makes of the grammars `manifest/highlight.ts` imports on demand (`bash-<hash>.js`). */
function grammarChunks(): RegExp {
  const names = Object.keys(GRAMMARS).map((name) => name.replace(/[^A-Za-z0-9]/g, '\\$&'));
  return new RegExp(`(^|/)chunks/(${names.join('|')})-[A-Za-z0-9]+\\.js$`);
}

/**
 * Public files above this size stay out of the precache: the social card is
 * read by crawlers, not readers. A page that shows such a file caches it then.
 */
const MAX_PUBLIC_PRECACHE_BYTES = 64 * 1024;

/** Options of the worker build. */
export interface ServiceWorkerOptions {
  /** Project root (holds `src/sw/sw.ts`). */
  root: string;
  /** The folder being built (the temporary `dist/`), with the shell and content already in it. */
  outDir: string;
  /** The shell in `outDir`, or null when there is none. */
  shell: ShellRecord | null;
  /** Development build: no worker. */
  dev?: boolean;
  /** Receives Workbox's warnings. */
  warn?: (line: string) => void;
}

/** What the worker build wrote. */
export interface ServiceWorkerResult {
  /** Shell and worker version. */
  version: string;
  /** Precached files and their total size. */
  precached: number;
  precacheBytes: number;
  /** Shell files left to offline mode. */
  extra: string[];
}

/**
 * The shell files every reader needs: the entry's static and dynamic imports,
 * followed transitively, except into `ON_DEMAND` chunks; plus the small public files.
 * Imports are read from esbuild's ESM output (`from"./x.js"`, `import("./x.js")`).
 */
function coreShellFiles(outDir: string, shell: ShellRecord): Set<string> {
  const known = new Set(shell.files);
  const core = new Set<string>([shell.css]);
  const stack = [shell.js];
  while (stack.length) {
    const file = stack.pop()!;
    if (core.has(file) || !known.has(file)) continue;
    core.add(file);
    const code = readFileSync(join(outDir, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)) {
      const target = normalize(join(dirname(file), m[1]!))
        .split('\\')
        .join('/');
      if (!ON_DEMAND.some((re) => re.test(target))) stack.push(target);
    }
  }
  for (const f of shell.files) {
    if (!f.startsWith('assets/') && !f.startsWith(`${SERVER_DIR}/`) && statSync(join(outDir, f)).size <= MAX_PUBLIC_PRECACHE_BYTES) core.add(f);
  }
  return core;
}

/** Bundles the worker; returns its code with `VERSION_MARK` still in it. */
async function bundleWorker(root: string, config: { js: string; css: string; extra: string[] }): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SW_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    minify: true,
    legalComments: 'none',
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __DOCS_SW__: JSON.stringify({ version: VERSION_MARK, ...config }),
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * Writes `sw.js` into `outDir`. Does nothing for development builds, without
 * a shell, without `src/sw/sw.ts` under the root (fixture builds), or when the
 * shell ships its own `sw.js` (shell files are never rewritten).
 */
export async function writeServiceWorker(options: ServiceWorkerOptions): Promise<ServiceWorkerResult | null> {
  const { root, outDir, shell } = options;
  // Development builds register no worker (live reload and a caching worker do not mix); without
  // `sw.js` on the dev server, a worker left by `npm start` on the same port unregisters itself.
  if (options.dev) return null;
  if (!shell || shell.files.includes(SW_FILE) || !existsSync(join(root, SW_SOURCE))) return null;
  const core = coreShellFiles(outDir, shell);
  // Offline mode saves the remaining chunks; big public files (the social card) are no reading matter.
  const extra = shell.files.filter((f) => !core.has(f) && f.startsWith('assets/')).sort();
  const bundled = await bundleWorker(root, { js: shell.js, css: shell.css, extra });
  const version = createHash('sha256').update(shell.hash).update(bundled).digest('hex').slice(0, 16);

  // workbox-build's index loads its generateSW toolchain; injectManifest alone starts in a fraction of the time.
  const { injectManifest } = await import('workbox-build/build/inject-manifest.js');
  const tmp = mkdtempSync(join(tmpdir(), 'docs-sw-'));
  try {
    const swSrc = join(tmp, SW_FILE);
    writeFileSync(swSrc, bundled.replace(VERSION_MARK, version));
    const result = await injectManifest({
      swSrc,
      swDest: join(outDir, SW_FILE),
      globDirectory: outDir,
      globPatterns: [...core, APP_SHELL].sort(),
      // Hashed names are their own revision; the others get one from their bytes.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    });
    for (const w of result.warnings) options.warn?.(`service worker: ${w}`);
    return { version, precached: result.count, precacheBytes: result.size, extra };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
