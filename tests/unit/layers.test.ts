/**
 * Layers point one way, routes → components → markdown → hooks →
 * data → manifest, with generic helpers in src/lib below them all, and no import
 * cycle, counting `import()` too. Imports are read with TypeScript's own
 * pre-processor, so dynamic imports and re-exports are seen.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build';

/** Every module of the shell (src/), of the build (node/) and of the contract between them (manifest/). */
function modules(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'manifest'));
  walk(join(ROOT, 'node'));
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const graph = new Map<string, string[]>();
for (const file of modules()) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  graph.set(
    file,
    importedFiles.flatMap((i) => resolveImport(file, i.fileName) ?? []),
  );
}
const name = (file: string) => relative(ROOT, file).split(sep).join('/');

/** The layer of a module: its folder below src/; `src/config.ts` (the base path, by the meta `manifest/` names) is above `manifest/` only; the entry files above all. */
function layer(file: string): string {
  const rel = name(file);
  if (rel.startsWith('manifest/')) return 'manifest';
  if (rel.startsWith('node/')) return 'node';
  if (rel === 'src/config.ts') return 'config';
  const folder = rel.split('/')[1]!;
  return folder.includes('.') ? 'entry' : folder;
}

/** What each layer may import, besides itself. */
const ALLOWED: Record<string, string[]> = {
  // The build runs in Node and reads the shell only through the contract (and bundles it by path).
  node: ['manifest'],
  manifest: [],
  lib: [],
  config: ['manifest'],
  data: ['manifest', 'lib', 'sw', 'config'],
  sw: ['manifest', 'lib'],
  search: ['manifest', 'lib', 'data', 'config', 'hooks'],
  hooks: ['manifest', 'lib', 'data', 'config'],
  markdown: ['manifest', 'lib', 'data', 'hooks', 'config'],
  components: ['manifest', 'lib', 'data', 'hooks', 'markdown', 'search', 'config'],
  routes: ['manifest', 'lib', 'data', 'hooks', 'markdown', 'components', 'search', 'config'],
};

describe('shell layers', () => {
  it('has no import cycle, dynamic imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === 'open') cycles.push(stack.slice(stack.indexOf(target)).map(name).join(' -> '));
        else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('points one way: routes → components → markdown → hooks → data → manifest, lib below all', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layer(file);
      if (from === 'entry') continue;
      for (const target of targets) {
        const to = layer(target);
        const ok = to === from || (to === 'config' && from !== 'manifest' && from !== 'lib') || (ALLOWED[from] ?? []).includes(to);
        if (!ok) wrong.push(`${name(file)} (${from}) imports ${name(target)} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
