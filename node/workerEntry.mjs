/**
 * The file a build worker pool starts (`workerPool.ts`). Node 20 runs no
 * TypeScript in a worker and takes no `--import tsx` for one, so this
 * registers tsx's loader, then imports the TypeScript module the pool names
 * in its data (`worker`, a file URL) and hands on its default export, which
 * answers each task.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

const worker = await import(workerData.worker);

export default worker.default;
