/**
 * The per-route HTML and the local search index of `npm run dev`.
 * Dev builds leave them out of `dist/` (`buildSite`'s `devServer`), so a
 * rebuild renders no route and encodes no index.
 * Before the static server answers a request, `prepare` writes the one file it
 * would serve, when that file is such a deferred document: a reload renders the
 * route it opens and nothing else, and the server sends it as any other file.
 * `404.html` is made the same way for paths that match no file.
 */
import { copyFileSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DeferredSearch } from '../node/assembleManifest';
import { outputData, type FileTable, type OutputData } from '../node/output';

/** The files sirv tries for a path below the base (`extensions: ['html']`), in its order. */
function candidates(rel: string): string[] {
  const path = rel.replace(/\/$/, '');
  return path ? [path, `${path}/index`, `${path}.html`, `${path}/index.html`] : ['index', 'index.html'];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The deferred documents of the build `dist/` holds, written on demand. */
export class DeferredDocuments {
  private files: FileTable = new Map<string, OutputData>();
  /** The build's local index: asking for its entry writes every file of it. */
  private search: DeferredSearch | null = null;
  /** Documents being written or written for the current build. */
  private made = new Map<string, Promise<void>>();
  /** The files written into the folder since the last build ended with files (`madeSince`). */
  private written = new Set<string>();
  /** Bumped when a build starts: a document made for the build before is not written over the next one. */
  private generation = 0;
  /** Settles when the running build has ended; requests wait for it rather than get a document of the old build. */
  private building: Promise<void> = Promise.resolve();
  private built: () => void = () => {};

  constructor(private readonly distDir: string) {}

  /** A build starts: it may replace `dist/` at any moment from now on. */
  begin(): void {
    this.generation++;
    this.building = new Promise((resolve) => (this.built = resolve));
  }

  /**
   * The files this wrote into `dist/` for the builds before the one running, which that build is to remove
   * (`buildSite`'s `madeOnRequest`): none is written while a build runs.
   */
  madeSince(): string[] {
    return [...this.written];
  }

  /** The build ended: with its deferred documents when it replaced `dist/`, with nothing when it failed. */
  end(files?: FileTable, search: DeferredSearch | null = null): void {
    if (files) {
      this.files = files;
      this.search = search;
      this.made = new Map();
      this.written = new Set();
    }
    this.built();
  }

  /** Writes the deferred document a request for `rel` (below the base, decoded) would be answered with, if any. */
  async prepare(rel: string): Promise<void> {
    for (;;) {
      await this.building;
      const generation = this.generation;
      if (this.search && (rel === this.search.entry || this.search.others?.includes(rel))) await this.makeSearch(this.search);
      const name = candidates(rel).find((c) => this.files.has(c) || isFile(join(this.distDir, c))) ?? '404.html';
      if (this.files.has(name)) await this.make(name);
      if (generation === this.generation) return;
    }
  }

  /** Writes every file of the local index (once per build). */
  private makeSearch(search: DeferredSearch): Promise<void> {
    let made = this.made.get(search.entry);
    if (!made) {
      const generation = this.generation;
      made = (async () => {
        const files = search.make();
        for (const [rel, json] of files) if (rel !== search.entry) await this.write(rel, json, generation);
        // The entry last: the files it names are there when a tab reads it.
        await this.write(search.entry, files.get(search.entry)!, generation);
      })();
      this.made.set(search.entry, made);
      made.catch(() => this.made.get(search.entry) === made && this.made.delete(search.entry));
    }
    return made;
  }

  private make(rel: string): Promise<void> {
    let made = this.made.get(rel);
    if (!made) {
      made = this.write(rel, this.files.get(rel)!, this.generation);
      this.made.set(rel, made);
      // A failure is not kept: the next request tries again.
      made.catch(() => this.made.get(rel) === made && this.made.delete(rel));
    }
    return made;
  }

  private async write(rel: string, data: OutputData, generation: number): Promise<void> {
    const contents = await outputData(data);
    const target = typeof contents === 'object' && 'linkTo' in contents ? contents.linkTo : null;
    if (target) await this.make(target);
    // `dist/` is another build's now.
    if (generation !== this.generation) return;
    const to = join(this.distDir, rel);
    mkdirSync(dirname(to), { recursive: true });
    // Through a temporary name, so that a request never reads half a file.
    const tmp = `${to}.tmp-${process.pid}`;
    if (target) copyFileSync(join(this.distDir, target), tmp);
    else writeFileSync(tmp, contents as string | Buffer);
    renameSync(tmp, to);
    this.written.add(rel);
  }
}
