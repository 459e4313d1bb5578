/** A file named by the hash of its bytes (`blobs/`, `search/`) is published only when its bytes hash to that name. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addressMatches, writeFiles } from '../../node/output';
import { CacheMismatchError } from '../../node/problems';
import { listFiles } from '../helpers/build';

const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'addressed-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('content-addressed output', () => {
  it('is written when its bytes hash to its name', async () => {
    const article = '<p>An article</p>';
    const chunk = '{"a":1}';
    await writeFiles(
      dir,
      new Map([
        [`blobs/${hash(article, 16)}.html`, article],
        [`search/f.${hash(chunk, 12)}.json`, chunk],
        ['search/index.html', '<!doctype html>'],
      ]),
    );
    expect(listFiles(dir).sort()).toEqual([`blobs/${hash(article, 16)}.html`, `search/f.${hash(chunk, 12)}.json`, 'search/index.html']);
  });

  it('is refused when its bytes do not hash to its name', async () => {
    const name = `blobs/${hash('<p>One page</p>', 16)}.html`;
    const error = await writeFiles(dir, new Map([[name, '<p>Another page</p>']])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheMismatchError);
    expect((error as Error).message).toBe(`\`${name}\` does not hash to its name`);
    expect(addressMatches(`search/c.${hash('x', 12)}.json`, 'y')).toBe(false);
    expect(addressMatches('img/logo.svg', 'anything')).toBe(true);
  });
});
