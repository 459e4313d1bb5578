/**
 * Content build benchmark: `npm run bench [-- --sizes 100,1000] [-- --keep]`.
 *
 * For synthetic trees of 100, 1,000 and 10,000 docs (bench/generate.ts) and
 * for this repo's own `content/`:
 *  - cold build: `node --import tsx build.ts --shell --content <dir> --out <dist> --no-cache`
 *    (what `npm run build -- --content <dir> --out <dist>` runs) in a child
 *    process, wall time and peak RSS (GNU `/usr/bin/time -v` when present,
 *    else the peak RSS the in-process child reports); for this site also a
 *    cold content-only build (no `--shell`), which has a target of its own;
 *  - output: `dist/` on disk, route HTML, the root manifest and its shards;
 *  - a cold visit of one doc in Chromium with ../shared/measure (when it and
 *    `MEASURE_DEPS` are there): bytes until the network is quiet;
 *  - for this site, its first visit beside the original Docusaurus site's
 *    (bench/firstVisit.ts, when ../shared/reference-site is there);
 *  - one-file rebuild: bench/child.ts builds once, then edits one doc and
 *    rebuilds with the warm render cache in the same process (median of 3),
 *    once as a full build (every route's HTML, atomic swap) and once as
 *    `npm run dev` builds (content in place, route HTML on request).
 * Prints tables with the targets and whether each is met.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ChildResult } from './child';
import { generateTree } from './generate';
import { parseArgs } from 'node:util';
import { measureQueries } from '../src/search/localEngine';
import { parseManifest } from '../manifest/parse';
import { ROOT_MANIFEST } from '../manifest/constants';
import { firstSearch, pagefindFirstSearch, type FirstSearch } from './firstSearch';
import { firstVisit } from './firstVisit';
import { buildPagefind } from './pagefind';
import { engineOf, localQuality, pagefindQuality, readQuestions, type QualityResult } from './searchQuality';

const ROOT = process.cwd();
/** The Node flags `npm run dev` starts with (package.json's `dev` script), so its rebuilds are measured as it runs them. */
const DEV_NODE_FLAGS: string[] =
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.dev!.match(/--max-semi-space-size=\d+/g) ?? [];
const TIME = '/usr/bin/time';
/** build.ts saves its render cache here; the bench puts the old file back. */
/** The CLI's caches (`node/renderCache.ts`): the render cache's index and its segments, the saved products, the route documents. */
const CACHE_DIR = join(ROOT, 'node_modules/.cache/abp-react-docs');
const RENDER_CACHE = join(CACHE_DIR, 'render-cache.jsonl');

/** This site's content build (no shell bundle), cold, s. */
const TARGET_SITE_S = 0.5;
const TARGET_10K_S = 15;
const TARGET_10K_MIB = 1024;
/** A deploy that changes one page of 10,000 docs, with the last deploy's caches (`measureDeploy`), s. */
const TARGET_10K_DEPLOY_S = 10;
const TARGET_REBUILD_MS = 200;
const TARGET_ROOT_GZ_KIB = 10;
const TARGET_VISIT_KIB = 250;
const TARGET_10K_DIST_MIB = 300;
/** Search: bytes from opening search to the first results (≤ 150 KiB at 10,000 docs, ≤ 200 KiB at 100,000, and ≤ 0.6× Pagefind's). */
const TARGET_FIRST_SEARCH_KIB: Record<number, number> = { 10_000: 150, 100_000: 200 };
const TARGET_FIRST_SEARCH_VS_PAGEFIND = 0.6;
/** Time to first results, throttled, at 10,000 docs, ms; local query p95, ms; index bytes a one-page deploy changes, share. */
const TARGET_FIRST_SEARCH_THROTTLED_MS = 1000;
const TARGET_QUERY_P95_MS = 10;
const TARGET_DEPLOY_CHANGED = 0.05;
/** The shared measurement scripts (../shared/measure), used for the cold visit when they and their dependencies are there. */
const MEASURE_DIR = join(ROOT, '..', 'shared', 'measure');
/** The original Docusaurus site, built, that the first visit is measured beside. */
const REFERENCE_SITE = join(ROOT, '..', 'shared', 'reference-site');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000,10000' },
    keep: { type: 'boolean', default: false },
    /** Leave out the one-file rebuilds (a 100,000-doc tree takes long to rebuild twice more). */
    'no-rebuilds': { type: 'boolean', default: false },
    /** Leave out Pagefind's index and first search. */
    'no-pagefind': { type: 'boolean', default: false },
  },
});
const sizes = flags.sizes
  .split(',')
  .map((s) => Number(s.replace(/[_\s]/g, '')))
  .filter((n) => Number.isInteger(n) && n > 0);
