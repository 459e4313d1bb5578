/**
 * A first visit, side by side with the original Docusaurus site:
 * `npm run bench:first-visit [-- --site dist --reference ../shared/reference-site --rounds 3]`.
 *
 * Both builds are served alike (../shared/measure/serve-static.mjs, gzip, under `/abp-react/`),
 * each behind a counting proxy, so every byte on the wire is counted, the service worker's own
 * fetches included (a page's network events miss them). Rounds alternate the two sites, and
 * each figure is given with its ratio, since the machine is shared and only ratios compare.
 *
 * - a stay: a fresh browser opens `/docs/intro` and stays `--stay-ms` (30 s) without a click;
 *   bytes until the load event, until the network is quiet (2 s without a request, page and
 *   worker), and over the whole stay;
 * - LCP under the measure scripts' throttled profile (4× CPU, 1.6 Mbit/s, 150 ms);
 * - a client navigation: from `/docs/intro`, click the sidebar's link to
 *   `/docs/fundamentals/architecture`, time from the click to the new h1;
 * - with `--lighthouse`, Lighthouse mobile on `/` and `/docs/intro` (needs `MEASURE_DEPS`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const ROOT = process.cwd();
const MEASURE_DIR = join(ROOT, '..', 'shared', 'measure');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BASE = '/abp-react/';
const FROM = 'docs/intro';
const TO = 'docs/fundamentals/architecture';
/** The network is quiet after this long without a request in flight or starting. */
const QUIET_MS = 2000;
/** The measure scripts' throttled profile. */
const THROTTLE = { cpu: 4, net: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 } };

/** One response as the proxy saw it: when it started and ended (epoch ms), bytes on the wire, its type. */
interface Exchange {
  url: string;
  start: number;
  end: number;
  bytes: number;
  type: string;
}

/** A served site behind a counting proxy. */
interface Served {
  label: string;
  base: string;
  log: Exchange[];
  close(): Promise<void>;
}

const log = (line: string) => process.stderr.write(`[first-visit] ${line}\n`);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function typeOf(url: string, contentType: string): string {
  if (/javascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (/css/.test(contentType)) return 'css';
  if (/html/.test(contentType)) return 'html';
  if (/json/.test(contentType)) return 'json';
  if (/image/.test(contentType)) return 'image';
  return 'other';
}

/** Serves `dir` with the shared static server and puts a proxy before it that logs every exchange. */
async function serve(label: string, dir: string): Promise<Served> {
  const upstreamPort = 4300 + Math.floor(Math.random() * 2000);
  const server: ChildProcess = spawn(
    process.execPath,
    [join(MEASURE_DIR, 'serve-static.mjs'), '--dir', dir, '--base', BASE, '--port', String(upstreamPort), '--gzip', '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolveReady, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolveReady());
    server.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
    setTimeout(resolveReady, 3000);
  });
  const exchanges: Exchange[] = [];
  const proxy: Server = createServer((req, res) => {
    const start = Date.now();
    const upstream = httpRequest({ host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      let bytes = `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n`.length + answer.rawHeaders.reduce((n, h) => n + h.length + 2, 2);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        res.write(chunk);
      });
      answer.on('end', () => {
        res.end();
        exchanges.push({ url: req.url ?? '', start, end: Date.now(), bytes, type: typeOf(req.url ?? '', String(answer.headers['content-type'] ?? '')) });
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as AddressInfo).port;
  return {
    label,
    base: `http://127.0.0.1:${port}${BASE}`,
    log: exchanges,
    close: async () => {
      await new Promise<void>((r) => proxy.close(() => r()));
      server.kill();
    },
  };
}

/** Collects LCP from the start of every document. */
const PERF_INIT = `(() => {
  window.__lcp = null;
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true }); } catch {}
})();`;

async function withBrowser<T>(task: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS, headless: true });
  try {
    return await task(browser);
  } finally {
    await browser.close();
  }
}

/** Bytes of a window of exchanges, in all and of JavaScript, with the request count. */
interface Bytes {
  bytes: number;
  js: number;
  requests: number;
}

function sum(exchanges: Exchange[]): Bytes {
  return {
    bytes: exchanges.reduce((n, e) => n + e.bytes, 0),
    js: exchanges.filter((e) => e.type === 'js').reduce((n, e) => n + e.bytes, 0),
    requests: exchanges.length,
  };
}

/** The first moment at or after `from` with nothing in flight and nothing starting for `QUIET_MS`. */
function quietAt(exchanges: Exchange[], from: number): number {
  let t = from;
  for (;;) {
    const busy = exchanges.filter((e) => (e.start <= t && e.end > t) || (e.start >= t && e.start < t + QUIET_MS));
    if (busy.length === 0) return t;
    t = Math.max(...busy.map((e) => e.end));
  }
}

/** One stay: a fresh browser opens the page and stays without a click. */
interface Stay {
  untilLoad: Bytes;
  untilQuiet: Bytes;
  stay: Bytes;
  loadMs: number;
  quietMs: number;
  /** Every file of the stay, largest first, with its size and when it was asked for (ms after the navigation began). */
  top: string[];
}

async function stay(site: Served, stayMs: number): Promise<Stay> {
  site.log.length = 0;
  return withBrowser(async (browser) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await page.goto(site.base + FROM, { waitUntil: 'load' });
    const { origin, load } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    }));
    const elapsed = Date.now() - origin;
    if (elapsed < stayMs) await page.waitForTimeout(stayMs - elapsed);
    const loadAt = origin + load;
    const all = site.log.filter((e) => e.start <= origin + stayMs);
    const quiet = quietAt(all, loadAt);
    const biggest = [...all].sort((a, b) => b.bytes - a.bytes);
    return {
      untilLoad: sum(all.filter((e) => e.end <= loadAt + 1)),
      untilQuiet: sum(all.filter((e) => e.end <= quiet)),
      stay: sum(all),
      loadMs: load,
      quietMs: quiet - origin,
      top: biggest.map((e) => `${e.url.replace(BASE, '')} ${kib(e.bytes)} @${Math.round(e.start - origin)}`),
    };
  });
}

