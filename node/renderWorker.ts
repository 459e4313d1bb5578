/**
 * Render worker: renders batches of a cold build's pages on another core
 * (`renderPool.ts`). It is given the link context once, at its start; each
 * task is one batch of at most `WORKER_BATCH` pages, answered in order. A warm
 * worker (`warmRenderWorker`) starts without one and is given it with its pages.
 */
import { workerData } from 'node:worker_threads';
import { loadRenderer } from './render';
import { BuildError } from './problems';
import { LinkResolver } from './linkMemo';
import { renderJobs, usePluginsOf, type WorkerData, type WorkerOutput, type WorkerTask } from './renderPool';

const { context } = workerData as WorkerData;
const links = context && new LinkResolver(context);
// Loaded before the first task: a renderer that cannot load is a worker that cannot start.
const render = await loadRenderer();

/**
 * A build error is answered rather than thrown: an error crossing threads
 * keeps its message but not its class or problems.
 */
export default async function renderBatch(task: WorkerTask): Promise<WorkerOutput> {
  // A warm worker's pages come with their context: one task per build.
  const [jobs, resolver] = Array.isArray(task) ? [task, links] : [task.jobs, new LinkResolver(task.context)];
  try {
    if (!resolver) throw new Error('the render worker was given pages without their link context');
    await usePluginsOf(render, jobs);
    return renderJobs(render, jobs, resolver);
  } catch (error) {
    if (error instanceof BuildError) return { build: { headline: error.message.split('\n')[0]!, problems: error.problems } };
    throw error;
  }
}
