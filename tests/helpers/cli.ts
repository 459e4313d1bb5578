/** Runs a script of the project as `tsx` runs it from package.json, for tests of its command line. */
import { spawnSync } from 'node:child_process';
import { ROOT } from './build';

/** Runs `file` (from the project root) with `args`; its exit code and output. */
export function runScript(file: string, args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return { status, stdout, stderr };
}
