/**
 * The build replaces its output folder as a whole, so it takes only a folder that is absent, empty or a
 * build's output (one holding the marker file every build writes): any other folder is refused, named,
 * and left as it was.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build';
import { OUTPUT_MARKER } from '../../node/output';
import { BuildError } from '../../node/problems';
import { type FixtureProject, hashTree, listFiles, useFixture } from '../helpers/build';
import { runScript } from '../helpers/cli';

let project: FixtureProject;

beforeAll(() => {
  project = useFixture('basic-site');
});
afterAll(() => project.remove());

const build = (out: string) => buildSite({ root: project.dir, contentDir: project.contentDir, distDir: join(project.dir, out), shell: false, warn: () => {} });

/** Builds into `out`, expecting a refusal that leaves the project as it was; returns the message. */
async function refused(out: string): Promise<string> {
  const before = hashTree(project.dir);
  const error = await build(out).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BuildError);
  expect(hashTree(project.dir)).toEqual(before);
  return (error as BuildError).message.replaceAll(relative(process.cwd(), project.dir), 'W');
}

describe('an output folder the build does not own', () => {
  it('is refused when it holds files no build wrote', async () => {
    mkdirSync(join(project.dir, 'x/notes'), { recursive: true });
    writeFileSync(join(project.dir, 'x/notes/important.txt'), 'keep me');
    expect(await refused('x/notes')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/x/notes\` holds files no build wrote (it has no \`.abp-react-docs-output\`), and the build replaces its output folder as a whole. Choose a folder that is new, empty or a build's output (\`--out dist\`), or move those files away."`,
    );
    expect(readFileSync(join(project.dir, 'x/notes/important.txt'), 'utf8')).toBe('keep me');
  });

  it('is refused by the command line, which names the folder it left as it was', () => {
    const out = join(project.dir, 'y/notes');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'important.txt'), 'keep me');
    const run = runScript('build.ts', ['--content', project.contentDir, '--out', out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`holds files no build wrote (it has no \`.abp-react-docs-output\`)`);
    expect(run.stderr).toContain(`[build] ${out}/ was left unchanged.`);
    expect(readFileSync(join(out, 'important.txt'), 'utf8')).toBe('keep me');
  }, 60_000);

  it('is refused when it is a cache folder of the project', async () => {
    mkdirSync(join(project.dir, 'node_modules/.cache/abp-react-docs'), { recursive: true });
    writeFileSync(join(project.dir, 'node_modules/.cache/abp-react-docs/render-cache.jsonl'), '');
    expect(await refused('node_modules/.cache')).toMatch(/^Cannot build: the output folder `W\/node_modules\/\.cache` holds files no build wrote/);
  });

  it('is refused when it is a file', async () => {
    writeFileSync(join(project.dir, 'site.txt'), 'a file');
    expect(await refused('site.txt')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/site.txt\` is a file. Choose a folder that is new, empty or a build's output (\`--out dist\`)."`,
    );
  });
});

describe('an output folder the build owns', () => {
  it('may be new or empty, and is marked as a build output', async () => {
    await build('fresh/site');
    expect(existsSync(join(project.dir, 'fresh/site', OUTPUT_MARKER))).toBe(true);
    mkdirSync(join(project.dir, 'empty'));
    await build('empty');
    expect(listFiles(join(project.dir, 'empty'))).toContain('docs/intro.html');
  });

  it("may be a build's output, which the next build replaces", async () => {
    await build('again');
    writeFileSync(join(project.dir, 'again/stale.txt'), 'left by hand');
    await build('again');
    expect(existsSync(join(project.dir, 'again/stale.txt'))).toBe(false);
    expect(existsSync(join(project.dir, 'again', OUTPUT_MARKER))).toBe(true);
  });

  it('is refused when the marker is gone', async () => {
    await build('unmarked');
    rmSync(join(project.dir, 'unmarked', OUTPUT_MARKER));
    expect(await refused('unmarked')).toMatch(/holds files no build wrote/);
  });
});
