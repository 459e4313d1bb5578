/**
 * A tiny external store for `useSyncExternalStore`: the update and offline
 * states live outside React. Also the update state itself, which the entry's
 * triggers (`updates.ts`) and the lazily loaded check and worker
 * registration share, so neither of those imports the other.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ManifestPage, ManifestRoot, ManifestVersionError } from '../../manifest';
import { siteSessionStore } from './siteStorage';

/** State, patches and listeners. */
export interface Store<T> {
  get(): T;
  set(patch: Partial<T>): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the update notices show. */
export interface UpdatesState {
  /** A newer manifest that changes the page on screen, waiting for the reader. */
  content: ManifestRoot | null;
  /** A new shell is installed and waiting: calling this activates it and reloads. */
  shell: (() => void) | null;
  /** Bumped by every swap that replaces the page on screen; the root layout keys its outlet with it. */
  generation: number;
}

/** The update state. */
export const updates = createStore<UpdatesState>({ content: null, shell: null, generation: 0 });

let checkWorker: (() => Promise<unknown>) | null = null;

/** Called by the registration: lets the update checks look for a new `sw.js` too. */
export function setWorkerUpdateCheck(check: () => Promise<unknown>): void {
  checkWorker = check;
}

/** Asks the browser to look for a new `sw.js`, once a worker is registered. */
export function checkWorkerUpdate(): void {
  void checkWorker?.().catch(() => undefined);
}

/**
 * How a page's article is loaded before an update swaps it in. The route
 * layer owns it (the markdown fallback needs the renderer); the boot passes it
 * in, so this layer does not import it (layers point one way: routes
 * above data).
 */
let pageLoader: (queryClient: QueryClient, page: ManifestPage, articlesIn: ManifestRoot['articlesIn']) => Promise<void> = async () => {};

/** Called by the boot with the route layer's article loader. */
export function setPageLoader(load: typeof pageLoader): void {
  pageLoader = load;
}

/** Loads what a page of `manifest` needs to show, with the loader the boot gave. */
export function loadPageForUpdate(queryClient: QueryClient, page: ManifestPage, manifest: Pick<ManifestRoot, 'articlesIn'>): Promise<void> {
  return pageLoader(queryClient, page, manifest.articlesIn);
}

/** Remembers the manifest version a reload was tried for, so a host serving mixed builds cannot cause a reload loop. */
const RELOAD_FLAG = 'docs-manifest-version-reload';

/**
 * A manifest this shell cannot read: the matching shell is a reload away
 * (through a waiting worker if there is one). Once per manifest version: a
 * second time, returns false and the caller shows the error instead.
 */
export function reloadForVersion(error: ManifestVersionError): boolean {
  const found = String(error.found);
  // A flag that cannot outlive the reload (storage blocked) could not stop a loop: no reload then.
  if (siteSessionStore.get(RELOAD_FLAG) === found || !siteSessionStore.set(RELOAD_FLAG, found)) return false;
  const activate = updates.get().shell;
  if (activate) activate();
  else window.location.reload();
  return true;
}
