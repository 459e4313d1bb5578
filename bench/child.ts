/**
 * Benchmark child: `tsx bench/child.ts --content <dir> --out <dist> [--cache-file <json>] [--edit <rel>] [--rounds n] [--dev-server]`.
 *
 * Runs one first build, then (with `--edit`) edits that one doc `rounds` times
 * and rebuilds after each edit in this same process with the warm render
 * cache, as the dev server does. The first build starts from the render cache
 * in `--cache-file` (the one a cold `build.ts` run just saved, so the tree is
 * not rendered twice) or, without it, from an empty cache: a cold build.
 * Prints one line `BENCH_RESULT {json}` with the timings and this process's
 * peak RSS (`process.resourceUsage().maxRSS`), which the parent uses when
 * `/usr/bin/time` is not available.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSite, BuildSession } from '../build';
import { DEV_HEAP_GROWING_PERCENT, limitHeapGrowth } from '../node/heap';
import { cacheVersion } from '../node/cliCaches';
import { readRenderCache } from '../node/renderCache';
import { commandLine, wholeNumber } from '../scripts/commandLine';

export interface ChildResult {
  pages: number;
  /** Entries loaded from `--cache-file`. */
  cacheEntries: number;
  /** The first build: cold when nothing came from the cache file. */
  firstMs: number;
  firstRendered: number;
  /** Peak RSS after the first build, bytes. */
  firstMaxRss: number;
  /** Each rebuild: its time, pages rendered, milliseconds per step and this process's RSS after it (bytes). */
  rebuilds: { ms: number; rendered: number; steps: Record<string, number>; rss: number }[];
  /** Peak RSS at the end, bytes. */
  maxRss: number;
}

const USAGE = `usage: tsx bench/child.ts [--content content] [--out dist-bench] [--cache-file FILE] [--edit REL] [--rounds 3] [--dev-server]

Builds once, then edits one doc and rebuilds in this process; prints BENCH_RESULT {json} (npm run bench runs it).

  --content DIR      the content folder (default: content)
  --out DIR          the output folder (default: dist-bench)
  --cache-file FILE  the render cache to start from (default: none, a cold build)
  --edit REL         the doc to edit, below the content folder (default: none, no rebuilds)
  --rounds N         edits and rebuilds (default: 3)
  --dev-server       build as npm run dev does
  -h, --help         print this and exit`;
const args = commandLine(
  'bench',
  USAGE,
  {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist-bench' },
    'cache-file': { type: 'string' },
    edit: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    'dev-server': { type: 'boolean', default: false },
  },
  (values) => (wholeNumber(values.rounds, 0) === undefined ? `--rounds takes a whole number, not ${values.rounds}` : undefined),
);
const contentDir = resolve(args.content);
const distDir = resolve(args.out);
const { edit } = args;
const rounds = Number(args.rounds);
const cacheFile = args['cache-file'];
/** Build as `npm run dev` does: content written into dist/ in place, route HTML made when a request asks for it, and only the saved file looked at. */
const devServer = args['dev-server'];
// As the dev server and the CLI build do.
limitHeapGrowth(devServer ? DEV_HEAP_GROWING_PERCENT : undefined);

// Unreadable or missing: start cold.
// The dev server's session keeps everything for its next build; a CLI build's keeps only its renderings.
const session = new BuildSession({ renders: cacheFile ? await readRenderCache(cacheFile, cacheVersion(process.cwd())) : new Map(), keeps: devServer });
const cacheEntries = session.renders.size;
const options = { root: process.cwd(), contentDir, distDir, shell: false, session, devServer, warn: () => {} };
const first = await buildSite(options);
const firstMaxRss = process.resourceUsage().maxRSS * 1024;
const rebuilds: ChildResult['rebuilds'] = [];
if (edit) {
  const file = join(contentDir, edit);
  const original = readFileSync(file, 'utf8');
  try {
    for (let r = 1; r <= rounds; r++) {
      appendFileSync(file, `\nEdited for the benchmark, round ${r}: one more paragraph of prose.\n`);
      // The dev server's watcher names the saved file to its builds; a CLI build has no such list.
      const result = await buildSite(devServer ? { ...options, changed: [edit] } : options);
      rebuilds.push({ ms: result.ms, rendered: result.rendered, steps: result.steps, rss: process.memoryUsage().rss });
    }
  } finally {
    writeFileSync(file, original);
  }
}
const out: ChildResult = {
  pages: first.pages,
  cacheEntries,
  firstMs: first.ms,
  firstRendered: first.rendered,
  firstMaxRss,
  rebuilds,
  maxRss: process.resourceUsage().maxRSS * 1024,
};
console.log(`BENCH_RESULT ${JSON.stringify(out)}`);
