// bench/authorLoop.ts's command line: refused before the dev server or the browser starts.
import { describe, expect, it } from 'vitest';
import { runScript } from '../../helpers/cli';

describe('npm run bench:author command line', () => {
  it('refuses no edits and a missing value with the usage, exit code 2', () => {
    const none = runScript('bench/authorLoop.ts', ['--edits', '0']);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^\[bench\] --edits takes a whole number of edits, 1 or more, not 0\n\nusage: npm run bench:author /);
    const missing = runScript('bench/authorLoop.ts', ['--doc']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^\[bench\] Option '--doc <value>' argument missing\n\nusage: /);
  }, 120_000);
});
