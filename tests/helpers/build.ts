/**
 * Runs the content build against a fixture tree (`tests/fixtures/<scenario>/content/`)
 * copied into a fresh temporary folder, so tests may edit the content and
 * inspect `dist/` without touching the repository.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { buildSite, type BuildSiteOptions, type BuildSiteResult } from '../../build';
import { buildContent, type BuildSession, type ContentBuildResult } from '../../build';
import { BuildError } from '../../node/problems';
import { outputData } from '../../node/output';
import type { ShellAssets } from '../../node/routeHtml';
import { readBuiltManifest } from './manifestFixtures';
import type { Manifest } from '../../manifest/types';
import { parseEntry } from '../../manifest/localSearch';
import { LocalEngine } from '../../src/search/localEngine';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Fixture scenarios below `tests/fixtures/`. */
export type Scenario =
  | 'basic-site'
  | 'broken-link'
  | 'broken-anchor'
  | 'bad-frontmatter'
  | 'bad-config-type'
  | 'bad-config-navbar-doc'
  | 'bad-config-search'
  | 'duplicate-id'
  | 'nested-categories'
  | 'mdx-components'
  | 'mdx-hostile'
  | 'mdx-plain'
  | 'draft'
  | 'docusaurus-site'
  | 'missing-image'
  | 'unknown-directive'
  | 'versioned-site'
  | 'localized-site'
  | 'sidebars-file'
  | 'unlisted';

/** The `content/` folder of a fixture, in the repository. */
function fixtureContent(scenario: Scenario): string {
  return join(ROOT, 'tests', 'fixtures', scenario, 'content');
}

/** A fixture copied into a temporary project folder. */
export interface FixtureProject {
  /** Temporary project root (holds `content/`, the fixture's `public/` if it has one and, after a build, `dist/`). */
  dir: string;
  contentDir: string;
  distDir: string;
  /** Warnings printed by the builds so far, formatted `file:line: message`. */
  warnings: string[];
  /** Runs `buildSite` (content only unless `shell` is given). */
  build(options?: Partial<Omit<BuildSiteOptions, 'root' | 'contentDir' | 'distDir' | 'warn'>>): Promise<BuildSiteResult>;
  /** Runs `buildContent` in memory (no `dist/`). */
  buildContent(options?: { session?: BuildSession; shell?: ShellAssets | null; largeSiteRoutes?: number; changed?: string[] }): Promise<ContentBuildResult>;
  /** Reads a file below `dist/` as text. */
  read(rel: string): string;
  /** Reads and validates `dist/manifest.json`. */
  manifest(): Manifest;
  /** Overwrites (or creates) a file below `content/`. */
  write(rel: string, text: string): void;
  /** Removes the temporary folder. */
  remove(): void;
}

/**
 * The articles of a content build of `contentDir` whose pages go one at a time to this thread or a render worker in
 * turn; the build must not fall back from the worker to this thread.
 */
export async function articlesBuiltInWorkers(contentDir: string): Promise<string[]> {
  const fallbacks: unknown[] = [];
  const built = await buildContent({
    contentDir,
    shell: null,
    parallel: { root: ROOT, threads: 2, minBytes: 0, batch: 1, onFallback: (e) => fallbacks.push(e) },
  });
  expect(fallbacks).toEqual([]);
  return Promise.all([...built.files].filter(([name]) => name.startsWith('blobs/')).map(async ([, data]) => String(await outputData(data))));
}

/** Copies a fixture to a temporary folder. Call `remove()` in `afterEach`/`afterAll`. */
export function useFixture(scenario: Scenario): FixtureProject {
  const dir = mkdtempSync(join(tmpdir(), `abp-docs-${scenario}-`));
  cpSync(fixtureContent(scenario), join(dir, 'content'), { recursive: true });
  // A fixture may have the shell's `public/` folder too (static files pages link to).
  const publicDir = join(fixtureContent(scenario), '..', 'public');
  if (existsSync(publicDir)) cpSync(publicDir, join(dir, 'public'), { recursive: true });
  return projectIn(dir);
}