/** LCP of a cold load under the throttled profile. */
async function lcp(site: Served): Promise<number> {
  return withBrowser(async (browser) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript({ content: PERF_INIT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
    await cdp.send('Network.emulateNetworkConditions', THROTTLE.net);
    await page.goto(site.base + FROM, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(3000);
    return (await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp)) ?? NaN;
  });
}

/** Click to h1 of a client navigation from `FROM` to `TO` through the sidebar; NaN when the page reloaded. */
async function navigation(site: Served): Promise<number> {
  return withBrowser(async (browser) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await page.goto(site.base + FROM, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const link = page.locator(`aside a[href$="/${TO}"], nav a[href$="/${TO}"]`).filter({ visible: true }).first();
    if (!(await link.isVisible().catch(() => false))) {
      await page
        .locator('button[aria-label*="Fundamentals"]')
        .filter({ visible: true })
        .first()
        .click()
        .catch(() => undefined);
    }
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      const w = window as unknown as { __marker: boolean; __nav: Promise<number> };
      w.__marker = true;
      const before = document.querySelector('h1')?.textContent;
      w.__nav = new Promise((done) => {
        let clickedAt = 0;
        document.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
        new MutationObserver(() => {
          const h1 = document.querySelector('h1');
          if (clickedAt && h1 && h1.textContent !== before && h1.getBoundingClientRect().height > 0) done(performance.now() - clickedAt);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    });
    await link.click();
    const ms = await page.evaluate(() => {
      const w = window as unknown as { __marker?: boolean; __nav?: Promise<number> };
      return w.__marker ? w.__nav! : NaN;
    });
    return ms;
  });
}

/** Lighthouse mobile performance scores of `/` and `/docs/intro` (medians of `runs`), or null without its dependencies. */
async function lighthouse(site: Served, runs: number): Promise<number[] | null> {
  const deps = process.env.MEASURE_DEPS;
  if (!deps || !existsSync(join(deps, 'node_modules', 'lighthouse'))) return null;
  const out = mkdtempSync(join(tmpdir(), 'first-visit-lh-'));
  try {
    const child = spawn(
      process.execPath,
      [join(MEASURE_DIR, 'lighthouse.mjs'), '--urls', `${site.base},${site.base}${FROM}`, '--runs', String(runs), '--out-dir', out],
      { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
    );
    await new Promise((r) => child.once('exit', r));
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as unknown;
    return scoresOf(summary);
  } catch {
    return null;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The performance scores in lighthouse.mjs's summary, in URL order (0–100). */
function scoresOf(summary: unknown): number[] {
  const found: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (/^performance$/i.test(key) && typeof inner === 'number') found.push(inner <= 1 ? Math.round(inner * 100) : Math.round(inner));
        else walk(inner);
      }
    }
  };
  walk(summary);
  return found;
}

/** Every figure of one site, over the rounds. */
interface Figures {
  stays: Stay[];
  lcp: number[];
  nav: number[];
  lighthouse: number[] | null;
}

/** Measures both sites in alternated rounds and prints a table of medians and ratios. */
export async function firstVisit(options: {
  site: string;
  reference: string;
  rounds: number;
  stayMs: number;
  lighthouseRuns: number;
  /** List every file of the last stay, not only the six largest. */
  list?: boolean;
}): Promise<string> {
  const original = await serve('original', options.reference);
  const ours = await serve('this site', options.site);
  const figures = new Map<Served, Figures>([
    [original, { stays: [], lcp: [], nav: [], lighthouse: null }],
    [ours, { stays: [], lcp: [], nav: [], lighthouse: null }],
  ]);
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [original, ours] : [ours, original];
      for (const site of order) {
        const f = figures.get(site)!;
        const s = await stay(site, options.stayMs);
        f.stays.push(s);
        log(
          `round ${round + 1} ${site.label}: load ${kib(s.untilLoad.bytes)} KiB, quiet ${kib(s.untilQuiet.bytes)} KiB at ${Math.round(s.quietMs)} ms, stay ${kib(s.stay.bytes)} KiB (${s.stay.requests} requests)`,
        );
        f.lcp.push(await lcp(site));
        f.nav.push(await navigation(site));
        log(`round ${round + 1} ${site.label}: LCP throttled ${Math.round(f.lcp.at(-1)!)} ms, click→h1 ${Math.round(f.nav.at(-1)!)} ms`);
      }
    }
    if (options.lighthouseRuns > 0) for (const site of [original, ours]) figures.get(site)!.lighthouse = await lighthouse(site, options.lighthouseRuns);
  } finally {
    await original.close();
    await ours.close();
  }
  const a = figures.get(original)!;
  const b = figures.get(ours)!;
  const pairRatio = (pick: (f: Figures, i: number) => number) => median(a.stays.map((_, i) => pick(b, i) / pick(a, i)));
  type Row = [string, string, string, string];
  const bytesRow = (name: string, pick: (s: Stay) => Bytes): Row => {
    const fa = (f: Figures) => median(f.stays.map((s) => pick(s).bytes));
    const js = (f: Figures) => median(f.stays.map((s) => pick(s).js));
    const req = (f: Figures) => median(f.stays.map((s) => pick(s).requests));
    const cell = (f: Figures) => `${kib(fa(f))} (JS ${kib(js(f))}, ${req(f)} req)`;
    return [name, cell(a), cell(b), pairRatio((f, i) => pick(f.stays[i]!).bytes).toFixed(2)];
  };
  const timeRow = (name: string, pick: (f: Figures) => number[]): Row => [
    name,
    `${Math.round(median(pick(a)))} ms`,
    `${Math.round(median(pick(b)))} ms`,
    median(pick(a).map((x, i) => pick(b)[i]! / x)).toFixed(2),
  ];
  const rows: Row[] = [
    ['figure (median of rounds; ratio = median of per-round ratios)', 'original', 'this site', 'ratio'],
    bytesRow(`/${FROM}, KiB until the load event`, (s) => s.untilLoad),
    bytesRow(`/${FROM}, KiB until the network is quiet (page and worker)`, (s) => s.untilQuiet),
    bytesRow(`a first visit that stays ${options.stayMs / 1000} s, every byte, the worker's included`, (s) => s.stay),
    timeRow(`LCP, throttled profile, /${FROM}`, (f) => f.lcp),
    timeRow('client navigation, click to h1', (f) => f.nav),
  ];
  if (a.lighthouse || b.lighthouse)
    rows.push(['Lighthouse mobile performance, / and /docs/intro', a.lighthouse?.join(', ') ?? '—', b.lighthouse?.join(', ') ?? '—', '']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r, i) => {
    const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
    return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
  });
  const biggest = (f: Figures) =>
    f.stays
      .at(-1)
      ?.top.slice(0, options.list ? undefined : 6)
      .join(', ') ?? '';
  return [
    `First visit, side by side (${options.rounds} alternated rounds, gzip, proxy-counted bytes on the wire)`,
    ...lines,
    `largest files of the stay, original: ${biggest(a)}`,
    `largest files of the stay, this site: ${biggest(b)}`,
  ].join('\n');
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(ROOT, 'bench/firstVisit.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      site: { type: 'string', default: join(ROOT, 'dist') },
      reference: { type: 'string', default: join(ROOT, '..', 'shared', 'reference-site') },
      rounds: { type: 'string', default: '3' },
      'stay-ms': { type: 'string', default: '30000' },
      lighthouse: { type: 'string', default: '0' },
      list: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(join(MEASURE_DIR, 'serve-static.mjs'))) throw new Error(`bench/firstVisit.ts needs ${MEASURE_DIR}/serve-static.mjs (../shared/measure).`);
  console.log(
    await firstVisit({
      site: resolve(values.site),
      reference: resolve(values.reference),
      rounds: Number(values.rounds),
      stayMs: Number(values['stay-ms']),
      lighthouseRuns: Number(values.lighthouse),
      list: values.list,
    }),
  );
}
