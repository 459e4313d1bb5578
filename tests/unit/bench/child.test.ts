// bench/child.ts's command line (npm run bench starts it): refused before anything is built.
import { describe, expect, it } from 'vitest';
import { runScript } from '../../helpers/cli';

describe('bench child command line', () => {
  it('refuses a count of rounds that is no whole number and an argument that is no option, exit code 2', () => {
    const rounds = runScript('bench/child.ts', ['--edit', 'docs/intro.md', '--rounds', 'three']);
    expect(rounds.status).toBe(2);
    expect(rounds.stderr).toMatch(/^\[bench\] --rounds takes a whole number, not three\n\nusage: tsx bench\/child\.ts /);
    const stray = runScript('bench/child.ts', ['content']);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/^\[bench\] Unexpected argument 'content'/);
    expect(rounds.stdout + stray.stdout).not.toContain('BENCH_RESULT');
  }, 120_000);
});
