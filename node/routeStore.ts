/**
 * Route HTML kept on disk between CLI builds (`node_modules/.cache/abp-react-docs/routes/`), each document in a
 * file named by the key of everything it is made from (`routeHtml.ts`'s `routeKey`). A build that finds a
 * route's key here links that file into the site instead of rendering the route, so a deploy that changes one
 * page renders the routes that page's change reaches. The key names every input, so a kept file is by
 * construction the document the build would make: a stale or foreign store costs time, never correctness.
 * Each file's name ends with the hash of its bytes, which they must still match when it is published
 * (`KeptFile`); a file that does not, or that cannot be read when it is wanted (another build removed it), is
 * rendered again and kept anew.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Files of the store: `<key>-<hash>.html`, the key and the start of the hash of the file's bytes being 32 hex digits each. */
const STORED = /^([0-9a-f]{32})-([0-9a-f]{32})\.html$/;

/** The start of the SHA-256 of a document's bytes that its file's name carries. */
const hashOf = (html: string) => createHash('sha256').update(html).digest('hex').slice(0, 32);

export class RouteStore {
  /** Keys of the documents the folder held when the build began, and those it wrote since, with the hash of each one's bytes. */
  private readonly held: Map<string, string>;
  /** Keys this build asked for: what `prune` keeps. */
  private readonly used = new Set<string>();
  /** Documents found in the store, and written to it (bench and tests). */
  readonly counts = { found: 0, written: 0 };

  /**
   * The store in `dir`. `version` names the code that makes the documents (the build code's hash): a document
   * made by other code has another key.
   */
  constructor(
    readonly dir: string,
    private readonly version: string,
  ) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // No store yet: every document is made.
    }
    this.held = new Map(
      names.flatMap((name) => {
        const match = STORED.exec(name);
        return match ? [[match[1]!, match[2]!] as const] : [];
      }),
    );
  }

  /** The key of a document made from `inputs` (the text of every input, in a fixed order) by this store's code. */
  key(inputs: string): string {
    return createHash('sha256').update(this.version).update('\0').update(inputs).digest('hex').slice(0, 32);
  }

  /** The file holding the document under `key` and the hash its bytes must start with, or undefined when the store has none. */
  find(key: string): { file: string; hash: string } | undefined {
    this.used.add(key);
    const hash = this.held.get(key);
    if (hash === undefined) return undefined;
    this.counts.found++;
    return { file: this.fileOf(key, hash), hash };
  }

  /**
   * Keeps `html` under `key` (through a temporary name, so a reader of the store never sees half a file), in place
   * of a file kept there before that no longer holds it.
   */
  put(key: string, html: string): void {
    this.used.add(key);
    const hash = hashOf(html);
    const before = this.held.get(key);
    mkdirSync(this.dir, { recursive: true });
    const file = this.fileOf(key, hash);
    writeFileSync(`${file}.${process.pid}.tmp`, html);
    renameSync(`${file}.${process.pid}.tmp`, file);
    if (before !== undefined && before !== hash) rmSync(this.fileOf(key, before), { force: true });
    this.held.set(key, hash);
    this.counts.written++;
  }

  /** Removes the documents this build did not ask for: after a build that succeeded, they serve no site. */
  prune(): void {
    for (const [key, hash] of this.held) {
      if (this.used.has(key)) continue;
      rmSync(this.fileOf(key, hash), { force: true });
      this.held.delete(key);
    }
  }

  private fileOf(key: string, hash: string): string {
    return join(this.dir, `${key}-${hash}.html`);
  }
}

/** The hash of the files of `dirs` whose names `names` matches (by default the build code's: `node/`, `manifest/`): the version of what a store holds. */
export function codeVersion(dirs: readonly string[], names = /\.(ts|tsx|mjs|json)$/): string {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    for (const name of readdirSync(dir).sort()) {
      if (!names.test(name)) continue;
      hash.update(name).update('\0');
      hash.update(readFileSync(join(dir, name))).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}
