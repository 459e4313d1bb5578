/**
 * Business constants: the limits, delays and keys the product promises its
 * readers, one named export each. The shell and the build import them from
 * here; tests pin them, so a change is a deliberate change of the product.
 */

/** Version of the manifest contract (the schemas of `types.ts`): bump on any change of them; `tests/unit/manifest/types.test.ts` fails until it is. */
export const MANIFEST_VERSION = 9;

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

/** Desktop/mobile breakpoint in px: the layout is desktop at this width and wider, mobile below. `src/styles.css` uses the same value in its media queries. */
export const DESKTOP_BREAKPOINT = 996;

/** Table of contents: smallest heading level shown. */
export const TOC_MIN_LEVEL = 2;
/** Table of contents: largest heading level shown. */
export const TOC_MAX_LEVEL = 3;

/** Delay before a loading indicator appears, ms, so a fast load shows none. */
export const LOADING_DELAY_MS = 200;

/** nprogress settings for the route-change bar, which shows no spinner. */
export const PROGRESS_BAR = {
  /** Delay before the bar starts, ms. */
  delay: 200,
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
} as const;

/** Search hits per page. */
export const SEARCH_HITS_PER_PAGE = 20;
/** Results shown per group in the modal. */
export const SEARCH_RESULTS_PER_GROUP = 5;
/** Snippet length in words. */
export const SNIPPET_WORDS = 10;
/** Snippet length on screens up to `SNIPPET_SMALL_SCREEN_PX` wide. */
export const SNIPPET_WORDS_SMALL = 5;
/** Screen width up to which snippets are short, px. */
export const SNIPPET_SMALL_SCREEN_PX = 768;
/** Search status turns `stalled` after this many ms of waiting for results. */
export const SEARCH_STALL_MS = 300;
/** Maximum length of the modal's search input; longer text is cut. */
export const SEARCH_MAX_QUERY_LENGTH = 64;
/** Maximum length of other text inputs. */
export const DEFAULT_MAX_INPUT_LENGTH = 512;
/** Recent searches kept when there are no favourites. */
export const RECENT_SEARCHES_LIMIT = 7;
/** Recent searches kept when there are favourites. */
export const RECENT_SEARCHES_WITH_FAVORITES_LIMIT = 4;
/** Favourite searches kept. */
export const FAVORITE_SEARCHES_LIMIT = 10;

/** Algolia client timeouts, ms. */
export const SEARCH_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;
/** A host marked down is retried after this many ms; also the host cache TTL. */
export const SEARCH_HOST_DOWN_MS = 120_000;
/** Insights view events: debounce, ms. */
export const INSIGHTS_VIEW_DEBOUNCE_MS = 400;
/** Insights view events per batch. */
export const INSIGHTS_VIEW_BATCH = 20;

/** Sitemap entries; tag pages are left out of the sitemap. */
export const SITEMAP = { changefreq: 'weekly', priority: 0.5 } as const;

/** Separator between page title and site title. */
export const TITLE_DELIMITER = '|';

/** Local-storage key of the explicit colour-mode choice, synced across tabs. */
export const THEME_STORAGE_KEY = 'theme';

/**
 * The name a value of the site at `baseUrl` is stored under (Web Storage,
 * IndexedDB): sites sharing an origin (project sites of `user.github.io`)
 * keep their own, as the worker's caches do. `THEME_STORAGE_KEY` keeps the
 * name Docusaurus sites use, so a reader's choice carries over.
 */
export const siteStorageKey = (name: string, baseUrl: string): string => `${name}-${baseUrl}`;

/** Query parameter and value that turn offline mode on, whether or not the app is installed. */
export const OFFLINE_QUERY = { name: 'offlineMode', value: 'true' } as const;

/**
 * Name of the `<meta>` through which every page the build writes tells the shell its base path: one shell build
 * serves content built for any `baseUrl`.
 */
export const BASE_META = 'docs-base';

/**
 * The root manifest's file below the base path. It lies in a folder of the build's own, so a site's static
 * `manifest.json` (the web app manifest many Docusaurus sites keep there) publishes at its own address.
 */
export const ROOT_MANIFEST = '_app/manifest.json';
