import { describe, expect, it } from 'vitest';
import { LARGE_SAVE_BYTES, needsAcceptance, saveEstimate } from '../../../src/data/persistOfflineActions';

describe('offline mode: what a save stores, and when it asks first', () => {
  it('adds each page\'s HTML, as large as the page on screen, to what the build counted', () => {
    expect(saveEstimate({ pages: 10_000, bytes: 120_000_000 }, 24_000)).toEqual({ pages: 10_000, bytes: 360_000_000 });
    expect(saveEstimate({ pages: 39, bytes: 900_000 }, 40_000)).toEqual({ pages: 39, bytes: 2_460_000 });
  });

  it('asks before a save larger than LARGE_SAVE_BYTES, until the reader accepted one', () => {
    const large = { pages: 10_000, bytes: LARGE_SAVE_BYTES + 1 };
    expect(needsAcceptance(large, false)).toBe(true);
    expect(needsAcceptance(large, true)).toBe(false);
    expect(needsAcceptance({ pages: 39, bytes: LARGE_SAVE_BYTES }, false)).toBe(false);
    // Totals not known yet: the save starts as it always did.
    expect(needsAcceptance(null, false)).toBe(false);
  });
});
