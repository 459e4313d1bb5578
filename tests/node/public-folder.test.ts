/**
 * `public/` is published by the rules of `content/`:
 * no dot-names (`.env`, `.git/`), a symbolic link inside it becomes a copy, one that leaves it is refused.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { copyPublic } from '../../node/shell';
import { listFiles } from '../helpers/build';

let dir: string;
let publicDir: string;
let outDir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'abp-docs-public-'));
  publicDir = join(dir, 'public');
  outDir = join(dir, 'out');
  mkdirSync(join(publicDir, 'img'), { recursive: true });
  mkdirSync(join(publicDir, '.git'));
  mkdirSync(outDir);
  writeFileSync(join(publicDir, 'img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  writeFileSync(join(publicDir, '.env'), 'API_KEY=x\n');
  writeFileSync(join(publicDir, '.git/config'), '[core]\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('copyPublic (the shell build’s copy of public/)', () => {
  it('leaves out dot-names, and a dotted link to a file outside', () => {
    symlinkSync('/etc/passwd', join(publicDir, '.passwd'));
    expect(copyPublic(publicDir, outDir)).toEqual(['img/logo.svg']);
    expect(listFiles(outDir)).toEqual(['img/logo.svg']);
  });

  it('writes a link to a file inside public/ as a copy of that file', () => {
    symlinkSync('logo.svg', join(publicDir, 'img/logo-copy.svg'));
    symlinkSync('img', join(publicDir, 'pictures'));
    copyPublic(publicDir, outDir);
    expect(listFiles(outDir)).toEqual(['img/logo-copy.svg', 'img/logo.svg', 'pictures/logo-copy.svg', 'pictures/logo.svg']);
    for (const rel of listFiles(outDir)) {
      expect(lstatSync(join(outDir, rel)).isSymbolicLink(), rel).toBe(false);
      expect(readFileSync(join(outDir, rel), 'utf8')).toBe(readFileSync(join(publicDir, 'img/logo.svg'), 'utf8'));
    }
  });

  it('refuses a link that leaves public/, naming it, and copies nothing', () => {
    symlinkSync('/etc/passwd', join(publicDir, 'img/pw.txt'));
    let error: unknown;
    try {
      copyPublic(publicDir, outDir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems).toEqual([
      {
        file: `${publicDir}/img/pw.txt`,
        line: 0,
        message: `is a symbolic link to \`/etc/passwd\`, outside \`${publicDir}\`. The build publishes only files inside it: copy the file in instead of linking it.`,
      },
    ]);
    expect(existsSync(join(outDir, 'img'))).toBe(false);
  });
});
