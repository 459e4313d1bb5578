/** A doc with `draft: true` is left out of the production build entirely. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../manifest/types';
import { listFiles, useFixture } from '../helpers/build';

describe('fixture draft', () => {
  const project = useFixture('draft');
  let manifest: Manifest;
  beforeAll(async () => {
    await project.build();
    manifest = project.manifest();
  });
  afterAll(() => project.remove());

  it('gives the draft no doc entry and no route', () => {
    expect(Object.keys(manifest.docs)).toEqual(['intro']);
    expect(manifest.routes['/docs/wip']).toBeUndefined();
    expect(Object.values(manifest.routes).filter((t) => t.kind === 'doc')).toEqual([{ kind: 'doc', id: 'intro' }]);
  });

  it('leaves it out of the sidebar', () => {
    expect(manifest.versions[0]!.sidebars.tutorialSidebar).toEqual([{ type: 'doc', id: 'intro', label: 'Introduction', path: '/docs/intro' }]);
  });

  it('writes no blob, no HTML and no search record for it', () => {
    const blobs = listFiles(join(project.distDir, 'blobs')).filter((f) => !f.endsWith('.json'));
    expect(blobs.sort()).toEqual([manifest.docs.intro!.blob, manifest.docs.intro!.article].sort());
    expect(existsSync(join(project.distDir, 'docs/wip.html'))).toBe(false);
    for (const file of listFiles(project.distDir)) {
      expect(readFileSync(join(project.distDir, file), 'utf8'), file).not.toContain('Secret draft text');
    }
  });
});
