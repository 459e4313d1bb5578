/** Lists the files of a folder for the build, following only the symbolic links that stay inside it. */
import { type Dirent, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BuildError, displayPath, type Problem } from './problems';

/** Whether `path` is `root` or lies below it (both real paths). */
const inside = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Every file below `dir`, as POSIX paths relative to `root`, sorted; names
 * starting with `.` are skipped. Symbolic links are followed only when they
 * point inside `root`: one that leaves it (`img/passwd -> /etc/passwd`) would
 * publish that file, so it fails the build, as do a dangling link and a loop,
 * each named. `seen.links` is set when a followed link was met.
 */
export function walk(dir: string, root: string, seen?: { links: boolean }): string[] {
  const out: string[] = [];
  const problems: Problem[] = [];
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return out;
  }
  const name = (full: string) => displayPath(root, relative(root, full).split(sep).join('/'));
  const visit = (current: string, ancestors: Set<string>) => {
    let entries: Dirent[];
    try {
      // With their types: a rebuild of 10,000 docs would otherwise stat every file twice.
      entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(current, entry.name);
      let target = full;
      let folder = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        if (seen) seen.links = true;
        try {
          target = realpathSync(full);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          problems.push({
            file: name(full),
            line: 0,
            message:
              code === 'ELOOP'
                ? 'is a symbolic link loop. Replace it with the file itself.'
                : `is a symbolic link to \`${readlinkSync(full)}\`, which does not exist. Remove the link or restore its target.`,
          });
          continue;
        }
        if (!inside(realRoot, target)) {
          problems.push({
            file: name(full),
            line: 0,
            message: `is a symbolic link to \`${target}\`, outside \`${displayPath(root, '')}\`. The build publishes only files inside it: copy the file in instead of linking it.`,
          });
          continue;
        }
        folder = statSync(target).isDirectory();
      }
      if (folder) {
        const real = realpathSync(target);
        if (ancestors.has(real)) {
          problems.push({ file: name(full), line: 0, message: 'is a symbolic link to a folder that contains it (a loop). Remove the link.' });
          continue;
        }
        visit(full, new Set(ancestors).add(real));
      } else out.push(relative(root, full).split(sep).join('/'));
    }
  };
  visit(dir, new Set([realpathSync(dir)]));
  if (problems.length) throw new BuildError(`Cannot build: ${problems.length} symbolic link${problems.length === 1 ? '' : 's'} cannot be followed:`, problems);
  return out;
}