const keep = flags.keep;
/** The word the first-search figures type: in this site's docs and in the generated trees' vocabulary. */
const SEARCH_WORD = 'authentication';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(cmd: string, argv: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

interface Row {
  label: string;
  docs: number;
  pages: number | null;
  generateS: number | null;
  coldWallS: number | null;
  coldBuildS: number | null;
  /** This site only: a cold content-only build over the built shell, as build.ts reports it, s (`TARGET_SITE_S`). */
  contentBuildS: number | null;
  peakMiB: number | null;
  peakSource: string;
  rebuildMs: number | null;
  rebuildAll: number[];
  /** The same edits under `npm run dev`'s build (content in place, route HTML on request), ms. */
  devRebuildMs: number | null;
  devRebuildAll: number[];
  rebuildRendered: number | null;
  /** First build of the rebuild process (from the saved cache), s. */
  warmupS: number | null;
  warmupRendered: number | null;
  /** Every file of the local index: bytes, bytes gzipped one by one (as a host sends them), files. */
  indexBytes: number | null;
  indexGzBytes: number | null;
  indexFiles: number | null;
  /** Local-index query time, ms. */
  queryP50: number | null;
  queryP95: number | null;
  /** A first search in Chromium, this site's and Pagefind's over the same build, unthrottled and throttled. */
  search: { none: FirstSearch; throttled: FirstSearch } | null;
  pagefind: { indexBytes: number; indexFiles: number; none: FirstSearch; throttled: FirstSearch } | null;
  searchNote: string;
  /** Share of the local index's bytes a one-page edit rewrote (files whose names are new). */
  deployChanged: number | null;
  /** A build as the deploy workflow runs it: the caches of a first build restored, one page changed, a fresh output folder; wall s and its steps. */
  deployS: number | null;
  deploySteps: string;
  /** This site: reader questions answered in the top 3. */
  quality: { ours: QualityResult; pagefind: QualityResult | null } | null;
  warnings: number | null;
  /** Bytes a deploy uploads: every file of dist/, hard links as copies. */
  distBytes: number | null;
  /** Bytes dist/ takes on disk (`du`). */
  diskBytes: number | null;
  /** Route HTML alone, as deployed. */
  htmlBytes: number | null;
  /** Root manifest, raw and gzipped; page shards: count and largest gzipped, bytes. */
  rootBytes: number | null;
  rootGzBytes: number | null;
  shards: number | null;
  maxShardGzBytes: number | null;
  /** Cold visit of one doc in Chromium, bytes on the wire until the network is quiet. */
  visitBytes: number | null;
  visitNote: string;
  /** This site's first visit beside the original Docusaurus site's (bench/firstVisit.ts), as a printed table. */
  firstVisit: string | null;
  error: string | null;
}

/**
 * Sizes of a built site: what a deploy uploads (every path, a hard link as a
 * full copy, as GitHub Pages' artifact holds it: its tar may hold no links),
 * what the folder takes on disk (`du`: blocks, each file once, folders
 * too), route HTML, the root and its shards.
 */
function outputSizes(dist: string): Pick<Row, 'distBytes' | 'diskBytes' | 'htmlBytes' | 'rootBytes' | 'rootGzBytes' | 'shards' | 'maxShardGzBytes'> {
  const seen = new Set<number>();
  let distBytes = 0;
  let diskBytes = 0;
  let htmlBytes = 0;
  const walk = (dir: string, rel: string) => {
    diskBytes += statSync(dir).blocks * 512;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${rel}${entry.name}/`);
      else {
        const st = statSync(path);
        distBytes += st.size;
        if (entry.name.endsWith('.html') && !rel.startsWith('blobs/')) htmlBytes += st.size;
        if (seen.has(st.ino)) continue;
        seen.add(st.ino);
        diskBytes += st.blocks * 512;
      }
    }
  };
  walk(dist, '');
  const rootText = readFileSync(join(dist, ROOT_MANIFEST));
  const root = parseManifest(JSON.parse(rootText.toString('utf8')));
  const shardGz = root.shards.map((name) => gzipSync(readFileSync(join(dist, 'blobs', name))).length);
  return {
    distBytes,
    diskBytes,
    htmlBytes,
    rootBytes: rootText.length,
    rootGzBytes: gzipSync(rootText).length,
    shards: root.shards.length,
    maxShardGzBytes: Math.max(...shardGz),
  };
}

/**
 * A cold visit of one doc with ../shared/measure (serve-static.mjs with gzip,
 * measure-site.mjs load, one run, no throttling): wire bytes until the network
 * is quiet. Null, with the reason, when the scripts or their dependencies
 * (`MEASURE_DEPS`) are missing.
 */
async function coldVisit(dist: string, route: string, work: string): Promise<{ bytes: number | null; note: string }> {
  const deps = process.env.MEASURE_DEPS;
  if (!existsSync(join(MEASURE_DIR, 'measure-site.mjs')) || !deps || !existsSync(join(deps, 'node_modules', 'playwright-core'))) {
    return { bytes: null, note: 'not measured: needs ../shared/measure and MEASURE_DEPS (see its README)' };
  }
  const port = 4190 + Math.floor(Math.random() * 500);
  const server = spawn(
    process.execPath,
    [join(MEASURE_DIR, 'serve-static.mjs'), '--dir', dist, '--base', '/abp-react/', '--port', String(port), '--gzip', '--quiet'],
    { stdio: 'ignore' },
  );
  try {
    await new Promise((r) => setTimeout(r, 500));
    const out = join(work, 'visit.json');
    const visit = await run(process.execPath, [
      join(MEASURE_DIR, 'measure-site.mjs'),
      'load',
      '--base',
      `http://127.0.0.1:${port}/abp-react/`,
      '--paths',
      route.replace(/^\//, ''),
      '--runs',
      '1',
      '--profiles',
      'none',
      '--out',
      out,
    ]);
    if (visit.code !== 0) return { bytes: null, note: `measure-site failed: ${visit.stderr.trim().split('\n').slice(-2).join(' | ')}` };
    const result = JSON.parse(readFileSync(out, 'utf8')) as { results: { median: { untilQuiet: { wireBytes: number; count: number } } }[] };
    const quiet = result.results[0]!.median.untilQuiet;
    return { bytes: quiet.wireBytes, note: `${quiet.count} requests, ${route}` };
  } finally {
    server.kill();
  }
}

