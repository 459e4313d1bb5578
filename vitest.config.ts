import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          fileParallelism: false,
        },
      },
    ],
  },
});
