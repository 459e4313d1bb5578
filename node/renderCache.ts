/**
 * The render cache of CLI builds on disk (`node_modules/.cache/abp-react-docs/`):
 * one line of JSON per rendering, written and read a line at a time, so a
 * large site's cache (a hundred megabytes and more) is never one string in memory.
 */
import { createReadStream, mkdirSync, openSync, closeSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import type { Rendered } from './render';
import type { RenderCache } from './renderPool';

/** Reads a saved cache; a missing or unreadable file is an empty cache (the build renders everything). */
export async function readRenderCache(file: string): Promise<RenderCache> {
  const cache: RenderCache = new Map();
  try {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const [key, rendered] = JSON.parse(line) as [string, Rendered];
      cache.set(key, rendered);
    }
    return cache;
  } catch {
    return new Map();
  }
}

/** Saves the cache through a temporary file, so a build that stops half-way leaves the previous one. */
export function writeRenderCache(file: string, cache: RenderCache): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(`${file}.tmp`, 'w');
  try {
    for (const entry of cache) writeSync(fd, `${JSON.stringify(entry)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
}
