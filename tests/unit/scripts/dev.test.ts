// scripts/dev.ts's command line: refused before anything is built or served (the server itself is tested in tests/e2e/dev.test.ts).
import { describe, expect, it } from 'vitest';
import { runScript } from '../../helpers/cli';

describe('npm run dev command line', () => {
  it('prints its usage for --help and serves nothing', () => {
    const help = runScript('scripts/dev.ts', ['--help', '--port', '0']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run dev \[-- --port 3000\] \[--host 127\.0\.0\.1\] \[--content content\] \[--out dist\] \[--timings\]\n/);
    expect(help.stdout).not.toContain('[dev] serving');
  }, 60_000);

  it('refuses an unknown option or a bad port with the usage, exit code 2', () => {
    const unknown = runScript('scripts/dev.ts', ['--contnet', 'site']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^\[dev\] Unknown option '--contnet'[^\n]*\n\nusage: npm run dev /);
    const port = runScript('scripts/dev.ts', ['--content', 'content'], { PORT: 'http' });
    expect(port.status).toBe(2);
    expect(port.stderr).toMatch(/^\[dev\] invalid port: http\n\nusage: /);
  }, 120_000);
});
