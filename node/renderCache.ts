/**
 * The caches of CLI builds on disk (`node_modules/.cache/abp-react-docs/`):
 *
 * - the render cache, one line per rendering: its key and small fields as JSON, then each large field (its HTML,
 *   search sections and parts) as JSON after a tab. A build reads the small part of every line and a large field
 *   only when something asks for it (a page whose article or search products are not kept), so a build that
 *   changes one page of a large site does not decode a hundred megabytes of HTML; a field written back unread is
 *   written as the bytes it was read as.
 * - the saved products (`BuildSession.savedProducts`): one line of JSON per product, after a first line naming
 *   the build code they were made by, so that a change of that code drops them all.
 *
 * A missing, unreadable or foreign file is an empty cache: the build makes everything again.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Rendered } from './render';
import type { RenderCache } from './session';

/** The fields of a rendering kept apart on disk, decoded when first read. */
const LARGE = ['html', 'sections', 'searchParts'] as const;

type Large = Pick<Rendered, (typeof LARGE)[number]>;

/** The large fields of a rendering read from disk, as read, by field: one written back unread is written as these bytes. */
const RAW = Symbol('raw');

type Raw = Record<(typeof LARGE)[number], Buffer>;

/** A rendering whose large fields are each decoded from `raw` when first read. */
function keptRendering(small: Omit<Rendered, keyof Large>, raw: Raw): Rendered {
  const rendering = small as Rendered;
  for (const field of LARGE) {
    let value: unknown;
    let read = false;
    const get = () => {
      if (!read) {
        value = JSON.parse(raw[field].toString('utf8'));
        read = true;
      }
      return value;
    };
    Object.defineProperty(rendering, field, { get, enumerable: true, configurable: true });
  }
  Object.defineProperty(rendering, RAW, { value: raw });
  return rendering;
}

const TAB = 9;
const NEWLINE = 10;

/** Reads a saved render cache. */
export function readRenderCache(file: string): RenderCache {
  const cache: RenderCache = new Map();
  let text: Buffer;
  try {
    text = readFileSync(file);
  } catch {
    return cache;
  }
  try {
    for (let at = 0; at < text.length;) {
      let end = text.indexOf(NEWLINE, at);
      if (end === -1) end = text.length;
      // The small part, then one large field after each tab.
      const tabs: number[] = [];
      for (let tab = text.indexOf(TAB, at); tab !== -1 && tab < end; tab = text.indexOf(TAB, tab + 1)) tabs.push(tab);
      if (tabs.length !== LARGE.length) return new Map();
      const [key, small] = JSON.parse(text.toString('utf8', at, tabs[0])) as [string, Omit<Rendered, keyof Large>];
      const raw = Object.fromEntries(LARGE.map((field, i) => [field, text.subarray(tabs[i]! + 1, tabs[i + 1] ?? end)])) as Raw;
      cache.set(key, keptRendering(small, raw));
      at = end + 1;
    }
  } catch {
    return new Map();
  }
  return cache;
}

/** Saves the render cache through a temporary file, so a build that stops half-way leaves the previous one. */
export function writeRenderCache(file: string, cache: RenderCache): void {
  writeLines(file, function* () {
    for (const [key, rendering] of cache) {
      const small: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(Object.getOwnPropertyDescriptors(rendering)))
        if (!(LARGE as readonly string[]).includes(field)) small[field] = value.value;
      const raw = (rendering as { [RAW]?: Raw })[RAW];
      yield JSON.stringify([key, small]);
      for (const field of LARGE) {
        yield '\t';
        yield raw?.[field] ?? JSON.stringify(rendering[field]);
      }
      yield '\n';
    }
  });
}

/** Reads saved products made by the build code `code`; products of other code are none. */
export function readSavedProducts(file: string, code: string): Map<string, unknown> {
  const products = new Map<string, unknown>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return products;
  }
  try {
    const lines = text.split('\n');
    if (JSON.parse(lines[0] ?? 'null') !== code) return products;
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i]) continue;
      const [name, value] = JSON.parse(lines[i]!) as [string, unknown];
      products.set(name, value);
    }
  } catch {
    return new Map();
  }
  return products;
}

/** Saves products made by the build code `code`. */
export function writeSavedProducts(file: string, code: string, products: Iterable<[string, unknown]>): void {
  writeLines(file, function* () {
    yield `${JSON.stringify(code)}\n`;
    for (const entry of products) yield `${JSON.stringify(entry)}\n`;
  });
}

const WRITE_CHARS = 1 << 20;

/** Writes `parts` to `file` through a temporary file. */
function writeLines(file: string, parts: () => Iterable<string | Buffer>): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(`${file}.tmp`, 'w');
  try {
    // Strings are joined into writes of about a megabyte; the bytes of a rendering read as they were go as they are.
    let pending = '';
    for (const part of parts()) {
      if (typeof part === 'string') {
        pending += part;
        if (pending.length < WRITE_CHARS) continue;
        writeSync(fd, pending);
      } else {
        writeSync(fd, pending);
        writeSync(fd, part);
      }
      pending = '';
    }
    writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
}
