/**
 * For browser tests that rebuild the site: a copy of `content/` in a temporary
 * folder, built by the file's own builds and served on a port of its own
 * (instead of the shared e2e build), with every request the server receives
 * recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildSite, BuildSession, type BuildSiteOptions, type BuildSiteResult } from '../../build';
import { parseManifest } from '../../manifest/parse';
import { ShellCache } from '../../node/shellCache';
import type { ManifestRoot } from '../../manifest/types';
import { startServer, type RunningServer } from '../../scripts/serve';
import { E2E_SHELL } from './globalSetup';

/** The project root. */
export const ROOT = resolve(__dirname, '../..');

export interface SiteCopy {
  /** The temporary folder that holds `content/` and `dist/`, removed after the file's tests. */
  readonly folder: string;
  readonly contentDir: string;
  readonly distDir: string;
  /** Every request the server received (path and query), in order. */
  readonly requests: string[];
  /** Absolute URL of a path below the base. */
  url(path?: string): string;
  /** Builds the copy's content into its `dist/`, with the shell too when `shell`, from the project at `root`. */
  build(shell: boolean, root?: string): Promise<BuildSiteResult>;
  /** The root `manifest.json` built, which names every shard. */
  readRoot(): ManifestRoot;
}

/**
 * Sets up the file's copy: before its tests, copies `content/`, lets `prepare` change the copy, builds it with the
 * shell and serves it; afterwards removes it all. `handle` may answer a request itself (true) before the files do.
 */
export function useSiteCopy(options: {
  prefix: string;
  build?: Pick<BuildSiteOptions, 'largeSiteRoutes'>;
  prepare?: (contentDir: string) => void;
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Milliseconds the copy's build and server may take to start (120 s). */
  setupMs?: number;
}): SiteCopy {
  let work = '';
  let server: RunningServer | undefined;
  const requests: string[] = [];
  // Keeps the renderings from one build to the next, as the CLI's cache on disk does, and takes the shell the
  // global setup bundled when this build's is made from the same files.
  const session = new BuildSession({ keeps: false, shell: new ShellCache(inject('shellCacheDir'), E2E_SHELL) });
  const site: SiteCopy = {
    get folder() {
      return work;
    },
    get contentDir() {
      return join(work, 'content');
    },
    get distDir() {
      return join(work, 'dist');
    },
    requests,
    url: (path = '') => server!.url + path.replace(/^\//, ''),
    build: (shell, root = ROOT) => buildSite({ root, contentDir: site.contentDir, distDir: site.distDir, shell, session, warn: () => {}, ...options.build }),
    readRoot: () => parseManifest(JSON.parse(readFileSync(join(site.distDir, '_app/manifest.json'), 'utf8'))),
  };
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), options.prefix));
    cpSync(join(ROOT, 'content'), site.contentDir, { recursive: true });
    options.prepare?.(site.contentDir);
    await site.build(true);
    server = await startServer({
      dir: site.distDir,
      port: 0,
      host: '127.0.0.1',
      handle: (req, res) => {
        requests.push(req.url ?? '');
        return options.handle?.(req, res) ?? false;
      },
    });
  }, options.setupMs ?? 120_000);
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  return site;
}

/**
 * A content folder other than `content/`, made by `write` in a temporary folder and built content-only beside a
 * copy of the shared e2e build (the one shell serves it), served at the base its configuration names.
 */
export function useContentBesideShell(prefix: string, write: (contentDir: string) => unknown): { at(path: string): string; origin(): string } {
  let work = '';
  let server: RunningServer | undefined;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), prefix));
    const contentDir = join(work, 'content');
    await write(contentDir);
    const distDir = join(work, 'dist');
    cpSync(inject('distDir'), distDir, { recursive: true });
    await buildSite({ root: ROOT, contentDir, distDir, shell: false, warn: () => {} });
    server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  return { at: (path) => new URL(path, server!.url).href, origin: () => server!.url };
}
