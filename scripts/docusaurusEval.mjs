/**
 * The child process `npm run import:docusaurus` reads a Docusaurus site's configuration in: it loads
 * `docusaurus.config.*` as Docusaurus does, as code (TypeScript through tsx, which the parent starts it
 * with), calls it when it is a function, and writes it as JSON to the file named second on its command line.
 * The sidebars files it names are the build's to read (`node/sidebarsFile.ts`).
 *
 * A real configuration imports presets, plugins and helpers that are not installed here and reads files
 * beside the site (`../crowdin.yaml`). Neither may stop the import, so a package or file `require` cannot
 * find becomes a stand-in: a value that is any property, call or construction of itself, written out as
 * `{ "$missing": "<specifier>" }` so the parent can name what it stood for (a remark plugin, a theme).
 * A file `fs.readFileSync` cannot find reads as empty. Both are listed in the result.
 *
 * Functions in the configuration (an `editUrl` callback, an inline plugin) are written as
 * `{ "$function": "<name>" }`: they cannot be carried, only named.
 */
import { writeFileSync } from 'node:fs';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [configFile, resultFile] = process.argv.slice(2);
if (!configFile || !resultFile) {
  console.error('usage: node --import tsx scripts/docusaurusEval.mjs <docusaurus.config.*> <result.json>');
  process.exit(2);
}
const siteDir = path.dirname(configFile);

/** Specifiers that could not be resolved, and files that could not be read. */
const missing = new Set();
const unreadable = new Set();

/** What each stand-in stands for: the specifier and the properties taken from it. */
const standIns = new WeakMap();

/** A stand-in for `specifier`: every property, call and construction of it is another stand-in. */
function standIn(specifier, keys = []) {
  const property = (key) => {
    // Not a promise (an `await` of it must not hang) and no ES module namespace.
    if (key === 'then' || key === '__esModule') return undefined;
    if (key === Symbol.toPrimitive) return () => `[missing ${specifier}]`;
    if (typeof key === 'symbol') return undefined;
    return standIn(specifier, [...keys, key]);
  };
  // Compiled `import * as ns` copies a module's own properties onto an object made from its prototype, so the
  // prototype answers too: `ns.config()` is a stand-in like `module.config()`.
  const prototype = new Proxy({}, { get: (_, key) => property(key) });
  const proxy = new Proxy(function missingModule() {}, {
    get: (_, key) => property(key),
    getPrototypeOf: () => prototype,
    apply: () => standIn(specifier, [...keys, '()']),
    construct: () => standIn(specifier, [...keys, 'new']),
  });
  standIns.set(proxy, { specifier, keys });
  return proxy;
}

// `require` of what does not resolve: a module whose exports are a stand-in, cached under a name no file has.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    const key = `\0missing:${request}`;
    if (!Module._cache[key]) {
      const stand = new Module(key);
      stand.exports = standIn(request);
      stand.loaded = true;
      Module._cache[key] = stand;
    }
    missing.add(request);
    return key;
  }
};

// A file beside the site that this copy of it lacks reads as empty.
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, options) {
  try {
    return readFileSync.call(this, file, options);
  } catch (error) {
    // Only the site's own reads: tsx probes its cache (`<tmp>/tsx-<uid>/`) for files that may be absent.
    if (error?.code !== 'ENOENT' || path.resolve(String(file)).startsWith(path.join(os.tmpdir(), 'tsx-'))) throw error;
    unreadable.add(path.relative(siteDir, String(file)) || String(file));
    const encoding = typeof options === 'string' ? options : options?.encoding;
    return encoding ? '' : Buffer.alloc(0);
  }
};

/** `value` as JSON can hold it: stand-ins and functions named, cycles cut. */
function plain(value, seen = new Set()) {
  const stood = (typeof value === 'function' || typeof value === 'object') && value !== null ? standIns.get(value) : undefined;
  if (stood) return { $missing: stood.specifier, ...(stood.keys.length > 0 ? { keys: stood.keys } : {}) };
  if (typeof value === 'function') return { $function: value.name || null };
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof RegExp) return { $regexp: String(value) };
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return value.href;
  if (seen.has(value)) return { $cycle: true };
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((item) => plain(item, seen) ?? null)
    : Object.fromEntries(
        Object.entries(value)
          .map(([key, item]) => [key, plain(item, seen)])
          .filter(([, item]) => item !== undefined),
      );
  seen.delete(value);
  return out;
}

/** A module's value as Docusaurus takes it: its default export, awaited, called when it is a function. */
async function evaluated(loaded) {
  let value = loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
  // A CommonJS module that was compiled from ESM keeps its export one level down.
  if (value && typeof value === 'object' && value.__esModule && 'default' in value) value = value.default;
  value = await value;
  if (typeof value === 'function' && !standIns.has(value)) value = await value({});
  return value;
}

let result;
try {
  const config = await evaluated(await import(pathToFileURL(configFile).href));
  result = { config: plain(config), missing: [...missing], unreadable: [...unreadable] };
} catch (error) {
  result = { error: error instanceof Error ? (error.stack ?? error.message) : String(error), missing: [...missing], unreadable: [...unreadable] };
}
writeFileSync(resultFile, JSON.stringify(result));
// A configuration may leave timers or sockets open; what it had to say is written.
process.exit(0);
