/**
 * The server-render bundle the content build renders every route with
 * (issue 14). A build renders with the bundle of the shell it deploys: the
 * one it just bundled, or, for a content-only build, the one the kept shell
 * brought (`shell.json` names it), never with whatever `src/` holds then, so
 * the HTML always matches the shell that hydrates it. Only a site without a
 * shell (fixture builds, a first content-only build) renders with a bundle of
 * `src/` made for the purpose.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerRenderer } from '../../manifest/serverRender';
import { BuildError } from './errors';
import type { ShellRecord } from './output';
import { buildServerRenderer } from './shell';

const fromSource = new Map<string, Promise<ServerRenderer>>();

/** The checkout this build code belongs to: its `src/` is the shell of a site that has none. */
const OWN_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Loads the renderer of the shell in `dir` (the site being built), or, without a shell, one bundled from this checkout's `src/`. */
export async function loadServerRenderer(options: { dir: string; shell: ShellRecord | null }): Promise<ServerRenderer> {
  const { shell, dir } = options;
  const root = OWN_ROOT;
  if (shell) {
    if (!shell.server || !existsSync(join(dir, shell.server))) {
      throw new BuildError('Cannot build: the shell in the output folder has no server-render bundle (it was built before pages were rendered with the shell\'s components). Run `npm run build` once to rebuild the shell.');
    }
    return (await import(pathToFileURL(join(dir, shell.server)).href)) as ServerRenderer;
  }
  let renderer = fromSource.get(root);
  if (!renderer) {
    renderer = (async () => {
      const outDir = join(root, 'node_modules/.cache/abp-react-docs', `ssr-${process.pid}-${Date.now()}`);
      mkdirSync(outDir, { recursive: true });
      const { entry } = await buildServerRenderer({ root, outDir });
      return (await import(pathToFileURL(join(outDir, entry)).href)) as ServerRenderer;
    })();
    fromSource.set(root, renderer);
  }
  return renderer;
}
