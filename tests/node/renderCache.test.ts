// The CLI's render cache on disk: one rendering per line, read back as it was written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRenderCache, writeRenderCache } from '../../node/renderCache';
import type { RenderCache } from '../../node/session';
import type { Rendered } from '../../node/render';

const rendering = (html: string): Rendered => ({
  html,
  headings: [{ depth: 2, id: 'a', text: 'A', line: 3 }],
  h1: null,
  firstParagraph: 'First\nline',
  links: [],
  codeLanguages: ['ts'],
  hasMermaid: false,
  sections: [{ path: [], text: 'x' }],
  searchParts: [{ heading: -1, text: 'x', code: 'const a = 1;' }],
  unknownDirectives: [],
});

describe('render cache file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'render-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what it wrote, line breaks and any character included', async () => {
    const cache: RenderCache = new Map([
      ['a:1', rendering('<p>one\ntwo</p>')],
      ['b:1', rendering('<p>Ünïcode — “quotes” \u2028 and \\ back</p>')],
    ]);
    const file = join(dir, 'deep', 'cache.jsonl');
    writeRenderCache(file, cache);
    expect(await readRenderCache(file)).toEqual(cache);
  });

  it('starts empty when the file is missing or unreadable', async () => {
    expect((await readRenderCache(join(dir, 'none.jsonl'))).size).toBe(0);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '[["a:1",{"html":"x"}]]\n{not json');
    expect((await readRenderCache(bad)).size).toBe(0);
  });
});