/** The local index's files of a build: name and bytes. */
function searchFiles(dist: string): Map<string, Buffer> {
  const dir = join(dist, 'search');
  return new Map(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => [f, readFileSync(join(dir, f))])
      : [],
  );
}

/**
 * The search figures of a build: the local index's size and query times, a first search in Chromium (this site's
 * and Pagefind's over the same build), and on this site the reader questions.
 */
async function measureSearch(row: Row, dist: string, route: string, work: string): Promise<void> {
  const files = searchFiles(dist);
  row.indexBytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
  row.indexGzBytes = [...files.values()].reduce((sum, b) => sum + gzipSync(b).length, 0);
  row.indexFiles = files.size;
  const times = await measureQueries(engineOf(dist), undefined, 20);
  row.queryP50 = times.p50;
  row.queryP95 = times.p95;
  if (!existsSync(CHROMIUM)) {
    row.searchNote = `first search not measured: no Chromium at ${CHROMIUM}`;
    return;
  }
  log(`${row.label}: first search in Chromium…`);
  row.search = { none: await firstSearch(dist, route, SEARCH_WORD, 'none'), throttled: await firstSearch(dist, route, SEARCH_WORD, 'throttled') };
  if (row.label === 'this site') {
    const questions = readQuestions(join(ROOT, 'bench/questions.json'));
    row.quality = { ours: await localQuality(dist, questions), pagefind: flags['no-pagefind'] ? null : await pagefindQuality(dist, questions) };
  }
  if (flags['no-pagefind']) return;
  log(`${row.label}: Pagefind over the same build…`);
  const out = join(work, 'pagefind');
  rmSync(out, { recursive: true, force: true });
  const index = await buildPagefind(dist, out);
  row.pagefind = {
    indexBytes: index.bytes,
    indexFiles: index.files,
    none: await pagefindFirstSearch(out, SEARCH_WORD, 'none'),
    throttled: await pagefindFirstSearch(out, SEARCH_WORD, 'throttled'),
  };
  rmSync(out, { recursive: true, force: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * A build as the deploy workflow runs it (`npm run build` into a fresh folder, the caches of the last deploy restored
 * from `actions/cache`, one page changed): a first build with the caches makes them (`main` saves and restores the
 * project's cache folder around the bench), then `editRel` gets a sentence more and the site is built again.
 */
async function measureDeploy(row: Row, contentDir: string, editRel: string, work: string): Promise<void> {
  const out = join(work, 'dist-deploy');
  const build = (timings: boolean) =>
    // The flags of `npm run build`, which the workflow runs.
    run(process.execPath, [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      'build.ts',
      '--shell',
      '--content',
      contentDir,
      '--out',
      out,
      ...(timings ? ['--timings'] : []),
    ]);
  log(`${row.label}: deploy build (caches of a first build, one page changed)…`);
  rmSync(out, { recursive: true, force: true });
  const first = await build(false);
  rmSync(out, { recursive: true, force: true });
  const file = join(contentDir, editRel);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original}\nA sentence the deploy benchmark adds.\n`);
  try {
    const deploy = first.code === 0 ? await build(true) : first;
    if (deploy.code !== 0) {
      log(`${row.label}: deploy build failed (exit ${deploy.code}): ${(deploy.stderr || deploy.stdout).trim().split('\n').slice(0, 4).join(' | ')}`);
      return;
    }
    row.deployS = deploy.ms / 1000;
    row.deploySteps =
      deploy.stdout
        .trim()
        .split('\n')
        .at(-1)
        ?.replace(/^\[build\] /, '') ?? '';
    log(`${row.label}: deploy build ${row.deployS.toFixed(2)} s wall (${row.deploySteps})`);
  } finally {
    writeFileSync(file, original);
    rmSync(out, { recursive: true, force: true });
  }
}

async function measure(
  label: string,
  contentDir: string,
  docs: number,
  editRel: string,
  editRoute: string,
  work: string,
  generateS: number | null,
  gnuTime: boolean,
): Promise<Row> {
  const row: Row = {
    label,
    docs,
    pages: null,
    generateS,
    coldWallS: null,
    coldBuildS: null,
    contentBuildS: null,
    peakMiB: null,
    peakSource: '',
    rebuildMs: null,
    rebuildAll: [],
    devRebuildMs: null,
    devRebuildAll: [],
    rebuildRendered: null,
    warmupS: null,
    warmupRendered: null,
    indexBytes: null,
    indexGzBytes: null,
    indexFiles: null,
    queryP50: null,
    queryP95: null,
    search: null,
    pagefind: null,
    searchNote: '',
    deployChanged: null,
    deployS: null,
    deploySteps: '',
    quality: null,
    warnings: null,
    distBytes: null,
    diskBytes: null,
    htmlBytes: null,
    rootBytes: null,
    rootGzBytes: null,
    shards: null,
    maxShardGzBytes: null,
    visitBytes: null,
    visitNote: '',
    firstVisit: null,
    error: null,
  };
  const dist = join(work, 'dist');
  const timeFile = join(work, 'time.txt');
  rmSync(dist, { recursive: true, force: true });

  // Cold build, as `npm run build -- --content <dir> --out <dir>` runs it (shell included, so the site can be visited).
  log(`${label}: cold build…`);
  const buildArgs = ['--import', 'tsx', 'build.ts', '--shell', '--content', contentDir, '--out', dist, '--no-cache'];
  const cold = gnuTime ? await run(TIME, ['-v', '-o', timeFile, process.execPath, ...buildArgs]) : await run(process.execPath, buildArgs);
  row.coldWallS = cold.ms / 1000;
  const summary = /\[build\] (\d+) pages .*?, (\d+) warnings?, (\d+) ms/.exec(cold.stdout);
  if (cold.code !== 0 || !summary) {
    row.error = `cold build failed (exit ${cold.code}): ${(cold.stderr || cold.stdout).trim().split('\n').slice(0, 8).join(' | ')}`;
    log(row.error);
    return row;
  }
  row.pages = Number(summary[1]);
  row.warnings = Number(summary[2]);
  row.coldBuildS = Number(summary[3]) / 1000;
  if (gnuTime) {
    const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'));
    if (kb) {
      row.peakMiB = Number(kb[1]) / 1024;
      row.peakSource = 'time -v';
    }
  }
  log(`${label}: cold ${row.coldWallS.toFixed(2)} s wall, build ${row.coldBuildS.toFixed(2)} s, ${row.pages} pages, ${row.warnings} warnings`);
  if (label === 'this site') {
    // This site's target is for the content build: the same cold build without bundling the shell (it keeps the one just built).
    const content = await run(process.execPath, ['--import', 'tsx', 'build.ts', '--content', contentDir, '--out', dist, '--no-cache']);
    const reported = /\[build\] .*?, (\d+) ms/.exec(content.stdout);
    if (content.code === 0 && reported) row.contentBuildS = Number(reported[1]) / 1000;
    else log(`${label}: content-only build failed (exit ${content.code}): ${(content.stderr || content.stdout).trim().split('\n').slice(0, 4).join(' | ')}`);
  }
  await measureDeploy(row, contentDir, editRel, work);
  Object.assign(row, outputSizes(dist));
  const visit = await coldVisit(dist, editRoute, work);
  row.visitBytes = visit.bytes;
  row.visitNote = visit.note;
  log(
    `${label}: dist ${fmt(row.distBytes! / 2 ** 20, 1)} MiB deployed (${fmt(row.diskBytes! / 2 ** 20, 1)} MiB on disk), root ${fmt(row.rootGzBytes! / 1024, 1)} KiB gz, ${row.shards} shards, cold visit ${row.visitBytes === null ? visit.note : `${fmt(row.visitBytes / 1024, 1)} KiB`}`,
  );
  if (label === 'this site' && existsSync(REFERENCE_SITE) && existsSync(join(MEASURE_DIR, 'serve-static.mjs'))) {
    log(`${label}: first visit beside the original site (${REFERENCE_SITE})…`);
    row.firstVisit = await firstVisit({ site: dist, reference: REFERENCE_SITE, rounds: 3, stayMs: 30_000, lighthouseRuns: 0 });
  }
  await measureSearch(row, dist, editRoute, work);
  const searchBefore = searchFiles(dist);
  if (flags['no-rebuilds']) {
    rmSync(dist, { recursive: true, force: true });
    return row;
  }

  // One-file rebuild with the warm cache, in one process. The child starts from the render
  // cache the cold build just saved (copied at once, in case another build rewrites it), so
  // the tree is not rendered a second time; peak RSS falls back to the child's cold build.
  const cacheCopy = join(work, 'cache-copy', 'render-cache.jsonl');
  rmSync(dirname(cacheCopy), { recursive: true, force: true });
  // The render cache's index and segments: the child reads nothing else.
  if (gnuTime && existsSync(RENDER_CACHE))
    cpSync(CACHE_DIR, dirname(cacheCopy), { recursive: true, filter: (path) => path === CACHE_DIR || /^render-/.test(basename(path)) });
  const rounds = docs >= 5000 ? 2 : 3;
  log(`${label}: warm-up build + ${rounds} one-file rebuilds (${editRel})…`);
  const childArgs = ['--import', 'tsx', 'bench/child.ts', '--content', contentDir, '--out', dist, '--edit', editRel, '--rounds', String(rounds)];
  if (existsSync(cacheCopy)) childArgs.push('--cache-file', cacheCopy);
  const warm = await run(process.execPath, childArgs);
  const line = warm.stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (warm.code !== 0 || !line) {
    row.error = `rebuild run failed (exit ${warm.code}): ${(warm.stderr || warm.stdout).trim().split('\n').slice(0, 8).join(' | ')}`;
    log(row.error);
    return row;
  }
  const child = JSON.parse(line.slice('BENCH_RESULT '.length)) as ChildResult;
  row.rebuildAll = child.rebuilds.map((r) => r.ms);
  row.rebuildMs = median(row.rebuildAll);
  row.rebuildRendered = Math.max(...child.rebuilds.map((r) => r.rendered));
  if (row.peakMiB === null) {
    row.peakMiB = child.firstMaxRss / 2 ** 20;
    row.peakSource = 'maxRSS (in-process cold build)';
  }
  row.warmupS = child.firstMs / 1000;
  row.warmupRendered = child.firstRendered;
  log(
    `${label}: rebuilds ${row.rebuildAll.map((ms) => `${Math.round(ms)} ms`).join(', ')} (first build in that process: ${(child.firstMs / 1000).toFixed(2)} s, ${child.firstRendered} rendered, ${child.cacheEntries} cache entries loaded)`,
  );
  // The rebuilds edited one doc: the local index files whose names are new are what a deploy of that edit uploads.
  const searchAfter = searchFiles(dist);
  const total = [...searchAfter.values()].reduce((sum, b) => sum + b.length, 0);
  row.deployChanged = [...searchAfter].filter(([name]) => !searchBefore.has(name)).reduce((sum, [, b]) => sum + b.length, 0) / total;

  // The same edits as `npm run dev` builds them: content written in place, route HTML made on request.
  log(`${label}: warm-up build + ${rounds} one-file rebuilds as npm run dev builds them…`);
  const dev = await run(process.execPath, [...DEV_NODE_FLAGS, ...childArgs, '--dev-server']);
  const devLine = dev.stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (dev.code === 0 && devLine) {
    row.devRebuildAll = (JSON.parse(devLine.slice('BENCH_RESULT '.length)) as ChildResult).rebuilds.map((r) => r.ms);
    row.devRebuildMs = median(row.devRebuildAll);
    log(`${label}: dev rebuilds ${row.devRebuildAll.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  } else {
    log(`${label}: dev rebuild run failed (exit ${dev.code}): ${(dev.stderr || dev.stdout).trim().split('\n').slice(0, 4).join(' | ')}`);
  }
  rmSync(dist, { recursive: true, force: true });
  return row;
}

const fmt = (n: number | null, digits: number) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(digits));
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const gnuTime = existsSync(TIME) && (await run(TIME, ['-v', 'true'])).code === 0;
  const work = mkdtempSync(join(tmpdir(), 'abp-bench-'));
  const savedCache = join(work, 'cache-saved');
  const hadCache = existsSync(CACHE_DIR);
  if (hadCache) cpSync(CACHE_DIR, savedCache, { recursive: true });
  const started = performance.now();
  const rows: Row[] = [];
  log(`work folder ${work}; peak RSS from ${gnuTime ? '/usr/bin/time -v' : 'process.resourceUsage().maxRSS in the child'}`);
  try {
    // This site, on a copy (the rebuild edits a file).
    const siteDir = join(work, 'site-content');
    cpSync(join(ROOT, 'content'), siteDir, { recursive: true });
    const siteDocs = readdirSync(join(siteDir, 'docs'), { recursive: true }).filter((f) => /\.mdx?$/.test(String(f))).length;
    const siteEdit = existsSync(join(siteDir, 'docs/fundamentals/configuration.md')) ? 'docs/fundamentals/configuration.md' : 'docs/intro.md';
    rows.push(await measure('this site', siteDir, siteDocs, siteEdit, '/' + siteEdit.replace(/\.mdx?$/, ''), work, null, gnuTime));

    for (const size of sizes) {
      const dir = join(work, `tree-${size}`);
      log(`generating ${size} docs…`);
      const t0 = performance.now();
      const docs = generateTree(dir, size, join(ROOT, 'content', 'site.config.json'));
      const generateS = (performance.now() - t0) / 1000;
      const edit = docs[Math.floor(docs.length / 2)]!.rel;
      const middle = docs[Math.floor(docs.length / 2)]!;
      rows.push(await measure(`${size} docs`, dir, size, edit, middle.route, work, generateS, gnuTime));
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    rmSync(CACHE_DIR, { recursive: true, force: true });
    if (hadCache) cpSync(savedCache, CACHE_DIR, { recursive: true });
    if (!keep) rmSync(work, { recursive: true, force: true });
  }

  const header = ['content', 'docs', 'pages', 'cold wall s', 'build s', 'peak MiB', 'deploy s', 'cached build s', 'rebuild ms', 'warnings'];
  const body = rows.map((r) => [
    r.label,
    String(r.docs),
    r.pages === null ? '—' : String(r.pages),
    fmt(r.coldWallS, 2),
    fmt(r.coldBuildS, 2),
    fmt(r.peakMiB, 0),
    fmt(r.deployS, 2),
    r.warmupS === null ? '—' : `${r.warmupS.toFixed(2)}${r.warmupRendered ? ` (${r.warmupRendered} rendered)` : ''}`,
    r.rebuildMs === null ? '—' : `${Math.round(r.rebuildMs)} (${r.rebuildRendered} rendered)`,
    r.warnings === null ? '—' : String(r.warnings),
  ]);
  console.log('\nContent build benchmark');
  console.log(
    `node ${process.version}, ${cpus().length} CPUs; cold = \`build.ts --no-cache\` in a fresh process (wall includes node start, tsx compiling the build code and the render-cache save); build s = the time build.ts itself reports; peak = ${gnuTime ? 'max RSS from /usr/bin/time -v' : 'maxRSS reported by the child'}; deploy = \`build.ts --shell\` into a fresh folder with the caches of a first build, one page changed, as the deploy workflow runs it (wall); cached build = first build of the rebuild process, all renders from the saved cache; rebuild = median of 3 (mean of 2 at ≥ 5,000 docs) one-file edits, each rebuilt with the warm cache in that process.\n`,
  );
  console.log(table([header, ...body]));
  console.log('\nTargets');
  const site = rows.find((r) => r.label === 'this site');
  if (site?.contentBuildS != null) {
    console.log(
      `  this site cold content build ≤ ${TARGET_SITE_S} s (build.ts without --shell, as it reports itself): ${site.contentBuildS.toFixed(2)} s → ${verdict(site.contentBuildS <= TARGET_SITE_S)}`,
    );
  }
  const big = rows.find((r) => r.docs === 10000 && r.label !== 'this site');
  if (big) {
    if (big.coldWallS != null && big.coldBuildS != null) {
      console.log(
        `  10,000 docs cold build ≤ ${TARGET_10K_S} s: wall ${big.coldWallS.toFixed(2)} s → ${verdict(big.coldWallS <= TARGET_10K_S)}; build-reported ${big.coldBuildS.toFixed(2)} s → ${verdict(big.coldBuildS <= TARGET_10K_S)}`,
      );
      if (big.coldWallS > TARGET_10K_S * 4)
        console.log(`  note: the 10,000-doc cold build took ${big.coldWallS.toFixed(0)} s, far beyond the target; it was run to completion anyway.`);
    }
    if (big.peakMiB != null)
      console.log(`  10,000 docs peak RSS ≤ ${TARGET_10K_MIB} MiB: ${big.peakMiB.toFixed(0)} MiB → ${verdict(big.peakMiB <= TARGET_10K_MIB)}`);
    if (big.deployS != null)
      console.log(
        `  10,000 docs deploy build (one page changed, caches restored) ≤ ${TARGET_10K_DEPLOY_S} s: ${big.deployS.toFixed(2)} s → ${verdict(big.deployS <= TARGET_10K_DEPLOY_S)} (${big.deploySteps})`,
      );
    if (big.error) console.log(`  10,000 docs: ${big.error} → MISSED`);
  } else {
    console.log('  10,000 docs: not run (pick it with --sizes …,10000)');
  }
  for (const r of rows) {
    if (r.rebuildMs != null)
      console.log(
        `  ${r.label} one-file rebuild ≤ ${TARGET_REBUILD_MS} ms, full build (every route's HTML, atomic swap): ${Math.round(r.rebuildMs)} ms (runs: ${r.rebuildAll.map((ms) => Math.round(ms)).join(', ')}) → ${verdict(r.rebuildMs <= TARGET_REBUILD_MS)}`,
      );
    if (r.devRebuildMs != null)
      console.log(
        `  ${r.label} one-file rebuild ≤ ${TARGET_REBUILD_MS} ms, as npm run dev builds (in place, HTML on request): ${Math.round(r.devRebuildMs)} ms (runs: ${r.devRebuildAll.map((ms) => Math.round(ms)).join(', ')}) → ${verdict(r.devRebuildMs <= TARGET_REBUILD_MS)}`,
      );
    else if (r.error) console.log(`  ${r.label}: ${r.error}`);
  }
  console.log(
    `\nOutput and a reader's cost (targets: root manifest ≤ ${TARGET_ROOT_GZ_KIB} KiB gzipped at any size; cold visit of one doc ≤ ${TARGET_VISIT_KIB} KiB until the network is quiet; dist/ ≤ ${TARGET_10K_DIST_MIB} MiB at 10,000 docs, as deployed: GitHub Pages' artifact holds every hard link as a copy)`,
  );
  console.log(
    table([
      ['content', 'deployed MiB', 'on disk MiB', 'route HTML MiB', 'root KiB', 'root gz KiB', 'page shards', 'largest shard gz KiB', 'cold visit KiB'],
      ...rows.map((r) => [
        r.label,
        fmt(r.distBytes === null ? null : r.distBytes / 2 ** 20, 1),
        fmt(r.diskBytes === null ? null : r.diskBytes / 2 ** 20, 1),
        fmt(r.htmlBytes === null ? null : r.htmlBytes / 2 ** 20, 1),
        fmt(r.rootBytes === null ? null : r.rootBytes / 1024, 1),
        fmt(r.rootGzBytes === null ? null : r.rootGzBytes / 1024, 1),
        r.shards === null ? '—' : String(r.shards),
        fmt(r.maxShardGzBytes === null ? null : r.maxShardGzBytes / 1024, 1),
        r.visitBytes === null ? '—' : fmt(r.visitBytes / 1024, 1),
      ]),
    ]),
  );
  for (const r of rows) {
    if (r.rootGzBytes !== null)
      console.log(`  ${r.label} root manifest ${fmt(r.rootGzBytes / 1024, 1)} KiB gzipped → ${verdict(r.rootGzBytes <= TARGET_ROOT_GZ_KIB * 1024)}`);
    if (r.visitBytes !== null)
      console.log(`  ${r.label} cold visit ${fmt(r.visitBytes / 1024, 1)} KiB (${r.visitNote}) → ${verdict(r.visitBytes <= TARGET_VISIT_KIB * 1024)}`);
    else if (r.visitNote) console.log(`  ${r.label} cold visit ${r.visitNote}`);
    if (r.docs >= 10_000 && r.distBytes !== null)
      console.log(
        `  ${r.label} dist/ ${fmt(r.distBytes / 2 ** 20, 0)} MiB deployed (${fmt(r.diskBytes! / 2 ** 20, 0)} MiB on disk) → ${verdict(r.distBytes <= TARGET_10K_DIST_MIB * 2 ** 20)}`,
      );
  }
  for (const r of rows) if (r.firstVisit) console.log(`\n${r.firstVisit}`);
  const kib = (n: number | null | undefined) => (n == null ? '—' : fmt(n / 1024, 1));
  const ms = (n: number | null | undefined) => (n == null ? '—' : String(Math.round(n)));
  console.log(
    `\nSearch (first search: open the modal on a doc, type "${SEARCH_WORD}" a key every 60 ms, first marked results; bytes over the wire from opening search, code included; throttled = 4× CPU, 1.6 Mbit/s, 150 ms RTT; Pagefind ${'1.6'} with its UI over the same build's HTML, \`article\` as its root)`,
  );
  console.log(
    table([
      [
        'content',
        'index KiB',
        'index gz KiB',
        'files',
        'query p50 ms',
        'p95 ms',
        'first search KiB',
        'requests',
        'first results ms',
        'throttled first ms',
        'throttled all ms',
        'Pagefind index KiB',
        'Pagefind first KiB',
        'Pagefind throttled first ms',
        'one-page deploy changed',
      ],
      ...rows.map((r) => [
        r.label,
        kib(r.indexBytes),
        kib(r.indexGzBytes),
        r.indexFiles === null ? '—' : String(r.indexFiles),
        r.queryP50 === null ? '—' : r.queryP50.toFixed(2),
        r.queryP95 === null ? '—' : r.queryP95.toFixed(2),
        kib(r.search?.none.bytes),
        r.search ? String(r.search.none.requests) : '—',
        ms(r.search?.none.firstResultsMs),
        ms(r.search?.throttled.firstResultsMs),
        ms(r.search?.throttled.afterTypingMs),
        kib(r.pagefind?.indexBytes),
        kib(r.pagefind?.none.bytes),
        ms(r.pagefind?.throttled.firstResultsMs),
        r.deployChanged === null ? '—' : `${(r.deployChanged * 100).toFixed(2)} %`,
      ]),
    ]),
  );
  for (const r of rows) {
    if (r.searchNote) console.log(`  ${r.label}: ${r.searchNote}`);
    if (r.queryP95 !== null)
      console.log(`  ${r.label} local query p95 ≤ ${TARGET_QUERY_P95_MS} ms: ${r.queryP95.toFixed(2)} ms → ${verdict(r.queryP95 <= TARGET_QUERY_P95_MS)}`);
    const target = TARGET_FIRST_SEARCH_KIB[r.docs];
    if (r.search && target !== undefined && r.label !== 'this site')
      console.log(`  ${r.label} first search ≤ ${target} KiB: ${kib(r.search.none.bytes)} KiB → ${verdict(r.search.none.bytes <= target * 1024)}`);
    if (r.search && r.pagefind)
      console.log(
        `  ${r.label} first search ≤ ${TARGET_FIRST_SEARCH_VS_PAGEFIND}× Pagefind's: ${kib(r.search.none.bytes)} vs ${kib(r.pagefind.none.bytes)} KiB = ${(r.search.none.bytes / r.pagefind.none.bytes).toFixed(2)}× → ${verdict(r.search.none.bytes <= TARGET_FIRST_SEARCH_VS_PAGEFIND * r.pagefind.none.bytes)}`,
      );
    if (r.search && r.docs === 10_000 && r.label !== 'this site')
      console.log(
        `  ${r.label} time to first results, throttled ≤ ${TARGET_FIRST_SEARCH_THROTTLED_MS} ms after typing: ${ms(r.search.throttled.firstResultsMs)} ms (all ${ms(r.search.throttled.afterTypingMs)} ms; ${ms(r.search.throttled.fromOpenMs)} ms from opening search) → ${verdict(r.search.throttled.firstResultsMs <= TARGET_FIRST_SEARCH_THROTTLED_MS)}`,
      );
    if (r.deployChanged !== null)
      console.log(
        `  ${r.label} one-page deploy changes ≤ ${TARGET_DEPLOY_CHANGED * 100} % of the index's bytes: ${(r.deployChanged * 100).toFixed(2)} % → ${verdict(r.deployChanged <= TARGET_DEPLOY_CHANGED)}`,
      );
    if (r.quality) {
      const { ours, pagefind } = r.quality;
      console.log(
        `  ${r.label} reader questions (bench/questions.json) with the right page in the top 3: local index ${ours.top3} of ${ours.total} (${ours.empty} without a result)${pagefind ? `, Pagefind ${pagefind.top3} of ${pagefind.total} (${pagefind.empty} without a result) → ${verdict(ours.top3 > pagefind.top3 && ours.empty === 0)}` : ''}`,
      );
    }
  }
  const gen = rows.filter((r) => r.generateS !== null).map((r) => `${r.docs}: ${r.generateS!.toFixed(1)} s`);
  if (gen.length) console.log(`Tree generation (not part of any build figure): ${gen.join(', ')}.`);
  console.log(`Total bench time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  if (rows.some((r) => r.error)) process.exitCode = 1;
}

await main();
