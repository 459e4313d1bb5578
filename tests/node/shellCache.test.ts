/**
 * The shell's last build kept on disk (`node/shellCache.ts`): a CLI build whose shell inputs all hash the same
 * takes the kept files, and any changed input, `public/` file, build code or dev flag makes it bundle again.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShellRecord } from '../../node/shellRecord';
import { buildShell } from '../../node/shell';
import { ShellCache } from '../../node/shellCache';
import { listFiles, ROOT } from '../helpers/build';

describe('ShellCache', () => {
  const work = mkdtempSync(join(tmpdir(), 'shell-cache-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const root = join(work, 'project');
  const cacheDir = join(work, 'cache');
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const record: ShellRecord = {
    js: 'assets/main-A.js',
    css: 'assets/main-B.css',
    files: ['assets/main-A.js', 'assets/main-B.css', 'img/logo.svg'],
    hash: 'abc',
  };
  /** A stand-in shell build: its output below `outDir`, kept from the inputs it names. */
  const keep = (cache: ShellCache, dev = false) => {
    const outDir = join(work, 'built');
    rmSync(outDir, { recursive: true, force: true });
    for (const [rel, text] of [
      ['assets/main-A.js', 'js'],
      ['assets/main-B.css', 'css'],
      ['img/logo.svg', '<svg/>'],
    ] as const) {
      mkdirSync(dirname(join(outDir, rel)), { recursive: true });
      writeFileSync(join(outDir, rel), text);
    }
    cache.save(root, outDir, record, ['src/main.tsx', 'node_modules/react/index.js', '(disabled):node_modules/x/fs'], ['img/logo.svg'], dev);
  };
  const restoreInto = (cache: ShellCache, dev = false) => {
    const outDir = mkdtempSync(join(work, 'out-'));
    return { outDir, record: cache.restore(root, outDir, dev) };
  };

  it('restores the kept files and record while every input hashes the same', () => {
    write('src/main.tsx', 'app');
    write('node_modules/react/index.js', 'react');
    write('public/img/logo.svg', '<svg/>');
    keep(new ShellCache(cacheDir, 'v1'));
    const cache = new ShellCache(cacheDir, 'v1');
    const { outDir, record: restored } = restoreInto(cache);
    expect(restored).toEqual(record);
    expect(cache.restored).toBe(true);
    expect(listFiles(outDir).sort()).toEqual([...record.files].sort());
    expect(readFileSync(join(outDir, 'assets/main-A.js'), 'utf8')).toBe('js');
  });

  it('bundles again when an input, a public file, the version or the dev flag differs', () => {
    expect(restoreInto(new ShellCache(cacheDir, 'v2')).record).toBeNull();
    expect(restoreInto(new ShellCache(cacheDir, 'v1'), true).record).toBeNull();
    write('node_modules/react/index.js', 'react 2');
    const cache = new ShellCache(cacheDir, 'v1');
    const { outDir, record: restored } = restoreInto(cache);
    expect(restored).toBeNull();
    expect(cache.restored).toBe(false);
    expect(readdirSync(outDir)).toEqual([]);
    keep(new ShellCache(cacheDir, 'v1'));
    expect(restoreInto(new ShellCache(cacheDir, 'v1')).record).toEqual(record);
    write('public/img/new.png', 'png');
    expect(restoreInto(new ShellCache(cacheDir, 'v1')).record).toBeNull();
  });

  it('bundles again when a kept file changed since it was kept, leaving none of its files', () => {
    rmSync(join(root, 'public/img/new.png'), { force: true });
    keep(new ShellCache(cacheDir, 'v1'));
    expect(restoreInto(new ShellCache(cacheDir, 'v1')).record).toEqual(record);
    // Cut short, as a full disk or an interrupted copy leaves it.
    writeFileSync(join(cacheDir, 'files/assets/main-B.css'), 'cs');
    const cache = new ShellCache(cacheDir, 'v1');
    const { outDir, record: restored } = restoreInto(cache);
    expect(restored).toBeNull();
    expect(cache.restored).toBe(false);
    expect(listFiles(outDir)).toEqual([]);
  });

  it('takes the real shell build back byte for byte', async () => {
    const cache = new ShellCache(join(work, 'real-cache'), 'v1');
    const first = join(work, 'real-1');
    const built = await buildShell({ root: ROOT, outDir: first, cache });
    expect(cache.restored).toBe(false);
    const second = join(work, 'real-2');
    expect(await buildShell({ root: ROOT, outDir: second, cache })).toEqual(built);
    expect(cache.restored).toBe(true);
    expect(listFiles(second).sort()).toEqual(listFiles(first).sort());
    for (const rel of listFiles(first)) expect(readFileSync(join(second, rel)).equals(readFileSync(join(first, rel))), rel).toBe(true);
  }, 60_000);
});
