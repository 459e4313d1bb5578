/**
 * Render worker: renders a share of a cold build's pages on another core
 * (`renderPool.ts`). It receives the link context and its jobs once, and
 * sends the rendered pages back in order, `WORKER_BATCH` at a time, then
 * `done`; or the first error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRenderer } from './render';
import { BuildError } from './errors';
import { LinkResolver } from './linkMemo';
import { renderJobs, WORKER_BATCH, type WorkerInput, type WorkerOutput } from './renderPool';

const send = (out: WorkerOutput) => parentPort?.postMessage(out);

async function main(input: WorkerInput): Promise<void> {
  try {
    const render = await loadRenderer();
    const links = new LinkResolver(input.context);
    for (let i = 0; i < input.jobs.length; i += WORKER_BATCH) send({ kind: 'batch', rendered: renderJobs(render, input.jobs.slice(i, i + WORKER_BATCH), links) });
    send({ kind: 'done' });
  } catch (error) {
    const build = error instanceof BuildError ? { headline: error.message.split('\n')[0]!, problems: error.problems } : undefined;
    send({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error), build });
  }
}

await main(workerData as WorkerInput);
