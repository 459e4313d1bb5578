/**
 * The caches of CLI builds on disk (`node_modules/.cache/abp-react-docs/`):
 *
 * - the render cache: an index (`render-cache.jsonl`), one line per rendering with its key, its small fields and
 *   where its large fields (its HTML, search sections and parts, as JSON) lie in a data segment
 *   (`render-<id>.data`). A build reads the index and a rendering's large fields only when something asks for one
 *   (a page whose article or search products are not kept), so a build that changes one page of a large site
 *   reads a tenth of the cache's bytes. Segments are written once and never changed: a save writes the large
 *   fields of the renderings it has not got on disk into a new segment, and rewrites them all into one when the
 *   segments are many or mostly unused.
 * - the saved products (`BuildSession.savedProducts`): segments of JSON lines (`products-<id>.jsonl`), each after
 *   a first line naming the build code they were made by, so that a change of that code drops them all. A save
 *   writes a segment of the products made since the read, and rewrites them all into one when most are unused.
 *   Two products of one name are the same (a name holds every input of its product), so segments have no order.
 *
 * A missing, unreadable or foreign file is an empty cache: the build makes everything again. A segment is opened
 * when the cache is read and read through that handle, so a save by another build that removes it does not
 * take it from under this one.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { writeParts } from './output';
import type { Rendered } from './render';
import type { RenderCache } from './session';

/** The fields of a rendering kept in a segment, decoded when first read. */
const LARGE = ['html', 'sections', 'searchParts'] as const;

type Large = Pick<Rendered, (typeof LARGE)[number]>;

/** The render cache index's first line: its format, and the segments its lines point into. */
interface IndexHead {
  format: typeof INDEX_FORMAT;
  /** The version of the code that made the renderings (`cliCaches.ts`'s `cacheVersion`): another version's are none. */
  version: string;
  segments: string[];
}

const INDEX_FORMAT = 'render-cache-3';

/** Where a rendering's large fields lie: a segment of the cache's folder (its name and path), an offset and each field's length in bytes. */
interface Place {
  segment: string;
  path: string;
  offset: number;
  lengths: number[];
}

/** An index line: the key, the small fields, the segment's number in the head, the offset and the lengths. */
type IndexLine = [key: string, small: Omit<Rendered, keyof Large>, segment: number, offset: number, lengths: number[]];

/** A kept rendering's place on disk: one written back unread is written as a line pointing there. */
const PLACE = Symbol('place');

/** Open segments by path: a read opens each once, and a handle lives as long as the process. */
type Handles = Map<string, number>;

/** A rendering whose large fields are each read from its segment and decoded when first asked for, and once. */
function keptRendering(small: Omit<Rendered, keyof Large>, place: Place, fd: number): Rendered {
  const rendering = small as Rendered;
  const decoded = new Map<string, unknown>();
  LARGE.forEach((field, i) => {
    const get = () => {
      // Each field alone, so that no bytes are held once it is decoded.
      if (!decoded.has(field)) decoded.set(field, readField(fd, place.path, fieldOffset(place, i), place.lengths[i]!));
      return decoded.get(field);
    };
    Object.defineProperty(rendering, field, { get, enumerable: true, configurable: true });
  });
  Object.defineProperty(rendering, PLACE, { value: place });
  return rendering;
}

/** Where the `i`th large field of a rendering at `place` starts in its segment. */
const fieldOffset = (place: Place, i: number) => place.offset + place.lengths.slice(0, i).reduce((a, b) => a + b, 0);

/** The JSON value of `length` bytes at `offset` of the segment open as `fd`. */
function readField(fd: number, path: string, offset: number, length: number): unknown {
  const bytes = Buffer.allocUnsafe(length);
  if (readSync(fd, bytes, 0, length, offset) !== length) throw new Error(`the render cache's segment ${path} is shorter than its index says`);
  return JSON.parse(bytes.toString('utf8'));
}

