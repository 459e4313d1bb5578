/**
 * Render worker: renders a share of a cold build's pages on another core
 * (`renderPool.ts`). It receives the link context and its jobs once, and
 * answers with the rendered pages in the same order, or with the first error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRenderer } from './render';
import { renderJob, type WorkerInput, type WorkerOutput } from './renderPool';

async function main(input: WorkerInput): Promise<WorkerOutput> {
  try {
    const render = await loadRenderer();
    return { ok: true, rendered: input.jobs.map((job) => renderJob(render, job, input.context)) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.postMessage(await main(workerData as WorkerInput));
