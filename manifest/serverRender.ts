/**
 * The seam between the content build and the shell's server-render bundle:
 * `src/entry-server.tsx` implements it, `node/serverRenderer.ts`
 * loads it. Only plain data crosses it.
 */
import type { AnyShard, ManifestRoot, ManifestShard, SidebarShard } from './types';

/** One route to render. */
export interface RenderRequest {
  /** The root manifest, as `manifest.json` holds it. */
  root: ManifestRoot;
  /** The shards the route's loaders read, by name (below `blobs/`): its page shard and sidebar shard. */
  shards: Record<string, AnyShard>;
  /** Route path below the base (`/docs/intro`); a path that is no route renders the not-found page. */
  path: string;
  /** The page's article as the build rendered it, when the route shows one. */
  article?: { name: string; html: string };
}

/** What the server-render bundle exports. */
export interface ServerRenderer {
  /**
   * The markup of `#root` for a route, in the state a reader with no stored
   * preferences sees once the page has loaded.
   */
  renderRoute(request: RenderRequest): Promise<string>;
  /**
   * Set by a bundle whose markup is below the root's `baseUrl`, whatever the base of the content it was built
   * beside; a bundle without it names the base it was built with, and renders content of any other wrongly.
   */
  baseFromSite?: true;
  /** The bundle's own URL, so a worker thread can load the same bundle (`node/documentPool.ts`). */
  bundleUrl?: string;
}
