/** Two docs claiming one id or one route fail the build naming both files. */
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { useFixture } from '../helpers/build';

describe('fixture duplicate-id', () => {
  const project = useFixture('duplicate-id');
  afterAll(() => project.remove());

  it('fails naming both files of each clash', async () => {
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 3 problems with ids and routes:
        content/docs/route.md:2: route \`/docs/intro\` is also used by \`content/docs/intro.md\`. Give one of them another \`id\` or \`slug\` in its front matter.
        content/docs/second.md:2: doc id \`shared\` is also used by \`content/docs/first.md\`. Give one of them another \`id\` or \`slug\` in its front matter.
        content/docs/second.md:2: route \`/docs/shared\` is also used by \`content/docs/first.md\`. Give one of them another \`id\` or \`slug\` in its front matter.]
    `);
  });

  it('reports the id clash and the route clash separately', async () => {
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    const messages = error.problems.map((p) => `${p.file}: ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^content\/docs\/route\.md: route `\/docs\/intro` is also used by `content\/docs\/intro\.md`\./),
      expect.stringMatching(/^content\/docs\/second\.md: doc id `shared` is also used by `content\/docs\/first\.md`\./),
      expect.stringMatching(/^content\/docs\/second\.md: route `\/docs\/shared` is also used by `content\/docs\/first\.md`\./),
    ]);
  });
});
