/**
 * Reads Docusaurus's sidebars files: `sidebars.{js,cjs,mjs,ts,json}` at the content root (or `docs.sidebarPath`)
 * for the current docs, `versioned_sidebars/version-<name>-sidebars.json` for a version. A JavaScript or TypeScript
 * file is code: it runs in a child Node process with tsx's loader (`sidebarsChild.mjs`), so nothing it does reaches
 * the build's own process, and only its JSON-able export comes back. What the items mean is `sidebars.ts`'s.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { displayPath, type ProblemLog } from './problems';
import { readJsonFile } from './siteConfigFile';

/** The names Docusaurus looks for at a site's root, in its order. */
const SIDEBARS_NAMES = ['sidebars.js', 'sidebars.cjs', 'sidebars.mjs', 'sidebars.ts', 'sidebars.json'];

/** A version's sidebars file, below `content/`. */
export const versionedSidebarsFile = (name: string): string => `versioned_sidebars/version-${name}-sidebars.json`;

/** A sidebars file as read: how messages name it and what it exports (sidebar ids to items, not yet checked). */
export interface SidebarsFile {
  display: string;
  value: unknown;
}

/** How long a sidebars file may run: it is data, so a file that takes longer is stuck. */
const EVALUATE_TIMEOUT_MS = 30_000;

/** The current docs' sidebars file below `content/`, or null when the sidebars are generated from the folders. */
export function currentSidebarsPath(input: SiteConfigInput, listed: ReadonlySet<string>): string | null {
  const configured = input.docs?.sidebarPath;
  if (configured === false) return null;
  if (configured !== undefined) return configured;
  return SIDEBARS_NAMES.find((name) => listed.has(name)) ?? null;
}

/** Reads a sidebars file; null after logging why it cannot be read. */
export function readSidebarsFile(contentDir: string, rel: string, log: ProblemLog): SidebarsFile | null {
  const display = displayPath(contentDir, rel);
  if (!existsSync(join(contentDir, rel))) {
    log.error(display, 1, 'does not exist. Fix `docs.sidebarPath` in `site.config.json`, or set it to false to generate the sidebar from the folders.');
    return null;
  }
  if (rel.endsWith('.json')) {
    const read = readJsonFile(contentDir, rel, log);
    return read && { display, value: read.json };
  }
  if (!/\.(c|m)?(j|t)s$/.test(rel)) {
    log.error(display, 1, 'is no sidebars file: name a `.js`, `.cjs`, `.mjs`, `.ts` or `.json` file in `docs.sidebarPath`.');
    return null;
  }
  const child = fileURLToPath(new URL('./sidebarsChild.mjs', import.meta.url));
  // tsx is resolved from the build's own packages, wherever the content folder is.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  let out: string;
  try {
    out = execFileSync(process.execPath, ['--import', tsx, child, join(contentDir, rel)], {
      cwd: contentDir,
      encoding: 'utf8',
      timeout: EVALUATE_TIMEOUT_MS,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    // Node prints the thrown error's name and message on a line of its own, after the line of code that threw it.
    const reason = /^(?:[A-Z]\w*)?Error\b.*$/m.exec(stderr)?.[0] ?? (error as Error).message.split('\n')[0];
    log.error(display, 1, `cannot be evaluated: ${reason?.trim()}. Fix the file so that \`node\` can run it, or set \`docs.sidebarPath\` to a JSON file.`);
    return null;
  }
  const { value, missing } = JSON.parse(out) as { value: unknown; missing: string[] };
  for (const name of missing)
    log.warn(display, 1, `imports \`${name}\`, which is not installed here: it stands in as an empty module. Install it if the sidebars need its values.`);
  return { display, value };
}
