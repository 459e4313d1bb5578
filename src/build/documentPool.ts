/**
 * Per-route HTML on two cores (issue 15). Rendering every route's markup with
 * the server bundle is most of the write step of a big build (1.7 ms a route,
 * 17 s at 10,000 docs), and the render workers are gone by then. Past
 * `POOL_MIN_ROUTES` a worker thread loads the same bundle (the URL it exports)
 * and the root once, is sent the shards as routes need them, and takes routes
 * while this thread renders others; `writeFiles` makes a few documents ahead so both have work.
 * Rendering is deterministic: where a route was rendered changes nothing. A
 * worker that fails leaves its routes to this thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderRequest, ServerRenderer } from '../../manifest/serverRender';
import type { ManifestRoot, ManifestShard, SidebarShard } from '../../manifest/types';

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
 * never holds them all (60 MB of objects at 10,000 docs).
 */
const WORKER_SHARDS = 16;

/**
 * Which shards the worker holds. This thread and the worker apply the same
 * steps to the same names in the same order (messages arrive in order), so
 * both agree on what it holds without asking: `take` says which of `names`
 * must be sent.
 */
export function shardWindow(size: number): { take(names: string[]): string[] } {
  const held = new Map<string, true>();
  return {
    take(names) {
      const missing: string[] = [];
      for (const name of names) {
        if (!held.delete(name)) missing.push(name);
        held.set(name, true);
      }
      for (const name of held.keys()) {
        if (held.size <= size) break;
        held.delete(name);
      }
      return missing;
    },
  };
}

/** The worker: loads the bundle, keeps the shards it is sent (`shardWindow`'s rule), renders the routes it is sent. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const held = new Map();
import(workerData.url).then((bundle) => {
  parentPort.on('message', async ({ id, path, names, sent, article }) => {
    try {
      const shards = {};
      for (const name of names) {
        const shard = name in sent ? sent[name] : held.get(name);
        if (shard === undefined) throw new Error('shard ' + name + ' was not sent');
        held.delete(name);
        held.set(name, shard);
        shards[name] = shard;
      }
      for (const name of held.keys()) {
        if (held.size <= workerData.window) break;
        held.delete(name);
      }
      parentPort.postMessage({ id, html: await bundle.renderRoute({ root: workerData.root, shards, path, article }) });
    } catch (error) {
      parentPort.postMessage({ id, error: String((error && error.stack) || error) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (error) => parentPort.postMessage({ failed: String((error && error.stack) || error) }));
`;

type Answer = { ready: true } | { failed: string } | { id: number; html: string } | { id: number; error: string };

/**
 * `local`, helped by a worker thread when the site is big enough, there is a
 * core to spare and the bundle says where it is. The worker never keeps the
 * process alive and stops once no route has come for a second.
 */
export function withDocumentWorker(local: ServerRenderer, root: ManifestRoot, shards: Record<string, ManifestShard | SidebarShard>, routes: number, onFallback?: (error: unknown) => void, minRoutes = POOL_MIN_ROUTES, shardsHeld = WORKER_SHARDS): ServerRenderer & { routesOnWorker(): number } {
  if (!local.bundleUrl || routes < minRoutes || availableParallelism() < 2) return { ...local, routesOnWorker: () => 0 };
  let worker: Worker | null = new Worker(WORKER_SOURCE, { eval: true, workerData: { url: local.bundleUrl, root, window: shardsHeld }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  let ready = false;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<number, { request: RenderRequest; resolve: (html: string) => void; reject: (error: unknown) => void }>();
  const stop = (error?: unknown) => {
    if (!worker) return;
    const w = worker;
    worker = null;
    void w.terminate();
    if (error) onFallback?.(error);
    // Whatever it held is rendered here.
    for (const job of waiting.values()) local.renderRoute(job.request).then(job.resolve, job.reject);
    waiting.clear();
  };
  // Held (ref'd) only while it has routes: an idle worker never keeps the process alive.
  const whenIdle = () => {
    worker?.unref();
    clearTimeout(idle);
    idle = setTimeout(() => stop(), 1000).unref();
  };
  worker.on('message', (answer: Answer) => {
    if ('ready' in answer) ready = true;
    else if ('failed' in answer) stop(new Error(answer.failed));
    else {
      const job = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('html' in answer) job?.resolve(answer.html);
      else job?.reject(new Error(answer.error));
    }
    if (waiting.size === 0) whenIdle();
  });
  worker.once('error', (error) => stop(error));
  worker.once('exit', () => stop());
  // After the listeners, which hold the worker again.
  worker.unref();
  const names = new Map(Object.entries(shards).map(([name, shard]) => [shard, name]));
  const window = shardWindow(shardsHeld);
  return {
    bundleUrl: local.bundleUrl,
    routesOnWorker: () => nextId,
    renderRoute(request) {
      const shardNames = Object.values(request.shards).map((shard) => names.get(shard));
      if (!worker || !ready || waiting.size >= WORKER_QUEUE || shardNames.some((n) => n === undefined)) return local.renderRoute(request);
      const id = nextId++;
      clearTimeout(idle);
      if (waiting.size === 0) worker.ref();
      const wanted = shardNames as string[];
      const sent = Object.fromEntries(window.take(wanted).map((name) => [name, shards[name]]));
      return new Promise<string>((resolve, reject) => {
        waiting.set(id, { request, resolve, reject });
        worker!.postMessage({ id, path: request.path, names: wanted, sent, article: request.article });
      });
    },
  };
}
