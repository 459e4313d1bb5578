/**
 * Builds the site once (shell and content) into a private folder, serves it on
 * 127.0.0.1 under /abp-react/, launches the one Chromium every test file connects to,
 * and hands both addresses to the browser tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildSite, BuildSession } from '../../build';
import { ShellCache } from '../../node/shellCache';
import { startServer } from '../../scripts/serve';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
    browserEndpoint: string;
    shellCacheDir: string;
  }
}

/** The version of the run's kept shell: the folder is made afresh by every run, so one name serves. */
export const E2E_SHELL = 'e2e';

export default async function setup(project: TestProject) {
  const root = resolve(__dirname, '../..');
  const work = mkdtempSync(join(tmpdir(), 'abp-docs-e2e-'));
  const distDir = join(work, 'dist');
  // The shell this build bundles, which the files that build a copy of the site take while src/ and public/ are unchanged.
  const shellCacheDir = join(work, 'shell');
  const session = new BuildSession({ keeps: false, shell: new ShellCache(shellCacheDir, E2E_SHELL) });
  // The site's own docs build without a warning: one there is a page a reader sees with something left out.
  const warnings: string[] = [];
  // As `npm run build` builds it: the deployable site, its search index named by its hash.
  // The browser starts while the site builds; a test file connects in a fraction of the time a launch takes.
  const launching = chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, host: '127.0.0.1' });
  const browser = await Promise.all([
    launching,
    buildSite({ root, contentDir: join(root, 'content'), distDir, shell: true, session, warn: (line) => warnings.push(line) }),
  ]).then(
    ([launched]) => launched,
    async (error: unknown) => {
      await (await launching.catch(() => null))?.close();
      throw error;
    },
  );
  if (warnings.length > 0) {
    await browser.close();
    throw new Error(`The site's content builds with warnings; fix them in content/:\n${warnings.join('\n')}`);
  }
  const server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1', gzip: true });
  project.provide('baseUrl', server.url);
  project.provide('distDir', distDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('shellCacheDir', shellCacheDir);
  return async () => {
    await server.close();
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  };
}
