/**
 * The local search index of a CLI build, made from a store of local-index products (`localPageProduct`) kept
 * with the caches. A page's product is named by its key (`assembleManifest`): the build sends every page's key,
 * and the products of the keys the store lacks (the changed pages), and takes the index's files back. Once the
 * build has succeeded, the store saves the products of its indexes for the next build.
 *
 * On a large site these products are most of the caches' bytes, so the store lives in a worker
 * (`localIndexWorker.ts`) that starts with the build: it reads them while this thread reads the other caches
 * and the sources, and makes the index while this thread makes the shards. A small store is read here, where
 * it costs less than a worker's start; so is a store whose worker failed.
 */
import { statSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readSavedProducts, writeSavedProducts } from './renderCache';
import { localIndexFiles, type LocalIndexOutput, type LocalPageProduct } from './search';
import { typeScriptPool } from './workerPool';

/** The store's name among the caches' (`readSavedProducts`). */
const STORE = 'search';

/** A store of fewer bytes is read in this thread: about a thousand pages' products. */
const WORKER_MIN_BYTES = 4_000_000;

/** Where a store lies: the caches' folder, the build code's version and the store's name (`readSavedProducts`). */
export interface LocalIndexData {
  dir: string;
  code: string;
  store: string;
}

/**
 * A local index of pages named by their products' keys, with the products that were made for the keys the
 * store was found to lack (by the key's place in `keys`); or the save of the products the indexes were made of.
 */
export type LocalIndexTask = { keys: string[]; made: [number, LocalPageProduct][] } | 'save';

/** The index's files, or the places in `keys` of the keys the store holds no product of. */
export type LocalIndexAnswer = LocalIndexOutput | { missing: number[] } | null;

/** A store's task handler (`LocalIndexTask`), with the products read from `dir` and those of this build's indexes. */
export function localIndexServer({ dir, code, store }: LocalIndexData): (task: LocalIndexTask) => LocalIndexAnswer {
  const read = readSavedProducts(dir, code, store);
  const saved = read.products as Map<string, LocalPageProduct>;
  // What a save writes: the products of every index made, so that a store holds no more than a site's.
  const used = new Map<string, LocalPageProduct>();
  return (task) => {
    if (task === 'save') {
      writeSavedProducts(dir, code, store, used, read);
      return null;
    }
    const { keys, made } = task;
    for (const [i, product] of made) used.set(keys[i]!, product);
    const products: LocalPageProduct[] = [];
    const missing: number[] = [];
    keys.forEach((key, i) => {
      const product = used.get(key) ?? saved.get(key);
      if (product) products.push(product);
      else missing.push(i);
    });
    if (missing.length) return { missing };
    keys.forEach((key, i) => used.set(key, products[i]!));
    return localIndexFiles(products);
  };
}

/** The local index of a build's pages, made from a store, and the save of the store. */
export interface LocalIndexStore {
  /** The local index of pages given by their products' keys; `make(i)` makes the product of `keys[i]` when the store has none. */
  index(keys: string[], make: (i: number) => LocalPageProduct): Promise<LocalIndexOutput>;
  /** Saves the products of the indexes made, for a next build. */
  save(): Promise<void>;
  close(): Promise<void>;
}

/** The index of `keys` from a store answering tasks with `run`: a second task brings the products it lacks. */
async function indexFrom(run: (task: LocalIndexTask) => LocalIndexAnswer | Promise<LocalIndexAnswer>, keys: string[], make: (i: number) => LocalPageProduct) {
  let answer = await run({ keys, made: [] });
  if (answer && 'missing' in answer) answer = await run({ keys, made: answer.missing.map((i) => [i, make(i)]) });
  if (!answer || 'missing' in answer) throw new Error('the local index store lacks products it was given');
  return answer;
}

/** The bytes of the store's segments in `dir`. */
function storeBytes(dir: string): number {
  let bytes = 0;
  try {
    for (const name of readdirSync(dir)) if (name.startsWith(`${STORE}-`)) bytes += statSync(join(dir, name)).size;
  } catch {
    // No folder, or a segment another build's save removed: what is left is counted.
  }
  return bytes;
}

export interface LocalIndexStoreOptions {
  /** Project root: holds `node/localIndexWorker.ts`. */
  root: string;
  /** Told when the worker fails and this thread takes over. */
  onFallback: (error: unknown) => void;
  /** Overrides `WORKER_MIN_BYTES` (tests). */
  minBytes?: number;
}

/**
 * The local index store kept in `dir` for the build code `code`: in a worker when it is large and a core is free,
 * else in this thread. The caller closes it.
 */
export function openLocalIndexStore(dir: string, code: string, { root, onFallback, minBytes = WORKER_MIN_BYTES }: LocalIndexStoreOptions): LocalIndexStore {
  const data: LocalIndexData = { dir, code, store: STORE };
  const inThread = (): LocalIndexStore => {
    const serve = localIndexServer(data);
    return { index: (keys, make) => indexFrom(serve, keys, make), save: async () => void serve('save'), close: async () => {} };
  };
  if (availableParallelism() < 2 || storeBytes(dir) < minBytes) return inThread();
  const pool = typeScriptPool(pathToFileURL(join(root, 'node/localIndexWorker.ts')), data, { minThreads: 1, maxThreads: 1, idleTimeout: Infinity }, () => {});
  const run = (task: LocalIndexTask) => pool.run(task) as Promise<LocalIndexAnswer>;
  let fallback: LocalIndexStore | undefined;
  return {
    async index(keys, make) {
      if (!fallback) {
        try {
          return await indexFrom(run, keys, make);
        } catch (error) {
          onFallback(error);
          fallback = inThread();
        }
      }
      return fallback.index(keys, make);
    },
    save: () => (fallback ? fallback.save() : run('save').then(() => {})),
    close: () => pool.destroy(),
  };
}
