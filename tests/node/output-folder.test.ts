/**
 * `--out` may not destroy the input: an output
 * folder that is, holds or lies inside the content folder, `public/` or a source folder of the
 * project is refused before anything is written.
 */
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build';
import { BuildError } from '../../node/problems';
import { type FixtureProject, hashTree, listFiles, useFixture } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;

beforeAll(() => {
  project = useFixture('basic-site');
  mkdirSync(join(project.dir, 'public/img'), { recursive: true });
  mkdirSync(join(project.dir, 'src'));
  project.write('../public/img/x.txt', 'x');
  // Another content folder, below a folder of its own.
  cpSync(project.contentDir, join(project.dir, 'site/content'), { recursive: true });
  symlinkSync(project.contentDir, join(project.dir, 'content-link'));
  before = hashTree(project.dir);
});
afterAll(() => project.remove());

/** Builds `contentDir` into `out` (both below the project), expecting a refusal that changes nothing; returns its message. */
async function refused(out: string, contentDir = project.contentDir): Promise<string> {
  const error = await buildSite({ root: project.dir, contentDir, distDir: join(project.dir, out), shell: false, warn: () => {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BuildError);
  expect(hashTree(project.dir)).toEqual(before);
  return (error as BuildError).message.replaceAll(relative(process.cwd(), project.dir), 'W');
}

describe('the output folder', () => {
  it('is refused when it is, holds or lies inside the content folder', async () => {
    expect(await refused('content')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/content\` is the content folder. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
    expect(await refused('content-link')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/content\` is the content folder. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
    expect(await refused('site', join(project.dir, 'site/content'))).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/site\` holds the content folder, \`W/site/content\`. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
    expect(await refused('content/docs/out')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/content/docs/out\` lies inside the content folder, \`W/content\`. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
  });

  it('is refused when it is or lies inside public/ or a source folder, or holds the project', async () => {
    expect(await refused('public')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/public\` is the \`public/\` folder. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
    expect(await refused('src/site')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W/src/site\` lies inside the project's \`src/\` folder, \`W/src\`. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
    expect(await refused('.')).toMatchInlineSnapshot(
      `"Cannot build: the output folder \`W\` holds the project \`W\`. The build replaces its output folder as a whole: choose another one (\`--out dist\`)."`,
    );
  });

  it('may be any other folder of the project', async () => {
    await buildSite({ root: project.dir, contentDir: project.contentDir, distDir: join(project.dir, 'out/site'), shell: false, warn: () => {} });
    expect(listFiles(join(project.dir, 'out/site'))).toContain('docs/intro.html');
  });
});
