/**
 * The build code keeps nothing at module level: what a build keeps for the next lives in the session it is
 * given (`node/session.ts`). Module-level bindings are read with TypeScript's parser: a `let`, or a
 * `const` holding a new, empty Map, Set, WeakMap or cache (a container a build would add to), counts. Tables
 * of constants (`new Set([...])`, literals) do not; the process resources and lazily made singletons that hold
 * no build's data are named below, with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build';

/** Module-level state the build code may hold, by file and name, with the reason. */
const ALLOWED: Record<string, string> = {
  // A process's resources, not a build's data: the temporary folders its builds are writing, for a signal to remove.
  'node/output.ts activeTemps': 'temporary folders being written, removed on SIGINT/SIGTERM',
  // Lazily made once per process; they hold no build's data.
  'node/renderPool.ts rendererPromise': 'the markdown renderer, loaded once',
  'node/serverRenderer.ts fromSource': 'the shell bundled from source, once',
  // A worker thread's module is its life: made from the data one build's pool starts it with, gone with that pool.
  'node/renderWorker.ts links': "the answers to the build's links, from the link context the worker starts with",
  'node/documentWorker.ts held': "the shards the worker holds, as the build's thread counts them (`shardWindow`)",
};

/**
 * An object made at load that may gather data: `new X(...)` of anything but a literal table (`new Set(['a'])` is a
 * constant), also when made only if a value is there (`data && new X(data)`), and a cache from a factory
 * (`shardCache(16)`).
 */
const CONTAINERS = /^(\w+ && )?(new [A-Z]\w*(<[^(]*>)?\((?![[{'"`\d])|\w*[cC]ache(<[^(]*>)?\()/;

function moduleState(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isLet = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer?.getText(source) ?? '';
      if (isLet || CONTAINERS.test(init)) found.push(d.name.getText(source));
    }
  }
  return found;
}

const buildFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? buildFiles(join(dir, e.name)) : /\.ts$/.test(e.name) ? [join(dir, e.name)] : []));

describe('build code', () => {
  it('holds no module-level mutable state besides the named process resources and singletons', () => {
    const found = [...buildFiles(join(ROOT, 'node')), join(ROOT, 'build.ts')].flatMap((file) =>
      moduleState(file).map((name) => `${file.slice(ROOT.length + 1)} ${name}`),
    );
    expect(found.filter((binding) => !Object.hasOwn(ALLOWED, binding))).toEqual([]);
    // The list names only bindings there are.
    expect(Object.keys(ALLOWED).filter((binding) => !found.includes(binding))).toEqual([]);
  });
});
