import { describe, expect, it } from 'vitest';
import { LARGE_SAVE_BYTES, needsAcceptance, saveEstimate } from '../../../src/data/persistOfflineActions';

describe('offline mode: what a save stores, and when it asks first', () => {
  it("adds each page's HTML, as its article and the rest of the page on screen, to what the build counted", () => {
    // 10,000 pages whose articles weigh 60 MB; the page on screen is 24 KB, 6 KB of it its article.
    expect(saveEstimate({ pages: 10_000, bytes: 120_000_000, articles: 60_000_000 }, { htmlBytes: 24_000, articleBytes: 6_000 })).toEqual({
      pages: 10_000,
      bytes: 360_000_000,
    });
    // A page with no article (a category index, the home page): all of it is the rest.
    expect(saveEstimate({ pages: 39, bytes: 900_000, articles: 200_000 }, { htmlBytes: 40_000, articleBytes: 0 })).toEqual({ pages: 39, bytes: 2_660_000 });
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
