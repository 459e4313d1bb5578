/**
 * The dev server's watcher keeps reporting a file that an editor saved by renaming a temporary file over it, and
 * the files of folders made after it started.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchTree, type TreeWatcher } from '../../../scripts/watchTree';

let dir: string;
let watcher: TreeWatcher | undefined;
let seen: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'watch-tree-'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'a.md'), '# A\n');
  seen = [];
});
afterEach(() => {
  watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the watcher has named `file` (POSIX path below the folder); clears what it saw. */
async function reported(file: string): Promise<void> {
  await expect.poll(() => seen.includes(file), { timeout: 10_000, interval: 20 }).toBe(true);
  seen = [];
}

/** Saves `file` the way many editors do: a temporary file written, then renamed over it. */
function saveByRename(file: string, text: string): void {
  writeFileSync(`${file}.tmp-save`, text);
  renameSync(`${file}.tmp-save`, file);
}

const start = () => {
  watcher = watchTree(
    dir,
    (_event, file) => seen.push(file === null ? '' : file.split(/[\\/]/).join('/')),
    (error) => {
      throw error;
    },
  );
};

describe('watchTree', () => {
  it('goes on reporting a file after it was replaced by a rename, save after save', async () => {
    start();
    const file = join(dir, 'docs', 'a.md');
    for (let i = 0; i < 3; i++) {
      saveByRename(file, `# A ${i}\n`);
      await reported('docs/a.md');
      writeFileSync(file, `# A ${i} edited\n`);
      await reported('docs/a.md');
    }
  });

  it('reports the files of a folder made after it started, and lets a removed folder go', async () => {
    start();
    mkdirSync(join(dir, 'docs', 'new'));
    await reported('docs/new');
    writeFileSync(join(dir, 'docs', 'new', 'b.md'), '# B\n');
    await reported('docs/new/b.md');
    rmSync(join(dir, 'docs', 'new'), { recursive: true });
    await reported('docs/new');
    mkdirSync(join(dir, 'docs', 'new'));
    await reported('docs/new');
    writeFileSync(join(dir, 'docs', 'new', 'c.md'), '# C\n');
    await reported('docs/new/c.md');
  });
});
