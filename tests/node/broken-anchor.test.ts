/** A link to a heading that does not exist only warns, naming file and line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSession, type BuildSiteResult } from '../../build';
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

describe('a rebuild after the linked page loses its heading', () => {
  const project = useFixture('broken-anchor');
  afterAll(() => project.remove());

  it('warns about the unchanged page whose anchor no longer exists, and again each build', async () => {
    const session = new BuildSession();
    await project.buildContent({ session });
    project.write('docs/other.md', '# Other\n\n## Renamed section\n\nText.\n');
    for (let build = 0; build < 2; build++) {
      project.warnings.length = 0;
      const result = await project.buildContent({ session });
      expect(result.rendered).toBe(build === 0 ? 1 : 0);
      expect(project.warnings).toEqual([
        'content/docs/intro.md:5: link to "#nowhere" names anchor `#nowhere`, which is no heading of `/docs/intro`.',
        'content/docs/intro.md:5: link to "other.md#real-section" names anchor `#real-section`, which is no heading of `/docs/other`.',
        'content/docs/intro.md:7: link to "/docs/other#no-such-section" names anchor `#no-such-section`, which is no heading of `/docs/other`.',
      ]);
    }
  });

  it('drops the warning when the heading comes back, and fails on a broken link until it is fixed', async () => {
    const session = new BuildSession();
    project.write('docs/other.md', '# Other\n\n## Renamed section\n\nText.\n');
    await project.buildContent({ session });
    project.write('docs/other.md', '# Other\n\n## Real section\n\nSee [nothing](/docs/nothing).\n');
    await expect(project.buildContent({ session })).rejects.toThrow(/other\.md:5: link to "\/docs\/nothing" matches no page/);
    project.write('docs/other.md', '# Other\n\n## Real section\n\nText.\n');
    project.warnings.length = 0;
    await project.buildContent({ session });
    expect(project.warnings).toEqual([
      'content/docs/intro.md:5: link to "#nowhere" names anchor `#nowhere`, which is no heading of `/docs/intro`.',
      'content/docs/intro.md:7: link to "/docs/other#no-such-section" names anchor `#no-such-section`, which is no heading of `/docs/other`.',
    ]);
  });
});
