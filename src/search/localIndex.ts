/**
 * Loads the local index lazily (first search that needs it) and answers
 * queries from it: in a module Web Worker when the index is large, so that
 * decoding and searching never block the page, else on the main thread. The
 * index file is named by its hash, so a copy stored in IndexedDB never goes
 * stale: it answers when the network does not (offline).
 */
import type { Manifest, ManifestShard } from '../../manifest';
import { allShards } from '../data/manifest';
import { fetchTextOrStored } from '../data/store';
import type { HeadingsByPath, LocalEngine, WorkerRequest, WorkerResponse } from './localEngine';
import type { SearchOptions, SearchResult } from './types';

/** Index size (characters of JSON) from which queries run in a worker. */
const LOCAL_WORKER_MIN_CHARS = 40_000;

/** Answers queries from the local index. */
export interface LocalSearcher {
  query(query: string, options: SearchOptions): Promise<SearchResult>;
  /** Whether queries run in a worker. */
  readonly inWorker: boolean;
}

/** Fetches the index file, falling back to the stored copy (offline). */
const loadIndexText = (file: string) => fetchTextOrStored(file, `search:${file}`);

/** Headings of every page, from the manifest's shards. */
function headingsByPath(shards: ManifestShard[]): HeadingsByPath {
  const out: HeadingsByPath = {};
  for (const shard of shards) for (const page of [...Object.values(shard.docs), ...Object.values(shard.pages)]) out[page.path] = page.headings;
  return out;
}

/** The engine in a worker; rejects when the worker cannot start or load the index. */
function workerSearcher(url: string, json: string, headings: HeadingsByPath, onDead: () => void): Promise<LocalSearcher> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { type: 'module', name: 'docs-search' });
    const pending = new Map<number, { resolve: (r: SearchResult) => void; reject: (e: Error) => void }>();
    let next = 0;
    let ready = false;
    let dead: Error | null = null;
    const fail = (message: string) => {
      dead = new Error(message);
      for (const p of pending.values()) p.reject(dead);
      pending.clear();
      if (!ready) reject(dead);
      worker.terminate();
      if (ready) onDead();
    };
    worker.onerror = (event) => fail(`[docs] local search worker failed: ${event.message || 'cannot start'}`);
    worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'loaded') {
        ready = true;
        resolve({
          inWorker: true,
          query(query, options) {
            return new Promise((res, rej) => {
              if (dead) return rej(dead);
              const id = next++;
              pending.set(id, { resolve: res, reject: rej });
              worker.postMessage({ type: 'query', id, query, options } satisfies WorkerRequest);
            });
          },
        });
      } else if (data.type === 'result') {
        pending.get(data.id)?.resolve(data.result);
        pending.delete(data.id);
      } else if (data.id === null) {
        fail(data.message);
      } else {
        pending.get(data.id)?.reject(new Error(data.message));
        pending.delete(data.id);
      }
    };
    worker.postMessage({ type: 'load', json, headings } satisfies WorkerRequest);
  });
}

/** The engine on this thread. */
function mainThreadSearcher(engine: LocalEngine): LocalSearcher {
  return { inWorker: false, query: async (query, options) => engine.query(query, options) };
}

const searchers = new Map<string, Promise<LocalSearcher>>();

/**
 * The local searcher for a manifest's index, loaded once per index file. A
 * failed load is forgotten, so the next search tries again.
 */
export function localSearcher(manifest: Manifest): Promise<LocalSearcher> {
  const file = manifest.search.index;
  let searcher = searchers.get(file);
  if (!searcher) {
    searcher = (async () => {
      const [json, mod, shards] = await Promise.all([loadIndexText(file), import('./localEngine'), allShards(manifest)]);
      const headings = headingsByPath(shards);
      if (json.length >= LOCAL_WORKER_MIN_CHARS && typeof Worker !== 'undefined') {
        try {
          return await workerSearcher(mod.LOCAL_ENGINE_URL, json, headings, () => searchers.delete(file));
        } catch (error) {
          console.warn('[docs] local search runs on the main thread:', error);
        }
      }
      return mainThreadSearcher(mod.LocalEngine.load(json, headings));
    })();
    searchers.set(file, searcher);
    searcher.catch(() => searchers.delete(file));
  }
  return searcher;
}
