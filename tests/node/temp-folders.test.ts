/**
 * An interrupted build leaves no copy of the site:
 * SIGINT and SIGTERM remove the build's temporary folder, and a later build removes the ones of builds
 * that are not running (killed outright).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type FixtureProject, useFixture } from '../helpers/build';

let project: FixtureProject;

beforeAll(() => {
  project = useFixture('basic-site');
});
afterAll(() => project.remove());

const siblings = () =>
  readdirSync(project.dir)
    .filter((name) => name.startsWith('dist'))
    .sort();

describe('temporary folders', () => {
  it('are removed by a later build when the build that made them no longer runs', async () => {
    await project.build();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const folders = [`dist.tmp-${dead}-1`, `dist.old-${dead}-2`, `dist.tmp-${process.pid}-3`, 'dist.tmp-1-4', 'dist.tmp-notes'];
    for (const name of folders) {
      mkdirSync(join(project.dir, name));
      writeFileSync(join(project.dir, name, 'index.html'), 'old copy');
    }
    await project.build();
    // Process 1 runs (it is always there), so its folder may still be in use; the last name is no build's.
    expect(siblings()).toEqual(['dist', 'dist-search', 'dist.tmp-1-4', 'dist.tmp-notes']);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`are removed when ${signal} stops a build, and dist/ stays as it was`, async () => {
      // Enough pages that the build is still writing when the signal comes.
      for (let i = 0; i < 400; i++) project.write(`docs/page-${i}.md`, `# Page ${i}\n\n${'Some text to render. '.repeat(40)}\n\n## Part\n\n- one\n- two\n`);
      const before = readdirSync(project.distDir).sort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'build.ts', '--content', project.contentDir, '--out', project.distDir, '--no-cache'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const building = () => siblings().some((name) => name.startsWith('dist.tmp-') && !['dist.tmp-1-4', 'dist.tmp-notes'].includes(name));
      for (let waited = 0; !building() && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      expect(building()).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(stderr).toContain(`[build] stopped by ${signal}; ${project.distDir}/ was left unchanged.`);
      expect(siblings()).toEqual(['dist', 'dist-search', 'dist.tmp-1-4', 'dist.tmp-notes']);
      expect(readdirSync(project.distDir).sort()).toEqual(before);
      expect(existsSync(join(project.distDir, 'docs/page-0.html'))).toBe(false);
    }, 120_000);
  }
});
