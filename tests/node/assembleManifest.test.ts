/** The manifest step's helpers. */
import { describe, expect, it } from 'vitest';
import { jsonLength } from '../../node/assembleManifest';

describe('jsonLength', () => {
  it('is the length of the JSON of a value without escapes, undefined fields left out as JSON does', () => {
    const entry = {
      id: 'guides/deploy',
      title: 'Deploy',
      keywords: [],
      image: null,
      headings: [{ depth: 2, id: 'ship', text: 'Ship it' }],
      hasH1: false,
      order: -1.5,
      gone: undefined,
    };
    expect(jsonLength(entry)).toBe(JSON.stringify(entry).length);
    expect(jsonLength([1, 'a', [true, {}]])).toBe(JSON.stringify([1, 'a', [true, {}]]).length);
  });

  it('leaves escapes out, so a bound weighs a text with quotes by its characters', () => {
    expect(jsonLength({ text: 'say "hi"' })).toBe(JSON.stringify({ text: 'say "hi"' }).length - 2);
  });
});
