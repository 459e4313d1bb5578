import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/build';
import { runScript } from '../../helpers/cli';

describe('npm run docs:version', () => {
  const work = mkdtempSync(join(tmpdir(), 'abp-docs-version-'));
  const content = join(work, 'content');
  cpSync(join(ROOT, 'tests/fixtures/basic-site/content'), content, { recursive: true });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('snapshots the current docs, their categories included, and says what it wrote', () => {
    const { status, stdout } = runScript('scripts/docsVersion.ts', ['2.0', '--content', content]);
    expect(status).toBe(0);
    expect(stdout).toContain('[docs:version] version 2.0 created:');
    expect(readdirSync(join(content, 'versioned_docs/version-2.0/guides')).sort()).toEqual(['_category_.json', 'deploy.md', 'setup.md']);
    expect(readFileSync(join(content, 'versioned_docs/version-2.0/intro.md'), 'utf8')).toBe(readFileSync(join(content, 'docs/intro.md'), 'utf8'));
  });

  it('refuses a name too long for its folder and files before writing anything', () => {
    const before = readdirSync(content).sort();
    const long = runScript('scripts/docsVersion.ts', ['v'.repeat(239), '--content', content]);
    expect(long.status).toBe(1);
    expect(long.stderr).toBe(
      `[docs:version] Cannot make version \`${'v'.repeat(239)}\`: a version name has at most 200 bytes, so that its folder and sidebar file can be named after it.\n`,
    );
    expect(readdirSync(content).sort()).toEqual(before);
    expect(existsSync(join(content, 'versioned_docs', `version-${'v'.repeat(239)}`))).toBe(false);
  }, 60_000);

  it('refuses a name that exists with exit code 1, and a command line without one with its usage and exit code 2', () => {
    const again = runScript('scripts/docsVersion.ts', ['2.0', '--content', content]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`[docs:version] Version \`2.0\` exists already (\`${join(content, 'versions.json')}\` lists it). Choose another name.\n`);
    const none = runScript('scripts/docsVersion.ts', ['--content', content]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^\[docs:version\] the version name is missing\n\nusage: npm run docs:version -- <name>/);
  });
});
