/**
 * Document worker: renders routes' HTML with the shell's server bundle on
 * another core (`documentPool.ts`). It loads the bundle and is given the root
 * manifest once, at its start; each route comes with the shards it needs that
 * the worker does not hold yet, and it keeps the last few it was given.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerRenderer } from '../manifest/serverRender';
import { DOCUMENT_WORKER_READY, shardCache, type DocumentWorkerData, type RouteAnswer, type RouteTask, type Shard } from './documentPool';

const { bundleUrl, root, window } = workerData as DocumentWorkerData;
// Loaded before the first task: a bundle that cannot load is a worker that cannot start.
const bundle = (await import(bundleUrl)) as ServerRenderer;
const held = shardCache<Shard>(window);
// Until this arrives, routes render in the other thread.
parentPort?.postMessage(DOCUMENT_WORKER_READY);

/**
 * One route's HTML. A route that cannot render is answered with its error,
 * which is the route's; a shard the worker should hold and does not rejects
 * the task, the worker's failure, so the route is rendered in the other thread.
 */
export default async function renderRoute({ path, names, sent, article }: RouteTask): Promise<RouteAnswer> {
  // Taken in the order the other thread's window took them (`shardWindow`), before any await, so both hold the same shards.
  const shards: Record<string, Shard> = {};
  for (const name of names) {
    const shard = sent.get(name) ?? held.get(name);
    if (shard === undefined) throw new Error(`the document worker does not hold the shard ${name}`);
    held.set(name, shard);
    shards[name] = shard;
  }
  try {
    return { html: await bundle.renderRoute({ root, shards, path, article }) };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
