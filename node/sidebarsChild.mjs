/**
 * The child process that evaluates a JavaScript or TypeScript sidebars file (`sidebarsFile.ts`), started with
 * tsx's loader. A sidebars file is code and may import what the site installed for Docusaurus: a package that is not
 * installed here stands in as an empty module, named on stderr, so the build warns instead of failing. It prints
 * the file's JSON-able export on stdout.
 */
import Module, { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

const missing = new Set();
const isPackage = (request) => !/^(\.|\/|[a-z]:[\\/]|file:|node:|data:)/i.test(request);

// require(): an empty module in the cache under a name no file has.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  try {
    return resolveFilename.call(this, request, ...rest);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND' || !isPackage(request)) throw error;
    missing.add(request);
    const name = `\0missing:${request}`;
    if (!Module._cache[name]) {
      const stand = new Module(name);
      stand.loaded = true;
      Module._cache[name] = stand;
    }
    return name;
  }
};

// import: a resolve hook, in the loader's thread, that reports each stand-in back through a port.
const { port1, port2 } = new MessageChannel();
port1.on('message', (name) => missing.add(name));
port1.unref();
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || /^(\\.|\\/|file:|node:|data:)/.test(specifier)) throw error;
    port.postMessage(specifier);
    return { url: 'data:text/javascript,export default {}', shortCircuit: true };
  }
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });

const file = process.argv[2];
let loaded;
try {
  loaded = await import(pathToFileURL(file).href);
} catch (error) {
  // A `.js` file below a package.json of `"type": "module"` that writes `module.exports`, which Docusaurus reads too:
  // it runs as CommonJS.
  if (!(error instanceof ReferenceError) || !/\b(module|exports|require) is not defined\b/.test(error.message)) throw error;
  const cjs = new Module(file);
  cjs.filename = file;
  cjs.paths = Module._nodeModulePaths(dirname(file));
  cjs._compile(readFileSync(file, 'utf8'), file);
  loaded = { default: cjs.exports };
}
let value = loaded.default ?? loaded;
// A CommonJS file read through import has its exports as the default, which may itself be the transpiled default.
if (value && typeof value === 'object' && 'default' in value && Object.keys(value).length === 1) value = value.default;
if (typeof value === 'function') value = await value();
process.stdout.write(JSON.stringify({ value: value ?? null, missing: [...missing] }));
