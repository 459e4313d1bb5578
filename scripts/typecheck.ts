/**
 * `npm run typecheck`: the three programs (the shell, the build with its tests, the browser-side tests) checked
 * side by side, each in a `tsc` of its own, since one `tsc` uses one core. Each is incremental (`tsBuildInfoFile` in its
 * tsconfig, below `node_modules/.cache/tsc/`), so a second run checks only what changed since the first. Each one's
 * output is printed whole once it ends, and the run fails when any of them does.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const PROJECTS = ['tsconfig.json', 'tsconfig.build.json', 'tsconfig.test.json'];

/** Runs `tsc -p project`; its exit code and everything it printed. */
function check(project: string): Promise<{ project: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (error) => resolve({ project, code: 1, output: `${error.message}\n` }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
for (const { project, code, output } of results) {
  if (output) process.stdout.write(output);
  if (code !== 0) console.error(`[typecheck] tsc -p ${project} failed (exit code ${code})`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
