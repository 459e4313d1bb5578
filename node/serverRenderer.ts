/**
 * The server-render bundle the content build renders every route with
 *. A build renders with the bundle of the shell it deploys: the
 * one it just bundled, or, for a content-only build, the one the kept shell
 * brought (`shell.json` names it), never with whatever `src/` holds then, so
 * the HTML always matches the shell that hydrates it. Only a site without a
 * shell (fixture builds, a first content-only build) renders with a bundle of
 * `src/` made for the purpose.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerRenderer } from '../manifest/serverRender';
import { BuildError } from './problems';
import type { ShellRecord } from './shellRecord';
import { buildServerRenderer } from './shell';

/** The bundle of this checkout's `src/`, made once per process. */
let fromSource: Promise<ServerRenderer> | undefined;

/** The checkout this build code belongs to: its `src/` is the shell of a site that has none. */
const OWN_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Loads the renderer of the shell in `dir` (the site being built), or, without a shell, one bundled from this checkout's `src/`. */
export async function loadServerRenderer(options: { dir: string; shell: ShellRecord | null }): Promise<ServerRenderer> {
  const { shell, dir } = options;
  if (shell) {
    if (!shell.server || !existsSync(join(dir, shell.server))) {
      throw new BuildError(
        "Cannot build: the shell in the output folder has no server-render bundle (it was built before pages were rendered with the shell's components). Run `npm run build` once to rebuild the shell.",
      );
    }
    const renderer = (await import(pathToFileURL(join(dir, shell.server)).href)) as ServerRenderer;
    if (!renderer.baseFromSite) {
      throw new BuildError(
        `Cannot build: the shell in the output folder (${shell.server}) was built with its base path fixed in it, so it would not match content/site.config.json's baseUrl. Run \`npm run build\` once to rebuild the shell.`,
      );
    }
    return renderer;
  }
  fromSource ??= (async () => {
    const root = OWN_ROOT;
    const cache = join(root, 'node_modules/.cache/abp-react-docs');
    const partial = join(cache, `ssr-partial-${process.pid}-${Date.now()}`);
    mkdirSync(partial, { recursive: true });
    const { entry } = await buildServerRenderer({ root, outDir: partial });
    // The entry's name carries esbuild's hash of the bundle: one folder per distinct source, however many
    // processes bundle it (every build-test file does), renamed into place so none loads a half-written one.
    const outDir = join(cache, `ssr-${entry.replace(/\.mjs$/, '')}`);
    if (existsSync(outDir)) rmSync(partial, { recursive: true, force: true });
    else {
      try {
        renameSync(partial, outDir);
      } catch {
        // Another process renamed the same bundle into place first.
        rmSync(partial, { recursive: true, force: true });
      }
    }
    return (await import(pathToFileURL(join(outDir, entry)).href)) as ServerRenderer;
  })();
  return fromSource;
}
