/**
 * The shell's last build kept on disk (`node_modules/.cache/abp-react-docs/shell/`), with the hash of every file
 * esbuild read to make it (its metafiles' inputs) and of every file of `public/` it copied. A CLI build whose
 * inputs all hash the same takes the kept files instead of bundling again: a deploy that changes only content
 * spends no time on the shell. What esbuild reads besides its inputs (its own version, the packages' manifests,
 * the build code's options) is in the cache's version: the lockfile's and the build code's hash.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { ShellRecordSchema, type ShellRecord } from './shellRecord';
import { walk } from './walk';

/** What the kept build says of itself (`kept.json`). */
const KeptSchema = v.object({
  version: v.string(),
  dev: v.boolean(),
  /** Each input below the project root, with its contents' hash; a name esbuild gives no file (`(disabled):…`) with none. */
  inputs: v.array(v.tuple([v.string(), v.nullable(v.string())])),
  /** Each file of `public/`, with its contents' hash. */
  publicFiles: v.array(v.tuple([v.string(), v.string()])),
  record: ShellRecordSchema,
  /** The hash of each of the record's files as kept: one that changed since is no kept build. */
  files: v.record(v.string(), v.string()),
});
type Kept = v.InferOutput<typeof KeptSchema>;

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The hash of a file, or null when there is none (a name esbuild gave something that is no file). */
function hashOf(file: string): string | null {
  try {
    return sha(file);
  } catch {
    return null;
  }
}

export class ShellCache {
  /** Whether the last `restore` took the kept build (bench and tests). */
  restored = false;

  /** `version` names what the inputs do not: the lockfile and the build code. */
  constructor(
    readonly dir: string,
    private readonly version: string,
  ) {}

  /** Puts the kept build's files below `outDir` and returns its record, when every input hashes as it did; else null. */
  restore(root: string, outDir: string, dev: boolean): ShellRecord | null {
    this.restored = false;
    const kept = this.read();
    if (!kept || kept.version !== this.version || kept.dev !== dev) return null;
    if (kept.inputs.some(([rel, hash]) => hashOf(join(root, rel)) !== hash)) return null;
    const publicDir = join(root, 'public');
    const publicFiles = existsSync(publicDir) ? walk(publicDir, publicDir) : [];
    if (
      publicFiles.length !== kept.publicFiles.length ||
      kept.publicFiles.some(([rel, hash], i) => publicFiles[i] !== rel || hashOf(join(publicDir, rel)) !== hash)
    )
      return null;
    const copied: string[] = [];
    try {
      for (const rel of kept.record.files) {
        mkdirSync(dirname(join(outDir, rel)), { recursive: true });
        cpSync(join(this.dir, 'files', rel), join(outDir, rel));
        copied.push(rel);
        // Checked as copied, so that what is published is what was checked.
        if (!Object.hasOwn(kept.files, rel) || sha(join(outDir, rel)) !== kept.files[rel]) throw new Error(`the kept shell's ${rel} changed since it was kept`);
      }
    } catch {
      // Another build replaced the kept one meanwhile, or a kept file changed: this one bundles, into a folder without the files taken so far.
      for (const rel of copied) rmSync(join(outDir, rel), { force: true });
      return null;
    }
    this.restored = true;
    return kept.record;
  }

  /**
   * Keeps the build `record` names below `outDir`, made from `inputs` (paths below `root`, as esbuild's metafiles
   * name them) and `publicFiles` (below `root/public`), in place of the one kept before.
   */
  save(root: string, outDir: string, record: ShellRecord, inputs: readonly string[], publicFiles: readonly string[], dev: boolean): void {
    const kept: Kept = {
      version: this.version,
      dev,
      inputs: [...new Set(inputs)].sort().map((rel) => [rel, hashOf(join(root, rel))]),
      publicFiles: publicFiles.map((rel) => [rel, sha(join(root, 'public', rel))]),
      record,
      files: Object.fromEntries(record.files.map((rel) => [rel, sha(join(outDir, rel))])),
    };
    const tmp = `${this.dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    for (const rel of record.files) {
      mkdirSync(dirname(join(tmp, 'files', rel)), { recursive: true });
      cpSync(join(outDir, rel), join(tmp, 'files', rel));
    }
    writeFileSync(join(tmp, 'kept.json'), JSON.stringify(kept));
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(dirname(this.dir), { recursive: true });
    renameSync(tmp, this.dir);
  }

  private read(): Kept | null {
    try {
      return v.parse(KeptSchema, JSON.parse(readFileSync(join(this.dir, 'kept.json'), 'utf8')));
    } catch {
      return null;
    }
  }
}
