#!/usr/bin/env node
// Runs a TypeScript entry on Node 20: esbuild compiles it (dependencies stay
// external) into node_modules/.cache and the result is imported. Node 20 cannot
// strip types itself, and a bundle starts faster than a loader hook.
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
const outDir = resolve('node_modules/.cache/run-ts');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, basename(entry).replace(/\.tsx?$/, '.mjs'));
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'error',
});
process.argv = [process.argv[0], resolve(entry), ...args];
await import(pathToFileURL(outfile).href);
