import { describe, expect, it } from 'vitest';
import { cutText } from '../../../manifest/cutText';

describe('cutText', () => {
  it('keeps text that fits, and cuts longer text to the length', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('a longer text', 8)).toBe('a longer');
  });

  it('never cuts inside a surrogate pair: the cut falls before the character', () => {
    const text = 'ab😀😀';
    expect(cutText(text, 3)).toBe('ab');
    expect(cutText(text, 4)).toBe('ab😀');
    expect(cutText(text, 5)).toBe('ab😀');
    for (let max = 0; max <= text.length; max++) expect(cutText(text, max)).toBe(text.slice(0, max).replace(/[\ud800-\udbff]$/, ''));
  });
});
