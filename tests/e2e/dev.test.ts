/**
 * `npm run dev` (scripts/dev.ts): a saved markdown file reaches the
 * open page in place, with no reload and the scroll position kept; a build
 * that fails leaves the page as it is; a change the page cannot take in place
 * (`site.config.json`) reloads it.
 *
 * The dev server runs as `npm run dev` does, in a child process, over a copy
 * of `content/` in a temporary folder, on a port of its own. The tests run in
 * order and share it.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const ROOT = resolve(__dirname, '../..');
const DOC = 'docs/intro.md';
const b = useBrowser();

let work: string;
let contentDir: string;
let dev: ChildProcessByStdio<null, Readable, Readable>;
let base: string;
/** What the dev server printed so far. */
let output = '';

/** Waits until the dev server has printed something matching `pattern` after `from` characters of its output. */
async function printed(pattern: RegExp, from: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (!pattern.test(output.slice(from))) {
    if (Date.now() > until || dev.exitCode !== null) throw new Error(`The dev server did not print ${pattern}. It printed:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'docs-dev-'));
  contentDir = join(work, 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', '--port', '0', '--content', contentDir, '--out', join(work, 'dist')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout.on('data', (d: Buffer) => (output += String(d)));
  dev.stderr.on('data', (d: Buffer) => (output += String(d)));
  await printed(/serving .* at http:\/\/\S+/, 0);
  base = /serving .* at (http:\/\/\S+)/.exec(output)![1]!.replace('//localhost:', '//127.0.0.1:');
});

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((r) => dev.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

const original = () => readFileSync(join(ROOT, 'content', DOC), 'utf8');

/** Saves the doc with `extra` at its end, as an editor would. */
function save(extra: string): void {
  writeFileSync(join(contentDir, DOC), `${original()}\n${extra}\n`);
}

/** The doc open in a fresh tab, scrolled down, with a marker on `window` that a reload would drop. */
async function openScrolled(): Promise<{ page: Awaited<ReturnType<typeof b.page>>; scrollY: number }> {
  const page = await b.page();
  await page.goto(`${base}docs/intro`);
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]'));
  // The router puts a page it has just rendered at the top, once: scroll when the page has settled.
  await page.waitForLoadState('networkidle');
  const scrollY = await page.evaluate(async () => {
    (window as unknown as { devMarker: boolean }).devMarker = true;
    const settle = () => new Promise((r) => setTimeout(r, 200));
    await settle();
    window.scrollTo(0, 900);
    await settle();
    return window.scrollY;
  });
  expect(scrollY).toBeGreaterThan(500);
  return { page, scrollY };
}

const state = (page: Page) => page.evaluate(() => ({ marker: (window as unknown as { devMarker?: boolean }).devMarker === true, scrollY: window.scrollY }));

describe('npm run dev', () => {
  it("shows a saved doc in place: no reload, same scroll position, new heading in the table of contents, the build's article", async () => {
    const { page, scrollY } = await openScrolled();
    // The page's markdown is fetched only when its article cannot be had: the build's article is what shows.
    const markdown: string[] = [];
    page.on('request', (request) => /\/blobs\/[0-9a-f]{16}\.md$/.test(request.url()) && markdown.push(request.url()));
    save('## Saved a moment ago\n\nThis paragraph was written by the dev server test.');
    await page.getByText('This paragraph was written by the dev server test.').waitFor();
    expect(markdown).toEqual([]);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Saved a moment ago' }).waitFor();
    expect(await state(page)).toEqual({ marker: true, scrollY });

    // The next save too: the page keeps taking them.
    save('## Saved a moment ago\n\nAnd then written again.');
    await page.getByText('And then written again.').waitFor();
    expect(await page.getByText('This paragraph was written by the dev server test.').count()).toBe(0);
    expect(await state(page)).toEqual({ marker: true, scrollY });
    expect(page.errors).toEqual([]);
  });

  it('keeps the page as it is when the build fails, and takes the fix in place', async () => {
    const { page, scrollY } = await openScrolled();
    const from = output.length;
    save('A [link to nowhere](/docs/no-such-page).');
    await printed(/content build FAILED; still serving the last good dist\/\.[\s\S]*no-such-page/, from);
    expect(await page.getByText('A link to nowhere').count()).toBe(0);

    save('The fixed paragraph.');
    await page.getByText('The fixed paragraph.').waitFor();
    expect(await state(page)).toEqual({ marker: true, scrollY });
  });

  it('reloads the page, keeping the scroll position, when the site configuration changes', async () => {
    const { page, scrollY } = await openScrolled();
    const config = join(contentDir, 'site.config.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"title": "ABP React"', '"title": "ABP React Preview"'));
    await page.waitForFunction(() => document.title.includes('ABP React Preview'), null, { timeout: 30_000 });
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, scrollY);
    expect((await state(page)).marker).toBe(false);
  });
});
