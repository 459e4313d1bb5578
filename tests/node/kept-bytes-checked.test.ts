/**
 * What CLI builds keep on disk (renderings, saved products) is published only once it checks out: a rendering
 * whose bytes changed since they were kept, or a saved article name that is not its article's hash, makes the build
 * warn and build again without its caches, and what it publishes is what a build without caches publishes.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureProject, hashTree, ROOT, useFixture } from '../helpers/build';

let project: FixtureProject;
const cacheDir = () => join(project.dir, 'node_modules/.cache/abp-react-docs');

/** `tsx build.ts` in the project folder (its caches there), as `npm run build:content` runs it. */
function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), 'build.ts', ...args], {
    cwd: project.dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Builds with the caches, expecting success; returns what the build printed. */
function build(): string {
  const run = cli();
  expect(run.stderr + run.stdout).not.toMatch(/failed/);
  expect(run.status).toBe(0);
  return run.stdout + run.stderr;
}

let clean: Record<string, string>;

beforeAll(() => {
  project = useFixture('basic-site');
  // Run from the project folder, with the checkout's build code.
  symlinkSync(join(ROOT, 'build.ts'), join(project.dir, 'build.ts'));
  expect(cli('--no-cache').status).toBe(0);
  clean = hashTree(project.distDir);
}, 300_000);
afterAll(() => project.remove());

describe('kept renderings and products', () => {
  it('are taken when they check out', () => {
    build();
    expect(build()).toMatch(/\(0 rendered, \d+ from cache\)/);
    expect(hashTree(project.distDir)).toEqual(clean);
  }, 300_000);

  it('are made again when a rendering segment was edited, keeping its length', () => {
    const segment = readdirSync(cacheDir()).find((name) => /^render-.*\.data$/.test(name))!;
    const bytes = readFileSync(join(cacheDir(), segment), 'latin1');
    expect(bytes).toContain('Welcome to the fixture site.');
    writeFileSync(join(cacheDir(), segment), bytes.replace('Welcome to the fixture site.', 'Welcome to the tampered one.'), 'latin1');
    const printed = build();
    expect(printed).toMatch(
      /warning: the render cache's segment .* does not hold at \d+ what its index says: the caches changed since a build kept them\. Building again without them\./,
    );
    expect(hashTree(project.distDir)).toEqual(clean);
    expect(build()).toMatch(/\(0 rendered, \d+ from cache\)/);
  }, 300_000);

  it("are made again when a saved article name is another page's", () => {
    const file = readdirSync(cacheDir()).find((name) => /^products-.*\.jsonl$/.test(name))!;
    const lines = readFileSync(join(cacheDir(), file), 'utf8').split('\n');
    const articles = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.startsWith('["article'));
    expect(articles.length).toBeGreaterThan(1);
    const [a, b] = articles.map(({ line }) => JSON.parse(line) as [string, { name: string; bytes: number }]);
    lines[articles[0]!.i] = JSON.stringify([a![0], { ...a![1], name: b![1].name }]);
    writeFileSync(join(cacheDir(), file), lines.join('\n'));
    expect(build()).toMatch(/warning: the kept article name of `content\/.*`, `[0-9a-f]{16}\.html`, is not the hash of its article: the caches changed/);
    expect(hashTree(project.distDir)).toEqual(clean);
  }, 300_000);

  it('are made afresh once removed', () => {
    rmSync(cacheDir(), { recursive: true, force: true });
    expect(build()).toMatch(/\(\d+ rendered, 0 from cache\)/);
    expect(hashTree(project.distDir)).toEqual(clean);
  }, 300_000);
});
