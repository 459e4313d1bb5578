/**
 * Render worker: renders a share of a cold build's pages on another core
 * (`renderPool.ts`). It receives the link context and its jobs once, and
 * answers with the rendered pages in the same order, or with the first error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadGrammars, GRAMMARS } from '../../manifest/highlight';
import { hrefFor, resolveContentLink } from '../../manifest/links';
import { createRenderer } from './render';
import type { RenderJob, WorkerInput, WorkerOutput } from './renderPool';

async function main(input: WorkerInput): Promise<WorkerOutput> {
  try {
    const render = createRenderer(await loadGrammars(Object.keys(GRAMMARS)));
    const { context } = input;
    const one = (job: RenderJob) => render(job.body, (href) => hrefFor(resolveContentLink(href, job.rel, job.path, context), context.baseUrl));
    return { ok: true, rendered: input.jobs.map(one) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.postMessage(await main(workerData as WorkerInput));
