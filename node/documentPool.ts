/**
 * Per-route HTML on two cores. Rendering every route's markup with
 * the server bundle is most of the write step of a big build, and the render
 * workers are gone by then. Past
 * `POOL_MIN_ROUTES` a worker thread loads the same bundle (the URL it exports)
 * and the root once, is sent the shards as routes need them, and takes routes
 * while this thread renders others; `writeFiles` makes a few documents ahead so both have work.
 * Rendering is deterministic: where a route was rendered changes nothing. A
 * worker that fails leaves its routes to this thread.
 */
import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import type Piscina from 'piscina';
import type { RenderRequest, ServerRenderer } from '../manifest/serverRender';
import type { AnyShard, ManifestRoot, ManifestShard, SidebarShard } from '../manifest/types';
import { typeScriptPool } from './workerPool';

/** Below this many routes the worker's start (loading the bundle, copying the shards) costs more than it saves. */
const POOL_MIN_ROUTES = 500;

/** Routes the worker holds at once: enough that it has the next one while this thread renders its own. */
const WORKER_QUEUE = 4;

/**
 * The worker's heap: the shards it holds and the few routes it is rendering.
 * Bounded, so its garbage does not pile up beside this thread's; a route it
 * cannot render is rendered here.
 */
const WORKER_HEAP_MB = 256;

/**
 * Shards the worker keeps, the least recently used dropped first. Routes come
 * in sidebar order, so a route's page shard and sidebar shard are mostly the
 * last route's: each shard crosses to the worker about once, and the worker
 * never holds them all (tens of megabytes of objects on a large site).
 */
const WORKER_SHARDS = 16;

/** A shard a route reads. */
export type Shard = AnyShard;

/** What the document worker is given once, at its start. */
export interface DocumentWorkerData {
  /** The server bundle's URL (`ServerRenderer.bundleUrl`). */
  bundleUrl: string;
  root: ManifestRoot;
  /** Shards it keeps (`shardWindow`). */
  window: number;
}

/** One route for the worker: the names of the shards it reads, and those of them the worker does not hold. */
export interface RouteTask {
  path: string;
  names: string[];
  sent: Map<string, Shard>;
  article: RenderRequest['article'];
}

/** The worker's answer for a route: its HTML, or why it could not be rendered. */
export type RouteAnswer = { html: string } | { error: string };

/** What the worker sends once it has loaded the bundle. */
export const DOCUMENT_WORKER_READY = 'document worker ready';

/** The shards one side holds by name: the same cache on both sides, so the same steps leave both holding the same names. */
export function shardCache<T extends object | true>(size: number): LRUCache<string, T> {
  return new LRUCache<string, T>({ max: size });
}

/**
 * Which shards the worker holds. This thread and the worker apply the same
 * steps to the same names in the same order (tasks reach the one worker in
 * order), so both agree on what it holds without asking: `take` says which of
 * `names` must be sent.
 */
export function shardWindow(size: number): { take(names: string[]): string[] } {
  const held = shardCache<true>(size);
  return {
    take(names) {
      const missing: string[] = [];
      for (const name of names) {
        if (!held.has(name)) missing.push(name);
        held.set(name, true);
      }
      return missing;
    },
  };
}

/**
 * `local`, helped by a worker thread when the site is big enough, there is a
 * core to spare and the bundle says where it is. The worker never keeps the
 * process alive while it has no route, and stops once no route has come for
 * a second. A worker that fails, or is lost, leaves its routes, and all that
 * come after, to this thread.
 */
export function withDocumentWorker(
  local: ServerRenderer,
  root: ManifestRoot,
  shards: Record<string, Shard>,
  routes: number,
  onFallback?: (error: unknown) => void,
  minRoutes = POOL_MIN_ROUTES,
  shardsHeld = WORKER_SHARDS,
): ServerRenderer & { routesOnWorker(): number } {
  if (!local.bundleUrl || routes < minRoutes || availableParallelism() < 2) return { ...local, routesOnWorker: () => 0 };
  const data: DocumentWorkerData = { bundleUrl: local.bundleUrl, root, window: shardsHeld };
  let pool: Piscina | null = null;
  let asked = 0;
  // Started at the route that makes an eighth of `minRoutes`: a build that renders fewer (the others kept on disk,
  // `RouteStore`) renders them here rather than wait for a worker to start beside it.
  const startAt = Math.ceil(minRoutes / 8);
  const start = () => {
    // One worker, taking its routes in the order they are sent: `shardWindow` counts on it.
    pool = typeScriptPool(
      new URL('./documentWorker.ts', import.meta.url),
      data,
      { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: WORKER_QUEUE, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } },
      (error) => stop(error),
    );
    pool.on('message', (message: unknown) => {
      if (message !== DOCUMENT_WORKER_READY) return;
      ready = true;
      if (waiting === 0) whenIdle();
    });
  };
  let ready = false;
  let onWorker = 0;
  let waiting = 0;
  let idle: NodeJS.Timeout | undefined;
  function stop(error?: unknown) {
    if (!pool) return;
    clearTimeout(idle);
    // Routes it holds are rejected by its end, and rendered here.
    void pool.destroy();
    pool = null;
    if (error) onFallback?.(error);
  }
  const whenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop(), 1000).unref();
  };
  const names = new Map(Object.entries(shards).map(([name, shard]) => [shard, name]));
  const window = shardWindow(shardsHeld);
  return {
    bundleUrl: local.bundleUrl,
    routesOnWorker: () => onWorker,
    renderRoute(request) {
      if (++asked === startAt) start();
      const shardNames = Object.values(request.shards).map((shard) => names.get(shard));
      if (!pool || !ready || waiting >= WORKER_QUEUE || shardNames.some((n) => n === undefined)) return local.renderRoute(request);
      onWorker++;
      waiting++;
      clearTimeout(idle);
      const wanted = shardNames as string[];
      const task: RouteTask = {
        path: request.path,
        names: wanted,
        sent: new Map(window.take(wanted).map((name) => [name, shards[name]!])),
        article: request.article,
      };
      return (pool.run(task) as Promise<RouteAnswer>)
        .then(
          (answer) => {
            if ('error' in answer) throw new Error(answer.error);
            return answer.html;
          },
          (error: unknown) => {
            stop(error);
            return local.renderRoute(request);
          },
        )
        .finally(() => {
          if (--waiting === 0 && pool) whenIdle();
        });
    },
  };
}
