/** A failed build leaves dist/ byte for byte as it was and no temporary folder behind. */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, linkSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildError } from '../../node/problems';
import { hashTree, useFixture, type FixtureProject } from '../helpers/build';

const BROKEN = '# Introduction\n\nA [broken link](/docs/does-not-exist).\n';

describe('atomic output', () => {
  let project: FixtureProject;
  afterEach(() => project.remove());

  it('leaves an existing dist/ identical when a build fails', async () => {
    project = useFixture('basic-site');
    await project.build();
    const before = hashTree(project.distDir);
    expect(Object.keys(before).length).toBeGreaterThan(10);

    project.write('docs/intro.md', BROKEN);
    await expect(project.build()).rejects.toBeInstanceOf(BuildError);

    expect(hashTree(project.distDir)).toEqual(before);
    expect(readdirSync(project.dir).sort()).toEqual(['content', 'dist', 'dist-search']);
  });

  it('creates no dist/ when the first build fails', async () => {
    project = useFixture('basic-site');
    project.write('docs/intro.md', BROKEN);
    await expect(project.build()).rejects.toBeInstanceOf(BuildError);
    expect(readdirSync(project.dir)).toEqual(['content']);
  });

  it('links the files a rebuild leaves unchanged and never writes through a link', async () => {
    project = useFixture('basic-site');
    await project.build();
    // The intro's markdown is unchanged (its page links the changed manifest shard, so its HTML is not).
    const intro = join(project.distDir, 'blobs', project.manifest().docs.intro!.blob);
    const setup = join(project.distDir, 'docs/guides/setup.html');
    const introBefore = statSync(intro);
    // A second name for the old setup page, to read its bytes after the rebuild.
    const oldSetup = join(project.dir, 'old-setup.html');
    linkSync(setup, oldSetup);
    const setupBefore = readFileSync(setup, 'utf8');

    project.write('docs/guides/setup.md', '---\nsidebar_position: 1\n---\n\n# Setup\n\nSet the project up, now in two steps.\n');
    await project.build();

    expect(statSync(intro).ino).toBe(introBefore.ino);
    expect(statSync(setup).ino).not.toBe(statSync(oldSetup).ino);
    expect(readFileSync(setup, 'utf8')).toContain('now in two steps');
    expect(readFileSync(oldSetup, 'utf8')).toBe(setupBefore);
    rmSync(oldSetup);
  });

  it('replaces dist/ as a whole on success, dropping files no build wrote', async () => {
    project = useFixture('basic-site');
    await project.build();
    const stale = join(project.distDir, 'docs', 'removed-page.html');
    writeFileSync(stale, 'old');
    await project.build();
    expect(existsSync(stale)).toBe(false);
    expect(readFileSync(join(project.distDir, 'docs/intro.html'), 'utf8')).toContain('<title>Introduction | ABP React</title>');
    expect(readdirSync(project.dir).sort()).toEqual(['content', 'dist', 'dist-search']);
  });
});
