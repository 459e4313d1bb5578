/**
 * A reader's first search, in Chromium: what it downloads and how long it
 * takes, on this site's build (the DocSearch modal over the local index) and
 * on Pagefind's UI over the same build (`pagefind.ts`).
 *
 * A fresh browser opens a doc and waits until the network is quiet; then,
 * under the chosen profile, search opens, a word is typed (`TYPING_MS` a key)
 * and the first results with the word marked are waited for. Bytes are what
 * the page's requests bring over the wire from opening search to those
 * results (code, index and display data alike); times are from the last key
 * and from opening search.
 */
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '../scripts/serve';
import { servePagefind } from './pagefind';

/** Delay between keys, ms: a fast typist. */
const TYPING_MS = 60;

/** Network and CPU profile of a run: `throttled` is the measure scripts' (4× CPU, 1.6 Mbit/s, 150 ms RTT). */
export type Profile = 'none' | 'throttled';

/** One first search. */
export interface FirstSearch {
  /** Bytes over the wire from opening search until the results of the word typed are shown and nothing more loads. */
  bytes: number;
  requests: number;
  /** From the last key until marked results first showed after it (the word's first results; 0 when those of its start were already there), ms. */
  firstResultsMs: number;
  /** From the last key until the results list last changed (all of the word's results), ms. */
  afterTypingMs: number;
  /** From opening search to the first marked results (of the word's first letters, while it is typed), ms. */
  fromOpenMs: number;
  /** The files fetched, with their bytes (largest first), and when each was asked for and arrived (ms from the last key). */
  files: { url: string; bytes: number; askedMs: number; doneMs: number }[];
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function throttle(cdp: CDPSession, profile: Profile): Promise<void> {
  if (profile === 'none') return;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
}

/**
 * Counts the bytes (headers and encoded body) of every request that finishes while `counting()` is true, the
 * page's own and its workers' (Pagefind's UI fetches its index from a worker).
 */
async function countBytes(
  page: Page,
  counting: () => boolean,
): Promise<{ cdp: CDPSession; seen: { url: string; bytes: number; asked: number; done: number }[]; settled: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const seen: { url: string; bytes: number; asked: number; done: number }[] = [];
  const pending: Promise<void>[] = [];
  const asked = new WeakMap<object, number>();
  page.on('request', (request) => void asked.set(request, performance.now()));
  page.on('requestfinished', (request) => {
    if (!counting()) return;
    const done = performance.now();
    pending.push(
      request.sizes().then(
        (sizes) => void seen.push({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize, asked: asked.get(request) ?? done, done }),
        () => undefined,
      ),
    );
  });
  return { cdp, seen, settled: async () => void (await Promise.all(pending)) };
}

/** Records, in the page's clock, each time the marked results changed. */
function watchResults(selector: string): void {
  const w = window as unknown as { resultsSeen: number[] };
  w.resultsSeen = [];
  new MutationObserver(() => {
    if (document.querySelector(`${selector} mark`)) w.resultsSeen.push(performance.now());
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

async function run(browser: Browser, open: string, profile: Profile, results: string, search: (page: Page) => Promise<void>): Promise<FirstSearch> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    let counting = false;
    let inFlight = 0;
    let lastActivity = performance.now();
    page.on('request', () => {
      inFlight++;
      lastActivity = performance.now();
    });
    const done = () => {
      inFlight--;
      lastActivity = performance.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    const { cdp, seen, settled } = await countBytes(page, () => counting);
    await page.goto(open, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await page.evaluate(watchResults, results);
    await throttle(cdp, profile);
    counting = true;
    const opened = await page.evaluate(() => performance.now());
    await search(page);
    const typed = await page.evaluate(() => performance.now());
    const typedHere = performance.now();
    await page.locator(`${results} mark`).first().waitFor({ timeout: 60_000 });
    // Until nothing has loaded for a second: the word's own results are on screen.
    while (inFlight > 0 || performance.now() - lastActivity < 1000) await page.waitForTimeout(100);
    counting = false;
    await settled();
    const seenAt = await page.evaluate(() => (window as unknown as { resultsSeen: number[] }).resultsSeen);
    const last = seenAt.at(-1) ?? typed;
    const files = seen
      .filter((r) => r.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => ({ url: r.url, bytes: r.bytes, askedMs: Math.round(r.asked - typedHere), doneMs: Math.round(r.done - typedHere) }));
    return {
      bytes: files.reduce((sum, r) => sum + r.bytes, 0),
      requests: files.length,
      firstResultsMs: Math.max(0, (seenAt.find((t) => t >= typed) ?? last) - typed),
      afterTypingMs: Math.max(0, last - typed),
      fromOpenMs: (seenAt[0] ?? last) - opened,
      files,
    };
  } finally {
    await context.close();
  }
}

/** Types `word` a key at a time. */
async function typeWord(page: Page, word: string): Promise<void> {
  for (const [i, key] of [...word].entries()) {
    if (i) await page.waitForTimeout(TYPING_MS);
    await page.keyboard.press(key);
  }
}

/** The first search on a build of this site: Ctrl+K on `route`, `word` typed, the modal's first marked hit. */
export async function firstSearch(dist: string, route: string, word: string, profile: Profile): Promise<FirstSearch> {
  const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', gzip: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    return await run(browser, server.url + route.replace(/^\//, ''), profile, '.DocSearch-Hit', async (page) => {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').waitFor({ timeout: 60_000 });
      await typeWord(page, word);
    });
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The first search with Pagefind's own UI (its defaults: five results with their excerpts) over `<out>/pagefind/`. */
export async function pagefindFirstSearch(out: string, word: string, profile: Profile): Promise<FirstSearch> {
  const server = await servePagefind(out);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    return await run(browser, `${server.url}ui.html`, profile, '.pagefind-ui__result', async (page) => {
      // Opening search: Pagefind's UI script and styles, then its input.
      await page.evaluate(async () => {
        await new Promise<void>((resolve, reject) => {
          const css = document.createElement('link');
          css.rel = 'stylesheet';
          css.href = '/pagefind/pagefind-ui.css';
          document.head.append(css);
          const script = document.createElement('script');
          script.src = '/pagefind/pagefind-ui.js';
          script.onload = () => resolve();
          script.onerror = () => reject(new Error('pagefind-ui.js did not load'));
          document.head.append(script);
        });
        new (window as unknown as { PagefindUI: new (o: object) => unknown }).PagefindUI({ element: '#search', showSubResults: true });
      });
      await page.locator('.pagefind-ui__search-input').click({ timeout: 60_000 });
      await typeWord(page, word);
    });
  } finally {
    await browser.close();
    await server.close();
  }
}
