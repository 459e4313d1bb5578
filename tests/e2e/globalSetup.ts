/**
 * Builds the site once (shell and content) into a private folder, serves it on
 * 127.0.0.1 under /abp-react/, and hands the URL to the browser tests.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../build';
import { startServer } from '../../scripts/serve';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject) {
  const root = resolve(__dirname, '../..');
  const work = join(root, 'node_modules/.cache/e2e');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const distDir = join(work, 'dist');
  // As `npm run build` builds it: the deployable site, its search index named by its hash.
  await buildSite({ root, contentDir: join(root, 'content'), distDir, shell: true, warn: () => {} });
  const server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1', gzip: true, base: '/abp-react/' });
  project.provide('baseUrl', server.url);
  project.provide('distDir', distDir);
  return async () => {
    await server.close();
  };
}
