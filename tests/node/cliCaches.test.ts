/**
 * What CLI builds keep on disk is the work of one version of the build code and the installed packages: a
 * changed rendering function or lockfile costs a render, never a stale page.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DIR, cacheVersion, clearCliCaches } from '../../node/cliCaches';
import { ROOT } from '../helpers/build';

/** The project files a build reads besides its content. */
const PROJECT = [
  'node',
  'manifest',
  'src',
  'public',
  'build.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
];

describe('the CLI caches', () => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'abp-docs-cli-caches-'));
    for (const name of PROJECT) cpSync(join(ROOT, name), join(project, name), { recursive: true });
    // The packages, linked one by one so that this project's cache folder is its own.
    mkdirSync(join(project, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name));
    }
    cpSync(join(ROOT, 'tests', 'fixtures', 'docusaurus-site', 'content'), join(project, 'content'), { recursive: true });
    cpSync(join(ROOT, 'tests', 'fixtures', 'docusaurus-site', 'public'), join(project, 'public'), { recursive: true, force: true });
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  /** Runs `build.ts` in the copy as `npm run build:content` does; returns its summary line. */
  const build = () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts', '--out', 'dist'], { cwd: project, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return /\[build\] (\d+) pages \((\d+) rendered/.exec(run.stdout)!;
  };
  const intro = () => readFileSync(join(project, 'dist', 'docs', 'intro.html'), 'utf8');

  it('takes every rendering from the cache when nothing changed, and renders again when a rendering function or the lockfile did', () => {
    const [, pages] = build();
    expect(intro()).toContain('>Note<');
    expect(build()[2]).toBe('0');

    // The label of an untitled admonition is the renderer's: a cached build shows the new one.
    const labels = join(project, 'manifest', 'admonitions.ts');
    writeFileSync(labels, readFileSync(labels, 'utf8').replace("note: 'Note'", "note: 'Heads up'"));
    expect(build()[2]).toBe(pages);
    expect(intro()).toContain('>Heads up<');
    expect(intro()).not.toContain('>Note<');

    // An `npm update` changes the lockfile: the packages that render may be others.
    appendFileSync(join(project, 'package-lock.json'), '\n');
    expect(build()[2]).toBe(pages);
  }, 240_000);

  it('names the build code and the package files in its version, and cache:clear removes the folder', () => {
    const before = cacheVersion(project, [join(project, 'node'), join(project, 'manifest')]);
    const parser = join(project, 'node', 'sources.ts');
    appendFileSync(parser, '\n');
    expect(cacheVersion(project, [join(project, 'node'), join(project, 'manifest')])).not.toBe(before);
    const tsconfig = join(project, 'tsconfig.json');
    const now = cacheVersion(project, [join(project, 'node'), join(project, 'manifest')]);
    appendFileSync(tsconfig, '\n');
    expect(cacheVersion(project, [join(project, 'node'), join(project, 'manifest')])).not.toBe(now);

    expect(readdirSync(join(project, CACHE_DIR)).length).toBeGreaterThan(0);
    clearCliCaches(project);
    expect(() => readdirSync(join(project, CACHE_DIR))).toThrow(/ENOENT/);
  });
});
