/** The business constants the product promises: a change here must be deliberate. */
import { describe, expect, it } from 'vitest';
import * as c from '../../../manifest/constants';

describe('business constants', () => {
  it('pins the manifest version', () => {
    expect(c.MANIFEST_VERSION).toBe(9);
  });

  it('pins layout, table-of-contents and loading values', () => {
    expect(c.DESKTOP_BREAKPOINT).toBe(996);
    expect([c.TOC_MIN_LEVEL, c.TOC_MAX_LEVEL]).toEqual([2, 3]);
    expect(c.LOADING_DELAY_MS).toBe(200);
    expect(c.PROGRESS_BAR).toEqual({ delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 });
  });

  it('pins the search values', () => {
    expect(c.SEARCH_HITS_PER_PAGE).toBe(20);
    expect(c.SEARCH_RESULTS_PER_GROUP).toBe(5);
    expect([c.SNIPPET_WORDS, c.SNIPPET_WORDS_SMALL, c.SNIPPET_SMALL_SCREEN_PX]).toEqual([10, 5, 768]);
    expect(c.SEARCH_STALL_MS).toBe(300);
    expect([c.SEARCH_MAX_QUERY_LENGTH, c.DEFAULT_MAX_INPUT_LENGTH]).toEqual([64, 512]);
    expect([c.RECENT_SEARCHES_LIMIT, c.RECENT_SEARCHES_WITH_FAVORITES_LIMIT, c.FAVORITE_SEARCHES_LIMIT]).toEqual([7, 4, 10]);
    expect(c.SEARCH_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(c.SEARCH_HOST_DOWN_MS).toBe(120_000);
    expect([c.INSIGHTS_VIEW_DEBOUNCE_MS, c.INSIGHTS_VIEW_BATCH]).toEqual([400, 20]);
  });

  it('pins the sitemap, title and storage values', () => {
    expect(c.SITEMAP).toEqual({ changefreq: 'weekly', priority: 0.5 });
    expect(c.TITLE_DELIMITER).toBe('|');
    expect(c.THEME_STORAGE_KEY).toBe('theme');
    expect(c.OFFLINE_QUERY).toEqual({ name: 'offlineMode', value: 'true' });
  });
});
