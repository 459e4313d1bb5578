/**
 * The DocSearch records of a deployable build, written on another core. On a large site, making and writing
 * them is as long as writing the site, so a worker (`recordsWorker.ts`) writes them into a temporary file
 * while this thread writes the site, and the build moves the file into place once the site is. The worker
 * reads each page's sections from the render cache's segments where they lie, so they do not cross threads.
 * A small site's records are written here, and so are those of a build that rendered most of its pages (a cold
 * one), whose sections would cross; a worker that fails leaves them to this thread.
 */
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { searchRecordsFile, writeParts, writeSearchRecords } from './output';
import { storedField } from './renderCache';
import type { Rendered } from './render';
import type { RecordsTask } from './recordsWorker';
import type { SearchPage } from './search';
import { typeScriptPool } from './workerPool';

/** Below this many pages the worker's start costs more than writing the records here. */
const POOL_MIN_PAGES = 500;

/** What the records are made of (`searchRecordsJson`). */
export interface RecordsInput {
  pages: SearchPage[];
  language: string;
  version: string;
}

export interface RecordsOptions {
  /** Project root: holds `node/recordsWorker.ts`. */
  root: string;
  /** Overrides `POOL_MIN_PAGES` (tests). */
  minPages?: number;
  /** Told when the worker could not write the records and this thread wrote them. */
  onFallback?: (error: unknown) => void;
}

/** Records being written: `finish` puts them beside `dist/` (after the site is in place), `discard` drops them. */
export interface RecordsWriting {
  finish(): Promise<void>;
  discard(): Promise<void>;
}

/** Starts writing the records of `input` (`records` is their text, made in this thread) for the site in `distDir`. */
export function startSearchRecords(distDir: string, input: RecordsInput, records: () => Iterable<string>, options: RecordsOptions): RecordsWriting {
  const file = searchRecordsFile(distDir);
  const temp = `${file}.${process.pid}.tmp`;
  const inThread: RecordsWriting = { finish: async () => writeSearchRecords(distDir, records()), discard: async () => {} };
  if (input.pages.length < (options.minPages ?? POOL_MIN_PAGES)) return inThread;
  const pages = input.pages.map(({ text, ...page }) => ({
    ...page,
    search: text.search,
    sections: storedField(text as Rendered, 'sections') ?? text.sections,
  }));
  // A build that rendered most pages (a cold one) would copy their sections to the worker, and hold them twice.
  if (pages.filter(({ sections }) => !Array.isArray(sections)).length < pages.length / 2) return inThread;
  const pool = typeScriptPool(pathToFileURL(join(options.root, 'node/recordsWorker.ts')), {}, { minThreads: 1, maxThreads: 1 }, () => {});
  const task: RecordsTask = { file: temp, language: input.language, version: input.version, pages };
  const written = pool.run(task).then(
    () => true,
    (error: unknown) => {
      options.onFallback?.(error);
      return false;
    },
  );
  return {
    async finish() {
      try {
        if (!(await written)) writeParts(temp, records());
        renameSync(temp, file);
      } finally {
        await pool.destroy();
      }
    },
    async discard() {
      await written;
      rmSync(temp, { force: true });
      await pool.destroy();
    },
  };
}