/** A large field of a rendering as it lies on disk: what another thread needs to read it (`readStoredField`). */
export interface StoredField {
  path: string;
  offset: number;
  length: number;
}

/** Where `rendering`, read from a render cache, holds `field` on disk; undefined for a rendering made in this process. */
export function storedField(rendering: Rendered, field: (typeof LARGE)[number]): StoredField | undefined {
  const place = (rendering as { [PLACE]?: Place })[PLACE];
  if (!place) return undefined;
  const i = LARGE.indexOf(field);
  return { path: place.path, offset: fieldOffset(place, i), length: place.lengths[i]! };
}

/** Reads stored fields (`storedField`), each file opened once, until `close`. */
export function storedFieldReader(): { read: (field: StoredField) => unknown; close: () => void } {
  const handles: Handles = new Map();
  return {
    read({ path, offset, length }) {
      let fd = handles.get(path);
      if (fd === undefined) handles.set(path, (fd = openSync(path, 'r')));
      return readField(fd, path, offset, length);
    },
    close() {
      for (const fd of handles.values()) closeSync(fd);
      handles.clear();
    },
  };
}

const SEGMENT = /^render-[\w-]+\.data$/;

/** Reads a saved render cache whose index is `file`, made by the code of `version`; another version's is empty. */
export function readRenderCache(file: string, version: string): RenderCache {
  const cache: RenderCache = new Map();
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return cache;
  }
  const handles: Handles = new Map();
  try {
    const head = JSON.parse(lines[0] ?? 'null') as IndexHead | null;
    if (head?.format !== INDEX_FORMAT || head.version !== version || !head.segments.every((name) => SEGMENT.test(name))) return cache;
    const sizes = head.segments.map((name) => {
      const fd = openSync(join(dirname(file), name), 'r');
      handles.set(name, fd);
      return fstatSync(fd).size;
    });
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i]) continue;
      const [key, small, n, offset, lengths] = JSON.parse(lines[i]!) as IndexLine;
      const segment = head.segments[n];
      if (segment === undefined || lengths.length !== LARGE.length || offset + lengths.reduce((a, b) => a + b, 0) > sizes[n]!)
        throw new Error('an index line points past its segment');
      cache.set(key, keptRendering(small, { segment, path: join(dirname(file), segment), offset, lengths }, handles.get(segment)!));
    }
  } catch {
    for (const fd of handles.values()) closeSync(fd);
    return new Map();
  }
  return cache;
}

/** Segments past this many are rewritten into one. */
const MAX_SEGMENTS = 12;

/**
 * Saves the render cache whose index is `file`, made by the code of `version`: the large fields of renderings not on disk go to a new segment
 * (all of them when the segments are many or hold more unused bytes than used), then the index is replaced
 * through a temporary file, so a build that stops half-way leaves the previous cache; then segments the index
 * does not name are removed.
 */
