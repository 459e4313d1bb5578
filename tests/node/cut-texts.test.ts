/**
 * Texts the build cuts to a length (a page's description, its search sections) end on a whole character: an
 * emoji at the cut is left out, not halved into a lone surrogate that JSON writes as `\ud83d` and HTML shows as `�`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureProject, useFixture } from '../helpers/build';

let project: FixtureProject;

/** Every file below `dir`, as text. */
function texts(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [path.slice(dir.length + 1), readFileSync(path, 'utf8')];
    });
}

beforeAll(async () => {
  project = useFixture('basic-site');
  // Odd lengths before the emoji, so each cut (300, 319, 4,000 code units) would fall inside a pair.
  project.write('docs/emoji.md', `# Emoji\n\nx${'😀'.repeat(400)}\n\n## Section\n\ny${'😀'.repeat(3_000)}\n`);
  await project.build();
});
afterAll(() => project.remove());

describe('a page of emoji longer than every cut', () => {
  it('is published without a lone surrogate or a replacement character', () => {
    const found = texts(project.distDir).filter(
      ([, text]) => /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}|\ufffd/i.test(text) || !text.isWellFormed(),
    );
    expect(found.map(([path]) => path)).toEqual([]);
  });

  it('keeps its description to whole emoji', () => {
    const html = project.read('docs/emoji.html');
    expect(html).toContain(`<meta name="description" content="x${'😀'.repeat(149)}">`);
  });
});
