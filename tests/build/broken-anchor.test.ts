/** A link to a heading that does not exist only warns, naming file and line (spec §4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildSiteResult } from '../../build';
import { useFixture } from '../helpers/build';

describe('fixture broken-anchor', () => {
  const project = useFixture('broken-anchor');
  let result: BuildSiteResult;
  beforeAll(async () => {
    result = await project.build();
  });
  afterAll(() => project.remove());

  it('builds the site', () => {
    expect(result.pages).toBe(2);
    expect(project.manifest().docs.intro?.path).toBe('/docs/intro');
  });

  it('warns once per missing anchor, with file and line', () => {
    expect(result.warnings).toBe(2);
    expect(project.warnings).toMatchInlineSnapshot(`
      [
        "content/docs/intro.md:5: link to "#nowhere" names anchor \`#nowhere\`, which is no heading of \`/docs/intro\`.",
        "content/docs/intro.md:7: link to "/docs/other#no-such-section" names anchor \`#no-such-section\`, which is no heading of \`/docs/other\`.",
      ]
    `);
  });

  it('does not warn about an anchor that exists', () => {
    expect(project.warnings.join('\n')).not.toContain('real-section');
  });
});
