/** Front matter is validated: an error names the file, the line, the field and the type it expects. */
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { useFixture } from '../helpers/build';

describe('fixture bad-frontmatter', () => {
  const project = useFixture('bad-frontmatter');
  afterAll(() => project.remove());

  it('fails listing both files', async () => {
    await expect(project.build()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 2 problems in content:
        content/docs/broken-yaml.md:3: front matter is not valid YAML (incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line). Fix the YAML between the \`---\` lines.
        content/docs/faq.md:3: front matter \`sidebar_position\` must be a number, got \`"two"\`.]
    `);
  });

  it('names file, line, field, expected type and value of a wrongly typed field', async () => {
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.problems).toContainEqual({
      file: 'content/docs/faq.md',
      line: 3,
      message: 'front matter `sidebar_position` must be a number, got `"two"`.',
    });
  });

  it('names the line of invalid YAML', async () => {
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    const yaml = error.problems.find((p) => p.file === 'content/docs/broken-yaml.md');
    expect(yaml).toMatchObject({ line: 3 });
    expect(yaml?.message).toMatch(/^front matter is not valid YAML \(.+\)\. Fix the YAML between the `---` lines\.$/);
  });
});