export function writeRenderCache(file: string, cache: RenderCache, version: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const placeOf = (rendering: Rendered) => (rendering as { [PLACE]?: Place })[PLACE];
  const used = new Map<string, number>();
  for (const rendering of cache.values()) {
    const place = placeOf(rendering);
    if (place) used.set(place.segment, (used.get(place.segment) ?? 0) + place.lengths.reduce((a, b) => a + b, 0));
  }
  const names = readdirSync(dir).filter((name) => SEGMENT.test(name));
  let stored = 0;
  for (const name of names) {
    try {
      stored += statSync(join(dir, name)).size;
    } catch {
      // Removed by another build's save.
    }
  }
  const live = [...used.values()].reduce((a, b) => a + b, 0);
  const rewrite = used.size >= MAX_SEGMENTS || stored - live > live;

  const segment = segmentName('render', 'data');
  const segments = rewrite ? [segment] : [...used.keys(), segment];
  const lines: string[] = [];
  let offset = 0;
  writeParts(
    join(dir, segment),
    (function* () {
      for (const [key, rendering] of cache) {
        const small: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(Object.getOwnPropertyDescriptors(rendering)))
          if (!(LARGE as readonly string[]).includes(field)) small[field] = value.value;
        let place = placeOf(rendering);
        if (!place || rewrite) {
          const texts = LARGE.map((field) => JSON.stringify(rendering[field]));
          const lengths = texts.map((text) => Buffer.byteLength(text));
          yield* texts;
          place = { segment, path: join(dir, segment), offset, lengths };
          offset += lengths.reduce((a, b) => a + b, 0);
        }
        lines.push(`${JSON.stringify([key, small as IndexLine[1], segments.indexOf(place.segment), place.offset, place.lengths] satisfies IndexLine)}\n`);
      }
    })(),
  );
  if (offset === 0) {
    rmSync(join(dir, segment), { force: true });
    segments.pop();
  }
  writeParts(`${file}.tmp`, [`${JSON.stringify({ format: INDEX_FORMAT, version, segments } satisfies IndexHead)}\n`, ...lines]);
  renameSync(`${file}.tmp`, file);
  for (const name of names) if (!segments.includes(name)) rmSync(join(dir, name), { force: true });
}

const PRODUCTS = /^products-[\w-]+\.jsonl$/;

/** Products saved by CLI builds in a folder (`readSavedProducts`), with what a save needs to know of the folder. */
export interface SavedProducts {
  /** The products of the build code asked for, by name. */
  products: Map<string, unknown>;
  /** The folder's segments of that code, and how many lines they hold. */
  segments: string[];
  lines: number;
  /** Segments of other code or unreadable: the next save removes them. */
  foreign: string[];
}

/** Reads the products saved in `dir` by the build code `code`; products of other code are none. */
export function readSavedProducts(dir: string, code: string): SavedProducts {
  const saved: SavedProducts = { products: new Map(), segments: [], lines: 0, foreign: [] };
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => PRODUCTS.test(name));
  } catch {
    return saved;
  }
  for (const name of names) {
    const read = new Map<string, unknown>();
    let lines = 0;
    try {
      const text = readFileSync(join(dir, name), 'utf8').split('\n');
      if (JSON.parse(text[0] ?? 'null') !== code) throw new Error('another build code');
      for (let i = 1; i < text.length; i++) {
        if (!text[i]) continue;
        const [product, value] = JSON.parse(text[i]!) as [string, unknown];
        read.set(product, value);
        lines++;
      }
    } catch {
      saved.foreign.push(name);
      continue;
    }
    for (const [product, value] of read) saved.products.set(product, value);
    saved.segments.push(name);
    saved.lines += lines;
  }
  return saved;
}

/**
 * Saves in `dir` the products a build asked for (`products`), by the build code `code`, given what was read
 * from there (`read`): those not read go to a new segment, or all into one when the folder's lines are mostly
 * of products not asked for; then segments of other build code, and after a rewrite the old ones, are removed.
 */
export function writeSavedProducts(dir: string, code: string, products: ReadonlyMap<string, unknown>, read: SavedProducts): void {
  const rewrite = read.segments.length >= MAX_SEGMENTS || read.lines > 2 * products.size;
  const fresh = [...products].filter(([name]) => rewrite || !read.products.has(name));
  const stale = rewrite ? read.segments.concat(read.foreign) : read.foreign;
  if (!fresh.length && !stale.length) return;
  mkdirSync(dir, { recursive: true });
  if (fresh.length) {
    const file = join(dir, segmentName('products', 'jsonl'));
    writeParts(`${file}.tmp`, [`${JSON.stringify(code)}\n`, ...fresh.map((entry) => `${JSON.stringify(entry)}\n`)]);
    renameSync(`${file}.tmp`, file);
  }
  for (const name of stale) rmSync(join(dir, name), { force: true });
}

/** A new segment's name: no two saves, of one process or of two, make the same. */
const segmentName = (prefix: string, extension: string) => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}.${extension}`;
