/**
 * The per-route HTML of `npm run dev` (issue 16). Dev builds leave it out of
 * `dist/` (`buildSite`'s `devServer`), so a rebuild renders no route.
 * Before the static server answers a request, `prepare` writes the one file it
 * would serve, when that file is such a deferred document: a reload renders the
 * route it opens and nothing else, and the server sends it as any other file.
 * `404.html` is made the same way for paths that match no file.
 */
import { copyFileSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { outputData, type OutputData } from '../src/build/output';

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
  private files = new Map<string, OutputData>();
  /** Documents being written or written for the current build. */
  private made = new Map<string, Promise<void>>();
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

  /** The build ended: with its deferred documents when it replaced `dist/`, with nothing when it failed. */
  end(files?: Map<string, OutputData>): void {
    if (files) {
      this.files = files;
      this.made = new Map();
    }
    this.built();
  }

  /** Writes the deferred document a request for `rel` (below the base, decoded) would be answered with, if any. */
  async prepare(rel: string): Promise<void> {
    for (;;) {
      await this.building;
      const generation = this.generation;
      const name = candidates(rel).find((c) => this.files.has(c) || isFile(join(this.distDir, c))) ?? '404.html';
      if (this.files.has(name)) await this.make(name);
      if (generation === this.generation) return;
    }
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
  }
}
