/**
 * The build's oracle: a seeded sequence of author edits applied to a copy of a content tree, each built
 * the way `npm run dev` builds it (one session for the whole run, the watcher's list of changed paths,
 * `dist/` updated in place, route HTML and the local index made on request), the way a deploy builds it
 * (a fresh folder, the route documents the deploys before kept on disk: `RouteStore`), and by a one-off
 * build of the same tree into a fresh folder. After every edit each output file of the three must be the
 * same bytes, in both deploy modes (articles in blobs, articles in the route HTML), or all must fail alike.
 *
 * `npm run fuzz:build -- --steps 500 --seed 7` runs it from the command line; `tests/unit/scripts/fuzzBuild.test.ts`
 * runs a few dozen steps of it in `npm test`.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import matter from 'gray-matter';
import { prng } from '../bench/generate';
import type { ManifestRoot } from '../manifest/types';
import { ROOT_MANIFEST } from '../manifest/constants';
import { buildSite, type BuildSiteResult } from '../build';
import { BuildError } from '../node/problems';
import { DeferredDocuments } from './devDocuments';
import { outputData, searchRecordsFile, SHELL_RECORD, type FileTable } from '../node/output';
import type { ShellRecord } from '../node/shellRecord';
import { RouteStore } from '../node/routeStore';
import { BuildSession } from '../node/session';
import { VERSIONS_FILE } from '../node/versions';
import { snapshotVersion } from './docsVersion';

/** A shell record and server bundle standing in for the real shell: the bundle's markup names everything it was given. */
const SHELL: ShellRecord = {
  js: 'assets/main-AAAA1111.js',
  css: 'assets/main-BBBB2222.css',
  files: ['assets/main-AAAA1111.js', 'assets/main-BBBB2222.css', 'ssr/render-DDDD4444.js'],
  server: 'ssr/render-DDDD4444.js',
  hash: 'deadbeefdeadbeef',
};
/** Renders a digest of all it was given: a route document's key (`routeHtml.ts`) missing an input shows as a difference. */
const SERVER_BUNDLE = `import { createHash } from 'node:crypto';
export const baseFromSite = true;
export const renderRoute = async ({ root, path, shards, article }) => {
  const seen = JSON.stringify({ root, path, article: article ?? null, shards: Object.keys(shards).sort().map((name) => [name, shards[name]]) });
  return '<main id="main"><h1>' + path.replace(/[<&]/g, '') + '</h1><p>' + createHash('sha256').update(seen).digest('hex') + '</p></main>';
};
`;

/** Writes the stand-in shell into an empty `distDir`. */
export function placeShell(distDir: string): void {
  for (const file of SHELL.files) {
    mkdirSync(dirname(join(distDir, file)), { recursive: true });
    writeFileSync(join(distDir, file), file === SHELL.server ? SERVER_BUNDLE : `/* ${file} */`);
  }
  writeFileSync(join(distDir, SHELL_RECORD), JSON.stringify(SHELL, null, 2));
}

