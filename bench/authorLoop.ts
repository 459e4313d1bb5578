/**
 * Author-loop benchmark:
 *
 *   npm run bench:author [-- --edits 10] [--doc docs/intro.md] [--checkout <dir>]
 *
 * Starts `npm run dev` (scripts/dev.ts) on a free port over a temporary copy
 * of `content/`, opens the doc in Debian's Chromium (`CHROMIUM_PATH`, default
 * `/usr/bin/chromium`), scrolls down, then saves the doc's markdown `--edits`
 * times, each time with a new sentence in its first paragraph, and times the
 * write to the new sentence being in the page. Prints each edit's time, the
 * median and the maximum, and how many edits reloaded the page (a marker on
 * `window` that a reload would drop) or moved the scroll position.
 *
 * `--checkout` runs another checkout's dev server instead (an older commit, to
 * compare): in that folder, on its own `content/` and `dist/`, since older dev
 * servers take no `--content`; the doc is restored at the end.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { commandLine, wholeNumber } from '../scripts/commandLine';

const ROOT = process.cwd();
const USAGE = `usage: npm run bench:author [-- --edits 10] [--doc docs/tutorials/creating-crud-pages.md] [--checkout DIR]

Times saved markdown edits reaching the page under npm run dev, in Chromium (CHROMIUM_PATH).

  --edits N       edits to time (default: 10)
  --doc REL       the doc to edit, below content/ (default: a long one, to scroll in)
  --checkout DIR  run that checkout's dev server on its own content/ instead (an older commit, to compare)
  -h, --help      print this and exit`;
const args = commandLine(
  'bench',
  USAGE,
  {
    edits: { type: 'string', default: '10' },
    /** A long doc, so that there is somewhere to scroll to. */
    doc: { type: 'string', default: 'docs/tutorials/creating-crud-pages.md' },
    checkout: { type: 'string' },
  },
  (values) => (wholeNumber(values.edits, 1) === undefined ? `--edits takes a whole number of edits, 1 or more, not ${values.edits}` : undefined),
);
const edits = Number(args.edits);
const { doc, checkout } = args;
/** Time between saves, so that one edit's rebuild does not run into the next one. */
const PAUSE_MS = 400;
const SCROLL_Y = 1200;
const SETTLE_MS = 1000;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Starts the dev server and resolves with the site's URL once it serves. */
function startDev(contentDir: string, distDir: string) {
  const argv = checkout ? ['--port', '0'] : ['--port', '0', '--content', contentDir, '--out', distDir, '--timings'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', ...argv], { cwd: checkout ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  /** The server's output lines, with when they arrived. */
  const lines: { at: number; text: string }[] = [];
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      for (const line of String(d).split('\n')) if (line.trim()) lines.push({ at: performance.now(), text: line });
      const m = /serving .* at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!.replace('//localhost:', '//127.0.0.1:'));
    });
    // The router's notice about `/docs` (printed while routes are rendered) is not the bench's business.
    child.stderr.on('data', (d: Buffer) =>
      process.stderr.write(
        String(d)
          .split('\n')
          .filter((l) => !l.startsWith('Generated path'))
          .join('\n'),
      ),
    );
    child.on('exit', (code) => reject(new Error(`npm run dev exited with ${code} before serving`)));
  });
  return { child, url, lines };
}

/** Waits until the page's `<main>` holds `text`, across reloads; resolves with the time it took from `since`. */
async function waitForText(page: Page, text: string, since: number): Promise<number> {
  for (;;) {
    try {
      await page.waitForFunction((t) => document.querySelector('main')?.textContent?.includes(t) ?? false, text, { polling: 'raf', timeout: 15_000 });
      return performance.now() - since;
    } catch (error) {
      // A reload destroys the context the wait ran in: wait again in the new page.
      if (!/context was destroyed|navigat|Target closed/i.test(String(error))) throw error;
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'abp-author-loop-'));
  const contentDir = checkout ? join(checkout, 'content') : join(work, 'content');
  if (!checkout) cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  const file = join(contentDir, doc);
  const original = readFileSync(file, 'utf8');
  const dev = startDev(contentDir, join(work, 'dist'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const base = await dev.url;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const route = doc.replace(/\.mdx?$/, '');
    await page.goto(base + route);
    await page.waitForSelector('#root:not([data-static-route])');
    // Diagrams and images settle first; then the position the edits should keep.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const scrollY = await page.evaluate(async (y) => {
      (window as unknown as { __authorLoop: boolean }).__authorLoop = true;
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 300));
      return window.scrollY;
    }, SCROLL_Y);
    // The first body paragraph: the first line after the title that is plain text.
    const lines = original.split('\n');
    const at = lines.findIndex((l, i) => i > lines.findIndex((x) => x.startsWith('# ')) && /^[A-Za-z]/.test(l));
    if (at < 0) throw new Error(`${doc} has no plain paragraph after its title`);
    const times: number[] = [];
    /** Write → the server's "rebuilt" line, and that line → the text in the page. */
    const serverMs: number[] = [];
    const pageMs: number[] = [];
    let reloads = 0;
    let scrollMoved = 0;
    for (let i = 1; i <= edits; i++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      const sentence = `Author loop edit ${i} ${Math.random().toString(36).slice(2, 8)}.`;
      const edited = lines.map((l, j) => (j === at ? `${l} ${sentence}` : l)).join('\n');
      const started = performance.now();
      writeFileSync(file, edited);
      const ms = await waitForText(page, sentence, started);
      times.push(ms);
      const built = dev.lines.find((l) => l.at > started && /\[dev\] rebuilt content/.test(l.text));
      if (built) {
        serverMs.push(built.at - started);
        pageMs.push(started + ms - built.at);
      }
      // A reload restores the scroll position a moment later: let it settle before looking.
      await new Promise((r) => setTimeout(r, 100));
      const state = await page.evaluate(() => ({ marker: (window as unknown as { __authorLoop?: boolean }).__authorLoop === true, y: window.scrollY }));
      if (!state.marker) {
        reloads++;
        await page.evaluate(() => ((window as unknown as { __authorLoop: boolean }).__authorLoop = true));
      }
      const moved = Math.abs(state.y - scrollY) > 2;
      if (moved) {
        scrollMoved++;
        await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      }
      log(
        `edit ${i}: ${Math.round(ms)} ms${built ? ` (server ${Math.round(built.at - started)} ms, page ${Math.round(started + ms - built.at)} ms)` : ''}${state.marker ? '' : ' (reloaded)'}${moved ? ` (scroll ${scrollY} → ${state.y})` : ''}`,
      );
    }
    const builds = dev.lines.filter((l) => /\[dev\] rebuilt content/.test(l.text));
    if (builds.length)
      log(
        `dev server, last rebuilds:\n  ${builds
          .slice(-3)
          .map((l) => l.text)
          .join('\n  ')}`,
      );
    if (serverMs.length) log(`write → rebuilt: median ${Math.round(median(serverMs))} ms; rebuilt → text on screen: median ${Math.round(median(pageMs))} ms`);
    console.log(
      `author loop (${doc}, ${edits} edits): median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms, min ${Math.round(Math.min(...times))} ms; ${reloads} reload${reloads === 1 ? '' : 's'}, scroll moved ${scrollMoved} time${scrollMoved === 1 ? '' : 's'}`,
    );
  } finally {
    if (checkout) writeFileSync(file, original);
    await browser.close();
    dev.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
