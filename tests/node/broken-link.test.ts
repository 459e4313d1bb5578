/** Broken page links fail the build, all listed at once with file and line. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    expect(() => project.read('_app/manifest.json')).toThrow(/ENOENT/);
  });
});

describe('onBrokenLinks', () => {
  /** The fixture with `onBrokenLinks` set in its site configuration. */
  const withSetting = (value: 'warn' | 'ignore') => {
    const project = useFixture('broken-link');
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
    project.write('site.config.json', JSON.stringify({ ...config, onBrokenLinks: value }));
    return project;
  };

  it('warn: builds, and says the same of each broken link as a warning', async () => {
    const project = withSetting('warn');
    try {
      await project.build();
      expect(project.manifest().docs.x).toBeDefined();
      expect(project.warnings.filter((w) => w.includes('matches no page'))).toEqual([
        expect.stringContaining('content/docs/x.md:6: link to "/docs/nope" matches no page.'),
        expect.stringContaining('content/docs/x.md:10: link to "../elsewhere" matches no page.'),
        expect.stringContaining('content/docs/x.md:12: link to "/docs/gone" matches no page.'),
        expect.stringContaining('content/docs/y.md:3: link to "/abp-react/docs/missing#part" matches no page.'),
      ]);
    } finally {
      project.remove();
    }
  });

  it('warn: an image at a site-root path no file has warns and stays as written; one beside the markdown stops the build', async () => {
    const project = withSetting('warn');
    try {
      const x = project.read('../content/docs/x.md');
      project.write('docs/x.md', `${x}\n![Gone](/img/gone.png)\n`);
      await project.build();
      expect(project.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/content\/docs\/x\.md:\d+: image "\/img\/gone\.png" matches no file\./)]));
      project.write('docs/x.md', `${x}\n![Gone](./gone.png)\n`);
      await expect(project.build()).rejects.toThrow(/image "\.\/gone\.png" matches no file\./);
    } finally {
      project.remove();
    }
  });

  it('ignore: builds without a word of them', async () => {
    const project = withSetting('ignore');
    try {
      await project.build();
      expect(project.manifest().docs.y).toBeDefined();
      expect(project.warnings.filter((w) => w.includes('matches no page'))).toEqual([]);
    } finally {
      project.remove();
    }
  });
});
