/**
 * What CLI builds keep on disk between runs, in one folder (`node_modules/.cache/abp-react-docs/`), under one
 * version: the hash of the build code (`node/`, `manifest/`) and of the files that pin the packages shaping the
 * output (the lockfile, `package.json`, the tsconfigs). Every store in the folder is opened here with that version,
 * so a change of the code or an `npm update` can only cost time: the render cache and the saved products of
 * another version read as empty, and the route documents and the shell are kept under keys that name it.
 *
 * The stores: the render cache and the saved products (`renderCache.ts`), the route documents (`routeStore.ts`)
 * and the last shell build (`shellCache.ts`). Each is bounded by the site: it holds what the last build used.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRenderCache, readSavedProducts, writeRenderCache, writeSavedProducts, type SavedProducts } from './renderCache';
import { codeVersion, RouteStore } from './routeStore';
import { ShellCache } from './shellCache';
import type { RenderCache, SessionOptions } from './session';

/** The caches' folder, below the project root. */
export const CACHE_DIR = 'node_modules/.cache/abp-react-docs';

/** The render cache's index, in the caches' folder. */
const RENDER_INDEX = 'render-cache.jsonl';

/** The folders of the build code: what everything kept is made by, besides its inputs. */
const BUILD_CODE = ['node', 'manifest'].map((dir) => fileURLToPath(new URL(`../${dir}/`, import.meta.url)));

/** The files of the project root that name the installed packages and the compiler's options. */
const PACKAGE_FILES = /^(package-lock|package|tsconfig(\.\w+)?)\.json$/;

/**
 * The version of everything kept: the build code's hash and the hash of the root's package files. `buildCode`
 * names other folders of build code (tests point it at a copy).
 */
export function cacheVersion(root: string, buildCode: readonly string[] = BUILD_CODE): string {
  return `${codeVersion(buildCode)}:${codeVersion([root], PACKAGE_FILES)}`;
}

/** Whether `root` has a render cache: a build that has one renders few pages, so a warm worker pays. */
export function hasRenderCache(root: string): boolean {
  return existsSync(join(root, CACHE_DIR, RENDER_INDEX));
}

/** The CLI's caches, opened for one build: what its session starts from, and how to save what it made. */
export interface CliCaches {
  /** The session's stores, read from disk (`BuildSession` options). */
  readonly stores: Pick<SessionOptions, 'renders' | 'restored' | 'saves' | 'routes' | 'shell'>;
  /** Writes back what the build made: the renderings when they changed, the products it asked for, the route documents it used. */
  save(session: { renders: RenderCache; savedProducts(): { products: ReadonlyMap<string, unknown> }; routes: RouteStore | undefined }, rendered: number): void;
}

/** Opens the caches of the project at `root` under `version` (`cacheVersion`). */
export function openCliCaches(root: string, version: string): CliCaches {
  const dir = join(root, CACHE_DIR);
  const index = join(dir, RENDER_INDEX);
  const renders = readRenderCache(index, version);
  const before = renders.size;
  const saved: SavedProducts = readSavedProducts(dir, version);
  return {
    stores: {
      renders,
      restored: new Map(saved.products),
      saves: true,
      routes: new RouteStore(join(dir, 'routes'), version),
      // esbuild's own version, the packages' manifests and the build options are no input files: the version names them.
      shell: new ShellCache(join(dir, 'shell'), version),
    },
    save(session, rendered) {
      // The cache holds this build's renderings only (`renderContent`): save it when it changed.
      if (rendered > 0 || session.renders.size !== before) writeRenderCache(index, session.renders, version);
      // Likewise the saved products: those this build asked for.
      writeSavedProducts(dir, version, session.savedProducts().products, saved);
      // Documents of no route of this site serve no next build.
      session.routes?.prune();
    },
  };
}

/** Removes every cache of the project at `root` (`npm run cache:clear`); the next build makes everything again. */
export function clearCliCaches(root: string): void {
  rmSync(join(root, CACHE_DIR), { recursive: true, force: true });
}
