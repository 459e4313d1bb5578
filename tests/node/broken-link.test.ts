/** Broken page links fail the build, all listed at once with file and line. */
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { useFixture } from '../helpers/build';

describe('fixture broken-link', () => {
  const project = useFixture('broken-link');
  afterAll(() => project.remove());

  it('fails once, listing every broken link', async () => {
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: 4 broken links found:
        content/docs/x.md:6: link to "/docs/nope" matches no page. Link to an existing route such as \`/docs/intro\`, or to a file with a relative \`.md\` path.
        content/docs/x.md:10: link to "../elsewhere" matches no page. Link to an existing route such as \`/docs/intro\`, or to a file with a relative \`.md\` path.
        content/docs/x.md:12: link to "/docs/gone" matches no page. Link to an existing route such as \`/docs/intro\`, or to a file with a relative \`.md\` path.
        content/docs/y.md:3: link to "/abp-react/docs/missing#part" matches no page. Link to an existing route such as \`/docs/intro\`, or to a file with a relative \`.md\` path.]
    `);
  });

  it('reports each link at its line in the file, front matter included', async () => {
    const error = await project.build().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    const places = (error as BuildError).problems.map((p) => `${p.file}:${p.line}: ${p.message.split('. ')[0]}`);
    expect(places).toEqual([
      'content/docs/x.md:6: link to "/docs/nope" matches no page',
      'content/docs/x.md:10: link to "../elsewhere" matches no page',
      'content/docs/x.md:12: link to "/docs/gone" matches no page',
      'content/docs/y.md:3: link to "/abp-react/docs/missing#part" matches no page',
    ]);
  });

  it('writes no dist/', async () => {
    await project.build().catch(() => undefined);
    expect(() => project.read('manifest.json')).toThrow(/ENOENT/);
  });
});
