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
import { readRenderCache } from '../src/build/renderCache';

export interface ChildResult {
  pages: number;
  /** Entries loaded from `--cache-file`. */
  cacheEntries: number;
  /** The first build: cold when nothing came from the cache file. */
  firstMs: number;
  firstRendered: number;
  /** Peak RSS after the first build, bytes. */
  firstMaxRss: number;
  rebuilds: { ms: number; rendered: number }[];
  /** Peak RSS at the end, bytes. */
  maxRss: number;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const contentDir = resolve(flag('--content') ?? 'content');
const distDir = resolve(flag('--out') ?? 'dist-bench');
const edit = flag('--edit');
const rounds = Number(flag('--rounds') ?? 3);
const cacheFile = flag('--cache-file');
/** Build as `npm run dev` does: content written into dist/ in place, route HTML made when a request asks for it, and only the saved file looked at. */
const devServer = args.includes('--dev-server');

// Unreadable or missing: start cold.
// The dev server's session keeps everything for its next build; a CLI build's keeps only its renderings.
const session = new BuildSession({ renders: cacheFile ? await readRenderCache(cacheFile) : new Map(), keeps: devServer });
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
      rebuilds.push({ ms: result.ms, rendered: result.rendered });
    }
  } finally {
    writeFileSync(file, original);
  }
}
const out: ChildResult = { pages: first.pages, cacheEntries, firstMs: first.ms, firstRendered: first.rendered, firstMaxRss, rebuilds, maxRss: process.resourceUsage().maxRSS * 1024 };
console.log(`BENCH_RESULT ${JSON.stringify(out)}`);
