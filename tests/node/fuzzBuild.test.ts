/**
 * The build oracle (`scripts/fuzzBuild.ts`) in `npm test`: seeded author edits of a fixture, each built as the dev
 * server builds it, as a deploy builds it with the route documents it kept, and as a one-off build, in both deploy
 * modes; every output file must be the same.
 * `npm run fuzz:build -- --steps 500 --seed N` runs longer sequences.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOracle } from '../../scripts/fuzzBuild';
import { ROOT } from '../helpers/build';

const fixture = join(ROOT, 'tests/fixtures/docusaurus-site');

describe('the build oracle', () => {
  it.each([11, 12])(
    'finds every dev rebuild the same as a one-off build over 24 edits (seed %i)',
    async (seed) => {
      const result = await runOracle({ content: join(fixture, 'content'), publicDir: join(fixture, 'public'), seed, steps: 24 });
      expect(result.steps).toBe(24);
      // Most edits build: the sequence compares outputs, not only failures.
      expect(result.failedBuilds).toBeLessThan(12);
      // And the deploys' kept route documents were compared, not only ones they rendered.
      expect(result.keptDocuments).toBeGreaterThan(0);
    },
    300_000,
  );

  it('finds every dev rebuild of a site with locales the same as a one-off build over 24 edits, untranslated copies among them', async () => {
    const result = await runOracle({ content: join(ROOT, 'tests/fixtures/localized-site/content'), seed: 14, steps: 24 });
    expect(result.steps).toBe(24);
    expect(result.failedBuilds).toBeLessThan(12);
  }, 300_000);

  it('finds every dev rebuild of a versioned site the same as a one-off build over 24 edits, new versions among them', async () => {
    const result = await runOracle({ content: join(ROOT, 'tests/fixtures/versioned-site/content'), seed: 13, steps: 24 });
    expect(result.steps).toBe(24);
    expect(result.failedBuilds).toBeLessThan(12);
  }, 300_000);
});
