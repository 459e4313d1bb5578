import { mkdirSync, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The tests' builds write, copy and remove many thousands of small files, and a virtual disk spends more time on that
 * metadata than the builds spend rendering: their temporary folders go to a RAM-backed folder when the machine has one
 * with room to spare. A `TMPDIR` set by the caller is kept.
 */
function ramTmpdir(): string | undefined {
  const ram = '/dev/shm';
  try {
    const { bavail, bsize } = statfsSync(ram);
    if (bavail * bsize < 4 * 1024 ** 3) return undefined;
    const dir = join(ram, 'abp-docs-tests');
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}
const tmp = process.env.TMPDIR || ramTmpdir();
if (tmp) process.env.TMPDIR = tmp;

// Three projects: pure unit tests, build tests against fixture trees, and browser
// tests against the built site in Debian's Chromium (tests/e2e/globalSetup.ts builds once).
export default defineConfig({
  test: {
    // Unit and build files run side by side, one per core. Vitest's default leaves a core to its main process, which
    // on two cores runs them one at a time while much of each file's time is spent waiting on child processes and disk.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The command-line tests among them start a Node process per case, which a busy machine can take seconds to start.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'build',
          include: ['tests/node/**/*.test.ts', 'tests/content/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page that reacts within a frame on a quiet machine can take seconds while other files' browsers hold
          // both cores: a poll waits as long as a busy machine needs, and still fails on a page that never gets there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
