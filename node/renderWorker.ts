/**
 * Render worker: renders batches of a cold build's pages on another core
 * (`renderPool.ts`). It is given the link context once, at its start; each
 * task is one batch of at most `WORKER_BATCH` pages, answered in order.
 */
import { workerData } from 'node:worker_threads';
import { loadRenderer } from './render';
import { BuildError } from './problems';
import { LinkResolver } from './linkMemo';
import { renderJobs, type RenderJob, type WorkerData, type WorkerOutput } from './renderPool';

const links = new LinkResolver((workerData as WorkerData).context);
// Loaded before the first task: a renderer that cannot load is a worker that cannot start.
const render = await loadRenderer();

/**
 * A build error is answered rather than thrown: an error crossing threads
 * keeps its message but not its class or problems.
 */
export default function renderBatch(jobs: RenderJob[]): WorkerOutput {
  try {
    return renderJobs(render, jobs, links);
  } catch (error) {
    if (error instanceof BuildError) return { build: { headline: error.message.split('\n')[0]!, problems: error.problems } };
    throw error;
  }
}
