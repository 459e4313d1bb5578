/** `.mdx` files must hold plain markdown: MDX imports and JSX are rejected with file and line. */
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { useFixture } from '../helpers/build';

describe('fixture mdx-with-jsx', () => {
  const project = useFixture('mdx-with-jsx');
  afterAll(() => project.remove());

  it('rejects the import and the JSX element', async () => {
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 2 problems in content:
        content/docs/tabs.mdx:5: MDX \`import\` statements are not supported. This site renders plain markdown: remove the line, or rename the file to \`.md\` after removing its MDX.
        content/docs/tabs.mdx:9: JSX elements are not supported (\`<Tabs>\`). Use plain markdown instead of MDX components.]
    `);
  });

  it('names file and line of each', async () => {
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.problems.map((p) => `${p.file}:${p.line}`)).toEqual(['content/docs/tabs.mdx:5', 'content/docs/tabs.mdx:9']);
  });
});

describe('fixture mdx-plain', () => {
  const project = useFixture('mdx-plain');
  afterAll(() => project.remove());

  it('accepts plain markdown in an .mdx file, JSX inside a code fence included', async () => {
    const result = await project.build();
    expect(result.pages).toBe(2);
    const doc = project.manifest().docs.plain;
    expect(doc).toMatchObject({ path: '/docs/plain', title: 'Plain MDX', source: 'docs/plain.mdx', codeLanguages: ['tsx'] });
    expect(project.read('docs/plain.html')).toContain('This <code>.mdx</code> file holds plain markdown only.');
  });
});
