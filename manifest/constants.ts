/**
 * Business constants of the spec (§9), one named export each. The shell and the
 * build import them from here; tests pin them.
 */

/** Version of the manifest contract (the schemas of `types.ts`): bump on any change of them; `tests/unit/manifest/types.test.ts` fails until it is. */
export const MANIFEST_VERSION = 6;

/** Routes per page shard, on average (`groupRoutes`). */
export const SHARD_ROUTES = 64;
/** A page shard ends once its entries weigh this many bytes of JSON (`groupRoutes`). */
export const SHARD_MAX_BYTES = 96_000;

/**
 * A generated category index lists this many cards in its page shard; the rest
 * are in a file of their own, fetched when the reader asks ("Show N more"), so
 * a long category costs its shard, and an update check on its page, no more
 * than other pages.
 */
export const CATEGORY_CARDS = 100;

/** Sidebar lists longer than this show this many items around the current page, and "Show more" buttons. */
export const SIDEBAR_WINDOW = 30;

/** Desktop/mobile breakpoint in px (spec §4, §9). `src/styles.css` uses the same value in its media queries. */
export const DESKTOP_BREAKPOINT = 996;

/** Table of contents: smallest heading level shown (spec §2, §9). */
export const TOC_MIN_LEVEL = 2;
/** Table of contents: largest heading level shown (spec §2, §9). */
export const TOC_MAX_LEVEL = 3;

/** Delay before a loading indicator appears, ms (spec §9). */
export const LOADING_DELAY_MS = 200;

/** nprogress settings for the route-change bar (spec §9). */
export const PROGRESS_BAR = {
  /** Delay before the bar starts, ms. */
  delay: 200,
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
} as const;

/** Search hits per page (spec §9). */
export const SEARCH_HITS_PER_PAGE = 20;
/** Results shown per group in the modal (spec §9). */
export const SEARCH_RESULTS_PER_GROUP = 5;
/** Snippet length in words (spec §9). */
export const SNIPPET_WORDS = 10;
/** Snippet length on screens up to `SNIPPET_SMALL_SCREEN_PX` wide (spec §9). */
export const SNIPPET_WORDS_SMALL = 5;
/** Screen width up to which snippets are short, px (spec §9). */
export const SNIPPET_SMALL_SCREEN_PX = 768;
/** Search status turns `stalled` after this many ms (spec §9). */
export const SEARCH_STALL_MS = 300;
/** Maximum length of the modal's search input (spec §5). */
export const SEARCH_MAX_QUERY_LENGTH = 64;
/** Maximum length of other text inputs (spec §5). */
export const DEFAULT_MAX_INPUT_LENGTH = 512;
/** Recent searches kept when there are no favourites (spec §9). */
export const RECENT_SEARCHES_LIMIT = 7;
/** Recent searches kept when there are favourites (spec §9). */
export const RECENT_SEARCHES_WITH_FAVORITES_LIMIT = 4;
/** Favourite searches kept (spec §9). */
export const FAVORITE_SEARCHES_LIMIT = 10;

/** Algolia client timeouts, ms (spec §9). */
export const SEARCH_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;
/** A host marked down is retried after this many ms; also the host cache TTL (spec §9). */
export const SEARCH_HOST_DOWN_MS = 120_000;
/** Insights view events: debounce, ms (spec §9). */
export const INSIGHTS_VIEW_DEBOUNCE_MS = 400;
/** Insights view events per batch (spec §9). */
export const INSIGHTS_VIEW_BATCH = 20;

/** Sitemap entries (spec §9). */
export const SITEMAP = { changefreq: 'weekly', priority: 0.5 } as const;

/** Separator between page title and site title (spec §9). */
export const TITLE_DELIMITER = '|';

/** Local-storage key of the explicit colour-mode choice (spec §4). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * The name a value of the site at `baseUrl` is stored under (Web Storage,
 * IndexedDB): sites sharing an origin (project sites of `user.github.io`)
 * keep their own, as the worker's caches do. `THEME_STORAGE_KEY` is the
 * spec's own name and stays as it is.
 */
export const siteStorageKey = (name: string, baseUrl: string): string => `${name}-${baseUrl}`;

/** Query parameter and value that turn offline mode on (spec §4, §9). */
export const OFFLINE_QUERY = { name: 'offlineMode', value: 'true' } as const;
