/**
 * How often search finds the page that answers a reader's question:
 * `npm run bench:search-quality [-- --dist dist] [-- --questions bench/questions.json] [-- --no-pagefind] [-- --verbose]`.
 *
 * Each question of the file is run against the local index of a build (the
 * engine the shell runs, reading the build's files) and against Pagefind over
 * the same build's HTML (in Chromium, with Pagefind's own script). A question
 * counts as answered when one of its pages is among the first three distinct
 * pages of the results.
 */
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { LocalEngine, parseEntryText } from '../src/search/localEngine';
import { buildPagefind, servePagefind } from './pagefind';

/** One question and the pages that answer it. */
interface Question {
  q: string;
  pages: string[];
}

/** How an engine did on the questions. */
export interface QualityResult {
  /** Questions with a right page among the first three pages. */
  top3: number;
  /** Questions with no result at all. */
  empty: number;
  total: number;
  /** Each question's first three pages. */
  answers: { q: string; top: string[]; ok: boolean }[];
}

/** The first `n` distinct pages of a list of result URLs (anchors left out). */
function firstPages(urls: string[], n: number): string[] {
  const out: string[] = [];
  for (const url of urls) {
    const page = url.split('#')[0]!.replace(/\/$/, '') || '/';
    if (!out.includes(page)) out.push(page);
    if (out.length === n) break;
  }
  return out;
}

function score(questions: Question[], tops: { top: string[]; total: number }[]): QualityResult {
  const answers = questions.map((question, i) => ({ q: question.q, top: tops[i]!.top, ok: tops[i]!.top.some((p) => question.pages.includes(p)) }));
  return { top3: answers.filter((a) => a.ok).length, empty: tops.filter((t) => t.total === 0).length, total: questions.length, answers };
}

/** The local index of `dist`, read from its files. */
export function engineOf(dist: string): LocalEngine {
  const entry = readdirSync(join(dist, 'search')).find((f) => /^entry\.[0-9a-f]+\.json$/.test(f));
  if (!entry) throw new Error(`no local index entry in ${dist}/search`);
  return new LocalEngine(parseEntryText(readFileSync(join(dist, 'search', entry), 'utf8')), async (paths) =>
    paths.map((p) => {
      try {
        return readFileSync(join(dist, p), 'utf8');
      } catch {
        return null;
      }
    }),
  );
}

/** Runs the questions on the local index of `dist`. */
export async function localQuality(dist: string, questions: Question[]): Promise<QualityResult> {
  const engine = engineOf(dist);
  const tops = [];
  // A question is asked as the search page asks an address's query (`/search?q=…`): as written, its last word also a
  // prefix, as the modal asks it while the reader has not typed a space after it.
  for (const { q } of questions) {
    const result = await engine.query(q, { hitsPerPage: 20 });
    tops.push({
      top: firstPages(
        result.hits.map((h) => h.url),
        3,
      ),
      total: result.nbHits,
    });
  }
  return score(questions, tops);
}

/** Runs the questions on Pagefind over the same build, in Chromium. */
export async function pagefindQuality(dist: string, questions: Question[]): Promise<QualityResult> {
  const work = mkdtempSync(join(tmpdir(), 'abp-pagefind-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await buildPagefind(dist, work);
    const server = await servePagefind(work);
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => (window as unknown as { pagefindReady?: boolean }).pagefindReady);
      const tops = [];
      for (const { q } of questions) {
        const r = await page.evaluate(
          ([query]) =>
            (window as unknown as { pagefindSearch: (q: string, n: number) => Promise<{ total: number; urls: string[] }> }).pagefindSearch(query!, 6),
          [q],
        );
        tops.push({ top: firstPages(r.urls, 3), total: r.total });
      }
      return score(questions, tops);
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The questions of a file. */
export function readQuestions(file: string): Question[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: Question[] }).questions;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      questions: { type: 'string', default: 'bench/questions.json' },
      'no-pagefind': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const dist = resolve(values.dist);
  const questions = readQuestions(values.questions);
  const ours = await localQuality(dist, questions);
  const theirs = values['no-pagefind'] ? null : await pagefindQuality(dist, questions);
  if (values.verbose) {
    ours.answers.forEach((a, i) => {
      const p = theirs?.answers[i];
      console.log(
        `${a.ok ? '✓' : '✗'} ${p ? (p.ok ? '✓' : '✗') : ' '} ${a.q}\n      ours:     ${a.top.join(', ') || '(nothing)'}${p ? `\n      pagefind: ${p.top.join(', ') || '(nothing)'}` : ''}`,
      );
    });
  }
  console.log(`local index: ${ours.top3} of ${ours.total} in the top 3, ${ours.empty} without a result`);
  if (theirs) console.log(`pagefind:    ${theirs.top3} of ${theirs.total} in the top 3, ${theirs.empty} without a result`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/searchQuality.ts')) await main();
