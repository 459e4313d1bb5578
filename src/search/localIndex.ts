/**
 * Starts the local search engine (`localEngine.ts`) in a module Web Worker on
 * the first search that needs it, and answers its requests for files: the
 * worker decodes and ranks, this thread only fetches. The entry file is kept
 * in IndexedDB too, so search starts offline; the files it names are
 * immutable by name, so the service worker's cache (and, without one, the
 * HTTP cache) answers for those already fetched. A file that cannot be had
 * leaves its words out and the result says so (`SearchResult.incomplete`).
 */
import { searchEntryOf, type Manifest } from '../../manifest';
import { fetchText } from '../data/fetchText';
import { fetchTextOrStored } from '../data/store';
import type { FileLoader, LocalEngine, WorkerRequest, WorkerResponse } from './localEngine';
import { SupersededError, type SearchOptions, type SearchResult } from './types';

/** Answers queries from the local index. */
export interface LocalSearcher {
  query(query: string, options: SearchOptions): Promise<SearchResult>;
  /** Reads ahead what a query being typed will need (`LocalEngine.warm`). */
  warm(query: string): void;
  /** Whether queries run in a worker. */
  readonly inWorker: boolean;
}

/** Reads the files the engine asks for; one that cannot be had is null. */
const loadFiles: FileLoader = (paths) => Promise.all(paths.map((path) => fetchText(path).catch(() => null)));

/** The engine in a worker; rejects when the worker cannot start or load the entry. */
function workerSearcher(url: string, entry: string, onDead: () => void): Promise<LocalSearcher> {
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
    const post = (message: WorkerRequest) => worker.postMessage(message);
    worker.onerror = (event) => fail(`[docs] local search worker failed: ${event.message || 'cannot start'}`);
    worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'need') {
        void loadFiles(data.paths).then((texts) => post({ type: 'files', id: data.id, texts }));
      } else if (data.type === 'loaded') {
        ready = true;
        resolve({
          inWorker: true,
          query(query, options) {
            return new Promise((res, rej) => {
              if (dead) return rej(dead);
              const id = next++;
              pending.set(id, { resolve: res, reject: rej });
              post({ type: 'query', id, query, options });
            });
          },
          warm(query) {
            if (!dead) post({ type: 'warm', query });
          },
        });
      } else if (data.type === 'result') {
        pending.get(data.id)?.resolve(data.result);
        pending.delete(data.id);
      } else if (data.id === null) {
        fail(data.message);
      } else {
        pending.get(data.id)?.reject(data.superseded ? new SupersededError(data.message) : new Error(data.message));
        pending.delete(data.id);
      }
    };
    post({ type: 'load', entry });
  });
}

/** The engine on this thread, when no worker can start. */
function mainThreadSearcher(engine: LocalEngine): LocalSearcher {
  return { inWorker: false, query: (query, options) => engine.query(query, options), warm: (query) => void engine.warm(query).catch(() => {}) };
}

const searchers = new Map<string, Promise<LocalSearcher>>();

/**
 * The local searcher for a manifest's index, started once per entry file. A
 * failed start is forgotten, so the next search tries again.
 */
export function localSearcher(manifest: Manifest, version?: string): Promise<LocalSearcher> {
  // A versioned site's index of that version (`SearchFiles.entries`), else the site's.
  const file = searchEntryOf(manifest, version);
  let searcher = searchers.get(file);
  if (!searcher) {
    searcher = (async () => {
      const [entry, mod] = await Promise.all([fetchTextOrStored(file, `search:${file}`), import('./localEngine')]);
      if (typeof Worker !== 'undefined') {
        try {
          return await workerSearcher(mod.LOCAL_ENGINE_URL, entry, () => searchers.delete(file));
        } catch (error) {
          console.warn('[docs] local search runs on the main thread:', error);
        }
      }
      return mainThreadSearcher(new mod.LocalEngine(mod.parseEntryText(entry), loadFiles));
    })();
    searchers.set(file, searcher);
    searcher.catch(() => searchers.delete(file));
  }
  return searcher;
}