/** Every file below `dir` (POSIX paths relative to it). */
function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name), base) : [relative(base, join(dir, e.name)).split(sep).join('/')],
  );
}

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** An image the build can measure, of a size that changes with `n`. */
const picture = (n: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${10 + (n % 50)}" height="10"></svg>\n`;

const WORDS = [
  'tenant',
  'session',
  'deploy',
  'permission',
  'redis',
  'cookie',
  'theme',
  'upgrade',
  'layout',
  'client',
  'token',
  'cache',
  'route',
  'module',
  'setting',
];

/** One author edit: what it did, and the paths below `content/` it wrote, added or removed (as a watcher names them). */
export interface Edit {
  what: string;
  changed: string[];
}

/** The author: random edits of a content tree, from a seed. */
export class Author {
  private readonly random: () => number;
  private made = 0;

  constructor(
    private readonly contentDir: string,
    private readonly publicDir: string,
    seed: number,
  ) {
    this.random = prng(seed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private words(n: number): string {
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }

  /** Markdown docs below `docs/`. */
  private docs(): string[] {
    return listFiles(join(this.contentDir, 'docs'))
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => `docs/${f}`);
  }

  private folders(): string[] {
    const all = new Set(['docs']);
    for (const doc of this.docs()) all.add(dirname(doc));
    return [...all].sort();
  }

  private read(rel: string): matter.GrayMatterFile<string> {
    // gray-matter keeps a cache by text; a copy of the data, so that editing one file never edits another.
    const parsed = matter(readFileSync(join(this.contentDir, rel), 'utf8'));
    return { ...parsed, data: { ...parsed.data } };
  }

  private write(rel: string, body: string, data: Record<string, unknown>): void {
    mkdirSync(dirname(join(this.contentDir, rel)), { recursive: true });
    writeFileSync(join(this.contentDir, rel), Object.keys(data).length ? matter.stringify(body, data) : body);
  }

  /** A markdown link from `from` to `to` (both below `content/`), relative as authors write them. */
  private linkTo(from: string, to: string): string {
    const path = relative(dirname(from), to).split(sep).join('/');
    return path.startsWith('.') ? path : `./${path}`;
  }

  /** Applies one random edit. */
  edit(): Edit {
    const docs = this.docs();
    const kinds = ['body', 'body', 'title', 'slug', 'position', 'new', 'new', 'remove', 'rename', 'folder', 'category', 'config', 'public', 'image'] as const;
    // A tree with versions also gets new ones, snapshots of its current docs (`npm run docs:version`).
    const versioned = existsSync(join(this.contentDir, VERSIONS_FILE));
    const kind = docs.length < 3 ? 'new' : this.pick(versioned ? [...kinds, 'version' as const] : kinds);
    const doc = docs.length ? this.pick(docs) : 'docs/intro.md';
    switch (kind) {
      case 'body': {
        const page = this.read(doc);
        const extra: string[] = [`${this.words(6)}.`];
        if (this.random() < 0.4) extra.push(`## ${this.words(2)}`, this.words(8));
        const other = this.pick(docs);
        if (this.random() < 0.4 && other !== doc) extra.push(`See [${this.words(1)}](${this.linkTo(doc, other)}).`);
        if (this.random() < 0.2) extra.push('```ts\nconst value = useSession();\n```');
        this.write(doc, `${page.content.trimEnd()}\n\n${extra.join('\n\n')}\n`, page.data);
        return { what: `body of ${doc}`, changed: [doc] };
      }
      case 'title': {
        const page = this.read(doc);
        page.data.title = `${this.words(2)} ${++this.made}`;
        this.write(doc, page.content, page.data);
        return { what: `title of ${doc}`, changed: [doc] };
      }
      case 'slug': {
        const page = this.read(doc);
        if (page.data.slug === undefined) page.data.slug = `/moved-${++this.made}`;
        else delete page.data.slug;
        this.write(doc, page.content, page.data);
        return { what: `slug of ${doc}`, changed: [doc] };
      }
      case 'position': {
        const page = this.read(doc);
        page.data.sidebar_position = Math.floor(this.random() * 8);
        this.write(doc, page.content, page.data);
        return { what: `position of ${doc}`, changed: [doc] };
      }
      case 'new': {
        const rel = `${this.pick(this.folders())}/page-${++this.made}.md`;
        const other = docs.length ? this.pick(docs) : null;
        const link = other && this.random() < 0.5 ? `\n\nRead [${this.words(1)}](${this.linkTo(rel, other)}).` : '';
        this.write(rel, `${this.words(10)}.${link}\n\n## ${this.words(2)}\n\n${this.words(12)}.\n`, { title: `New ${this.words(1)} ${this.made}` });
        return { what: `new ${rel}`, changed: [rel] };
      }
      case 'remove':
        rmSync(join(this.contentDir, doc));
        return { what: `removed ${doc}`, changed: [doc] };
      case 'rename': {
        const to = `${this.pick(this.folders())}/renamed-${++this.made}.md`;
        renameSync(join(this.contentDir, doc), join(this.contentDir, to));
        return { what: `renamed ${doc} to ${to}`, changed: [doc, to] };
      }
      case 'folder': {
        const folders = this.folders().filter((f) => f !== 'docs');
        const choice = this.random();
        if (folders.length && choice < 0.35) {
          const from = this.pick(folders);
          const to = `docs/folder-${++this.made}`;
          if (to.startsWith(`${from}/`)) return { what: 'nothing', changed: [] };
          const moved = listFiles(join(this.contentDir, from)).map((f) => `${from}/${f}`);
          renameSync(join(this.contentDir, from), join(this.contentDir, to));
          return { what: `renamed folder ${from} to ${to}`, changed: [from, to, ...moved, ...moved.map((f) => to + f.slice(from.length))] };
        }
        if (folders.length && choice < 0.5) {
          const gone = this.pick(folders);
          const files = listFiles(join(this.contentDir, gone)).map((f) => `${gone}/${f}`);
          rmSync(join(this.contentDir, gone), { recursive: true });
          return { what: `removed folder ${gone}`, changed: [gone, ...files] };
        }
        const folder = `${this.pick(this.folders())}/section-${++this.made}`;
        mkdirSync(join(this.contentDir, folder), { recursive: true });
        writeFileSync(
          join(this.contentDir, folder, '_category_.json'),
          JSON.stringify({ label: `Section ${this.words(1)}`, position: Math.floor(this.random() * 6) }),
        );
        this.write(`${folder}/first.md`, `${this.words(9)}.\n`, { title: `First ${this.made}` });
        return { what: `new folder ${folder}`, changed: [folder, `${folder}/_category_.json`, `${folder}/first.md`] };
      }
      case 'category': {
        const folder = this.pick(
          this.folders()
            .filter((f) => f !== 'docs')
            .concat(['docs/guides']),
        );
        if (!existsSync(join(this.contentDir, folder))) return { what: 'nothing', changed: [] };
        const rel = `${folder}/_category_.json`;
        const category =
          this.random() < 0.5
            ? { label: `Label ${this.words(1)} ${++this.made}`, position: Math.floor(this.random() * 6) }
            : { position: Math.floor(this.random() * 6), collapsed: this.random() < 0.5 };
        writeFileSync(join(this.contentDir, rel), JSON.stringify(category, null, 2));
        return { what: `category ${rel}`, changed: [rel] };
      }
      case 'config': {
        const file = join(this.contentDir, 'site.config.json');
        const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { docs?: Record<string, unknown> };
        const field = this.pick(['title', 'tagline', 'versionLabel', 'editUrl'] as const);
        const value = `${this.words(2)} ${++this.made}`;
        if (field === 'versionLabel') config.docs = { ...config.docs, versionLabel: value };
        else if (field === 'editUrl') config.editUrl = `https://example.com/edit-${this.made}/`;
        else config[field] = value;
        writeFileSync(file, JSON.stringify(config, null, 2));
        return { what: `site.config.json ${field}`, changed: ['site.config.json'] };
      }
      case 'public': {
        const name = `img/public-${Math.floor(this.random() * 3)}.svg`;
        mkdirSync(join(this.publicDir, 'img'), { recursive: true });
        writeFileSync(join(this.publicDir, name), picture(++this.made));
        const page = this.read(doc);
        if (this.random() < 0.5) this.write(doc, `${page.content.trimEnd()}\n\n![shown](/${name})\n`, page.data);
        return { what: `public/${name} (linked from ${doc})`, changed: [doc] };
      }
      case 'version': {
        const names = JSON.parse(readFileSync(join(this.contentDir, VERSIONS_FILE), 'utf8')) as string[];
        // A few: each one builds every doc again.
        if (names.length >= 4) return { what: 'nothing', changed: [] };
        const name = `${++this.made}.0`;
        snapshotVersion(this.contentDir, name);
        return { what: `version ${name}`, changed: [`versioned_docs/version-${name}`, `versioned_sidebars/version-${name}-sidebars.json`, VERSIONS_FILE] };
      }
      case 'image': {
        const rel = `${dirname(doc)}/picture-${Math.floor(this.random() * 2)}.svg`;
        writeFileSync(join(this.contentDir, rel), picture(++this.made));
        const page = this.read(doc);
        if (this.random() < 0.6) this.write(doc, `${page.content.trimEnd()}\n\n![picture](${this.linkTo(doc, rel)})\n`, page.data);
        return { what: `image ${rel} (linked from ${doc})`, changed: [rel, doc] };
      }
    }
  }
}

/** Every file a build produced, by path, as bytes' digests: what is on disk, what it makes on request, and its DocSearch records. */
type Output = Map<string, string>;

async function materialise(files: FileTable, into: Output, distDir: string): Promise<void> {
  for (const rel of files.keys()) {
    const made = await outputData(files.get(rel)!);
    if (typeof made === 'object' && 'linkTo' in made) {
      const target = files.get(made.linkTo);
      into.set(rel, target ? digest((await outputData(target)) as string | Buffer) : digest(readFileSync(join(distDir, made.linkTo))));
    } else into.set(rel, digest(made));
  }
}

function diskOutput(distDir: string): Output {
  return new Map(listFiles(distDir).map((rel) => [rel, digest(readFileSync(join(distDir, rel)))]));
}

/**
 * Where a dev build's output differs from a one-off build's by design, named here and only here:
 * - the root manifest names the local index `search/entry-<key>.json` (made on request, named by its inputs; a versioned
 *   site's one per version) and does not count that index's bytes in `totals.bytes` (nor in `totals.versions`); its
 *   `contentHash` covers that name;
 * - `dist/` keeps the blobs and search files of the build before, for tabs still reading that one;
 * - the local index's entry is there under both names once made.
 */
function normaliseDev(
  dev: Output,
  devRoot: ManifestRoot,
  oneOff: Output,
  root: ManifestRoot,
  bytesOf: (entry: string) => number,
): { dev: Output; devRoot: ManifestRoot } {
  const out = new Map(dev);
  for (const rel of dev.keys()) if ((rel.startsWith('blobs/') || rel.startsWith('search/')) && !oneOff.has(rel)) out.delete(rel);
  // A versioned site has an index per version, each counted in the site's totals and in its version's.
  const { entries } = root.search;
  const entryBytes = (entries ? Object.values(entries) : [root.search.entry]).reduce((sum, entry) => sum + bytesOf(entry), 0);
  const versions = devRoot.totals.versions;
  const normalRoot = {
    ...devRoot,
    search: { ...devRoot.search, entry: root.search.entry, ...(entries ? { entries } : {}) },
    totals: {
      ...devRoot.totals,
      bytes: devRoot.totals.bytes + entryBytes,
      ...(versions && entries
        ? { versions: Object.fromEntries(Object.entries(versions).map(([name, t]) => [name, { ...t, bytes: t.bytes + bytesOf(entries[name]!) }])) }
        : {}),
    },
    contentHash: root.contentHash,
  };
  out.set(ROOT_MANIFEST, digest(JSON.stringify(normalRoot)));
  return { dev: out, devRoot: normalRoot };
}

/** What went wrong at a step. */
export class OracleMismatch extends Error {}

export interface OracleOptions {
  /** The content tree copied and edited (default: this site's `content/`). */
  content: string;
  /** The `public/` folder copied beside it, if any. */
  publicDir?: string;
  seed: number;
  steps: number;
  /** Told of each step. */
  log?: (line: string) => void;
}

/** Runs the oracle; throws `OracleMismatch` at the first step where the dev build and the one-off build differ. */
export async function runOracle(options: OracleOptions): Promise<{ steps: number; failedBuilds: number; keptDocuments: number }> {
  const work = mkdtempSync(join(tmpdir(), 'abp-docs-oracle-'));
  try {
    const contentDir = join(work, 'content');
    const publicDir = join(work, 'public');
    cpSync(options.content, contentDir, { recursive: true });
    if (options.publicDir && existsSync(options.publicDir)) cpSync(options.publicDir, publicDir, { recursive: true });
    else mkdirSync(publicDir);
    // Files dated alike, as a fresh checkout's: `lastModified` comes from them.
    const old = new Date('2024-01-02T03:04:05Z');
    for (const rel of listFiles(contentDir)) utimesSync(join(contentDir, rel), old, old);
    const author = new Author(contentDir, publicDir, options.seed);
    // One dev server per deploy mode, each with its session and what it writes on request, and one store of route documents for its deploys.
    const modes = [
      { name: 'blobs', largeSiteRoutes: undefined, distDir: join(work, 'dev-blobs'), session: new BuildSession({ check: true }) },
      { name: 'routes', largeSiteRoutes: 0, distDir: join(work, 'dev-routes'), session: new BuildSession({ check: true }) },
    ].map((mode) => ({ ...mode, routes: join(work, `routes-${mode.name}`), server: new DeferredDocuments(mode.distDir) }));
    for (const mode of modes) {
      mkdirSync(mode.distDir);
      placeShell(mode.distDir);
    }
    let failedBuilds = 0;
    // Route documents the deploys linked from their store rather than rendered.
    let keptDocuments = 0;
    // The first build looks at every file, as `npm run dev`'s does; after a failed one, the next does too.
    let changed: string[] | undefined;
    const snapshot = { content: join(work, 'snapshot-content'), public: join(work, 'snapshot-public') };
    for (let step = 0; step <= options.steps; step++) {
      // The tree before the edit: an author fixes an edit that breaks the build by taking it back.
      for (const [from, to] of [
        [contentDir, snapshot.content],
        [publicDir, snapshot.public],
      ] as const) {
        rmSync(to, { recursive: true, force: true });
        cpSync(from, to, { recursive: true, preserveTimestamps: true });
      }
      const edit = step === 0 ? { what: 'first build', changed: [] } : author.edit();
      if (changed) changed.push(...edit.changed);
      options.log?.(`step ${step}: ${edit.what}`);
      let anyFailed = false;
      for (const mode of modes) {
        const oneOffDist = join(work, `once-${mode.name}`);
        rmSync(oneOffDist, { recursive: true, force: true });
        rmSync(searchRecordsFile(oneOffDist), { force: true });
        mkdirSync(oneOffDist);
        placeShell(oneOffDist);
        const common = { root: work, contentDir, shell: false, largeSiteRoutes: mode.largeSiteRoutes, warn: () => {} } as const;
        // One after the other: two builds at once would each take twice as long on a small machine.
        mode.server.begin();
        const [dev] = await Promise.allSettled([
          buildSite({
            ...common,
            distDir: mode.distDir,
            devServer: true,
            session: mode.session,
            changed: changed && [...changed],
            madeOnRequest: mode.server.madeSince(),
          }),
        ]);
        if (dev.status === 'fulfilled') mode.server.end(dev.value.documents, dev.value.deferredSearch);
        else mode.server.end();
        const [once] = await Promise.allSettled([buildSite({ ...common, distDir: oneOffDist })]);
        const where = `seed ${options.seed}, step ${step} (${edit.what}), ${mode.name} mode`;
        // A deploy: a fresh folder and a process of its own (its own store object), the store's folder kept.
        const deployDist = join(work, `deploy-${mode.name}`);
        const deployOnce = async () => {
          rmSync(deployDist, { recursive: true, force: true });
          mkdirSync(deployDist);
          placeShell(deployDist);
          const store = new RouteStore(mode.routes, 'oracle');
          const [built] = await Promise.allSettled([buildSite({ ...common, distDir: deployDist, session: new BuildSession({ keeps: false, routes: store }) })]);
          if (built.status === 'fulfilled') store.prune();
          keptDocuments += store.counts.found;
          return built;
        };
        let deploy = await deployOnce();
        // A small site's routes share a page shard, which most edits change: the deploy again, of the same tree, keeps every document.
        if (deploy.status === 'fulfilled') {
          compareDeploy(`${where}, first deploy`, deployDist, oneOffDist);
          deploy = await deployOnce();
        }
        const reason = (r: PromiseSettledResult<BuildSiteResult>) =>
          r.status === 'rejected'
            ? r.reason instanceof BuildError
              ? r.reason.message.replaceAll(work, '')
              : String((r.reason as Error)?.stack ?? r.reason)
            : 'built';
        for (const [name, other] of [
          ['dev', dev],
          ['deploy', deploy],
        ] as const) {
          if (reason(other) !== reason(once))
            throw new OracleMismatch(
              `${where}: the ${name} build ${other.status === 'rejected' ? 'failed' : 'built'} and the one-off build ${once.status === 'rejected' ? 'failed' : 'built'}:\n${name}: ${reason(other)}\none-off: ${reason(once)}`,
            );
        }
        if (dev.status === 'rejected' || once.status === 'rejected' || deploy.status === 'rejected') {
          anyFailed = true;
          options.log?.(`  all failed: ${reason(once).split('\n').slice(0, 3).join(' / ')}`);
          continue;
        }
        await compareBuilds(where, mode.distDir, dev.value, oneOffDist);
        compareDeploy(where, deployDist, oneOffDist);
        // A reader opens a page, a missing one and the search: the next dev build removes what the server wrote, or
        // the next comparison finds it.
        const docs = Object.values(dev.value.manifest.docs);
        const opened = docs[step % docs.length]?.path.slice(1) ?? '';
        for (const rel of [opened, 'no-such-page', dev.value.deferredSearch?.entry ?? '']) await mode.server.prepare(rel);
      }
      if (anyFailed) {
        failedBuilds++;
        for (const [from, to] of [
          [snapshot.content, contentDir],
          [snapshot.public, publicDir],
        ] as const) {
          rmSync(to, { recursive: true, force: true });
          cpSync(from, to, { recursive: true, preserveTimestamps: true });
        }
        options.log?.('  taken back');
      }
      // `npm run dev` looks at every file after a failed build.
      changed = anyFailed ? undefined : [];
    }
    return { steps: options.steps, failedBuilds, keptDocuments };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(`${work}-search`, { recursive: true, force: true });
  }
}

async function compareBuilds(where: string, devDist: string, dev: BuildSiteResult, oneOffDist: string): Promise<void> {
  const devOut = diskOutput(devDist);
  await materialise(dev.documents ?? new Map(), devOut, devDist);
  if (dev.deferredSearch) for (const [rel, json] of dev.deferredSearch.make()) devOut.set(rel, digest(json));
  devOut.set('(search records)', digest([...(dev.records?.() ?? [])].join('')));
  const oneOff = diskOutput(oneOffDist);
  oneOff.set('(search records)', digest(readFileSync(searchRecordsFile(oneOffDist))));
  const root = JSON.parse(readFileSync(join(oneOffDist, ROOT_MANIFEST), 'utf8')) as ManifestRoot;
  const devRoot = JSON.parse(readFileSync(join(devDist, ROOT_MANIFEST), 'utf8')) as ManifestRoot;
  const bytesOf = (entry: string) => (JSON.parse(readFileSync(join(oneOffDist, entry), 'utf8')) as { bytes: number }).bytes;
  const normal = normaliseDev(devOut, devRoot, oneOff, root, bytesOf);
  const problems: string[] = [];
  for (const [rel, hash] of oneOff) {
    const theirs = normal.dev.get(rel);
    if (theirs === undefined) problems.push(`missing in the dev build: ${rel}`);
    else if (theirs !== hash)
      problems.push(`differs: ${rel}${rel === ROOT_MANIFEST ? `\n  dev:     ${JSON.stringify(normal.devRoot)}\n  one-off: ${JSON.stringify(root)}` : ''}`);
  }
  for (const rel of normal.dev.keys()) if (!oneOff.has(rel)) problems.push(`only in the dev build: ${rel}`);
  if (problems.length)
    throw new OracleMismatch(`${where}: ${problems.length} file${problems.length === 1 ? '' : 's'} differ:\n${problems.slice(0, 20).join('\n')}`);
}

/** A deploy's build must be the one-off build, file for file: its kept route documents included. */
function compareDeploy(where: string, deployDist: string, oneOffDist: string): void {
  const deploy = diskOutput(deployDist);
  const oneOff = diskOutput(oneOffDist);
  deploy.set('(search records)', digest(readFileSync(searchRecordsFile(deployDist))));
  oneOff.set('(search records)', digest(readFileSync(searchRecordsFile(oneOffDist))));
  const problems = [...new Set([...oneOff.keys(), ...deploy.keys()])].filter((rel) => oneOff.get(rel) !== deploy.get(rel));
  if (problems.length)
    throw new OracleMismatch(
      `${where}: ${problems.length} file${problems.length === 1 ? '' : 's'} of the deploy build differ from the one-off build's:\n${problems.slice(0, 20).join('\n')}`,
    );
}

const USAGE = `usage: npm run fuzz:build -- [--steps N] [--seed N] [--content DIR] [--public DIR]

Applies a seeded sequence of author edits to a copy of the content tree, builds each as the dev server,
a deploy (with the route documents of the deploys before) and a one-off build do, in both deploy modes,
and stops at the first output file that differs.

  --steps N       edits to make (default: 100)
  --seed N        the sequence's seed (default: the time)
  --content DIR   the content tree to copy (default: content)
  --public DIR    the public/ folder to copy beside it (default: public)
  -h, --help      print this and exit`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        steps: { type: 'string', default: '100' },
        seed: { type: 'string' },
        content: { type: 'string', default: 'content' },
        public: { type: 'string', default: 'public' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`[fuzz] ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) return console.log(USAGE);
  const steps = Number(values.steps);
  const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);
  if (!Number.isInteger(steps) || steps < 1 || !Number.isInteger(seed)) {
    console.error(`[fuzz] --steps and --seed take whole numbers.\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  try {
    const result = await runOracle({
      content: resolve(values.content),
      publicDir: resolve(values.public),
      seed,
      steps,
      log: (line) => console.log(`[fuzz] ${line}`),
    });
    console.log(
      `[fuzz] seed ${seed}: ${result.steps} edits, every output the same as a one-off build's (${result.failedBuilds} edits failed to build in all; ${result.keptDocuments} route documents kept by deploys), ${Math.round((performance.now() - started) / 1000)} s`,
    );
  } catch (error) {
    console.error(`[fuzz] ${error instanceof OracleMismatch ? error.message : (error as Error).stack}`);
    console.error(`[fuzz] replay: npm run fuzz:build -- --seed ${seed} --steps ${steps}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('scripts/fuzzBuild.ts')) await main();
