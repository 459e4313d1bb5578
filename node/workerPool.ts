/** Worker pools of the build: TypeScript modules run on other cores by piscina. */
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';

/** What a pool's workers are given at their start: the data of the caller, and the module to run. */
type PoolData<T extends object> = T & { worker: string };

/**
 * A pool running `worker`, a TypeScript module whose default export answers
 * each task, started through `workerEntry.mjs` beside it (which registers
 * tsx's loader first); `data` is the module's `workerData`. `onLostWorker` is
 * told of a worker that failed while it had no task, which would otherwise
 * throw in this thread; a worker that fails with tasks rejects them instead.
 */
export function typeScriptPool<T extends object>(
  worker: URL,
  data: T,
  options: Omit<ConstructorParameters<typeof Piscina>[0] & {}, 'filename' | 'workerData'>,
  onLostWorker: (error: unknown) => void,
): Piscina {
  const workerData: PoolData<T> = { ...data, worker: worker.href };
  const pool = new Piscina({ ...options, filename: fileURLToPath(new URL('workerEntry.mjs', worker)), workerData });
  pool.on('error', onLostWorker);
  return pool;
}