/** A copy of `project` (its content, public files, dist/ and warnings so far) in a temporary folder of its own. */
function copyProject(project: FixtureProject, scenario: Scenario): FixtureProject {
  const dir = mkdtempSync(join(tmpdir(), `abp-docs-${scenario}-`));
  cpSync(project.dir, dir, { recursive: true, preserveTimestamps: true });
  const copy = projectIn(dir);
  // Warnings name files relative to the project folder, so they read the same in the copy.
  copy.warnings.push(...project.warnings);
  return copy;
}

/** The project whose folder is `dir` (holding `content/`, perhaps `public/` and `dist/`). */
function projectIn(dir: string): FixtureProject {
  const contentDir = join(dir, 'content');
  const distDir = join(dir, 'dist');
  const warnings: string[] = [];
  // Messages name files by absolute path outside the working directory; tests read them from the project folder.
  const local = (text: string) => text.replaceAll(`${dir.split(sep).join('/')}/`, '');
  const localError = (error: unknown) => {
    if (error instanceof BuildError) {
      error.message = local(error.message);
      for (const p of error.problems) Object.assign(p, { file: local(p.file), message: local(p.message) });
    }
    throw error;
  };
  return {
    dir,
    contentDir,
    distDir,
    warnings,
    build: (options = {}) =>
      buildSite({ shell: false, ...options, root: dir, contentDir, distDir, warn: (line) => warnings.push(local(line)) }).catch(localError),
    buildContent: ({ session, shell = null, largeSiteRoutes, changed } = {}) =>
      buildContent({
        contentDir,
        shell,
        session,
        largeSiteRoutes,
        changed,
        publicDir: join(dir, 'public'),
        onWarning: (p) => warnings.push(local(`${p.file}:${p.line}: ${p.message}`)),
      }).catch(localError),
    read: (rel) => readFileSync(join(distDir, rel), 'utf8'),
    manifest: () => readBuiltManifest(distDir),
    write: (rel, text) => writeFileSync(join(contentDir, rel), text),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A fixture copied and built before each test of the file (or once for the file, `once`) and removed
 * after; `take` receives the project and the hashes of the dist/ it built (`hashTree`). The fixture is
 * built once per file either way: without `once`, each test gets its own copy of that build, which it may
 * change as it likes.
 */
export function builtFixture(scenario: Scenario, take: (project: FixtureProject, before: Record<string, string>) => void, { once = false } = {}): void {
  let built: FixtureProject | undefined;
  let before: Record<string, string> = {};
  let project: FixtureProject | undefined;
  beforeAll(async () => {
    built = useFixture(scenario);
    await built.build();
    before = hashTree(built.distDir);
    if (once) take(built, before);
  });
  afterAll(() => built?.remove());
  if (once) return;
  beforeEach(() => {
    project = copyProject(built!, scenario);
    take(project, before);
  });
  afterEach(() => project?.remove());
}

/**
 * Builds `project`, expecting a `BuildError`: checks that its dist/ still holds exactly `before` and
 * that no temporary folder is left beside it, and returns the error.
 */
export async function refusedBuild(project: FixtureProject, before: Record<string, string>): Promise<BuildError> {
  const error = await project.build().then(
    () => {
      throw new Error('expected the build to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildError);
  expect(hashTree(project.distDir)).toEqual(before);
  expect(readdirSync(dirname(project.distDir)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  return error as BuildError;
}

/** Builds a fixture in a temporary folder and returns the thrown error, failing when the build succeeds. */
export async function buildError(scenario: Scenario): Promise<Error> {
  const project = useFixture(scenario);
  try {
    await project.build();
  } catch (error) {
    return error as Error;
  } finally {
    project.remove();
  }
  throw new Error(`Expected the build of fixture \`${scenario}\` to fail, but it succeeded.`);
}

/** Every file below `dir` (POSIX paths relative to it), sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** SHA-256 of every file below `dir`, by relative path. */
export function hashTree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, sha256(readFileSync(join(dir, f)))]));
}

/** Hex SHA-256 of text or bytes. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The pages (`url_without_anchor`, sorted) a built site's local index `entry` finds for `words`, its files read with `read`. */
export async function localSearchUrls(read: (rel: string) => string, entry: string, words: string): Promise<string[]> {
  const engine = new LocalEngine(parseEntry(JSON.parse(read(entry))), async (paths) =>
    paths.map((path) => {
      try {
        return read(path);
      } catch {
        return null;
      }
    }),
  );
  return (await engine.query(`${words} `)).hits.map((hit) => hit.url_without_anchor).sort();
}
