/**
 * Watches a folder and every folder below it for the dev server. On Linux, Node's recursive `fs.watch` watches
 * each file by its inode: an editor that saves by writing a temporary file and renaming it over the file replaces
 * that inode, and every later save of the file went unreported. A watcher per folder sees its entries by name,
 * whatever replaced them, so there one non-recursive watcher is kept per folder, added as folders appear and closed
 * as they go. Elsewhere the system's recursive watch follows names already.
 */
import { readdirSync, statSync, watch, type Dirent, type FSWatcher, type WatchEventType } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A watch over a folder tree. */
export interface TreeWatcher {
  close(): void;
}

/**
 * Calls `onChange` with the event and the path below `dir` (platform separators, as `fs.watch` gives it, or null
 * when the system named none) for every change in `dir` or a folder below it, folders made after the start included.
 */
export function watchTree(
  dir: string,
  onChange: (event: WatchEventType, file: string | null) => void,
  onError: (error: Error) => void,
  platform: NodeJS.Platform = process.platform,
): TreeWatcher {
  if (platform !== 'linux') {
    const watcher = watch(dir, { recursive: true }, (event, file) => onChange(event, file ? String(file) : null));
    watcher.on('error', onError);
    return { close: () => watcher.close() };
  }
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  const forget = (path: string) => {
    for (const [folder, watcher] of watchers) {
      if (folder === path || folder.startsWith(path + sep)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
  };
  const add = (folder: string) => {
    if (closed || watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (event, name) => {
        if (!name) return onChange(event, folder === dir ? null : relative(dir, folder));
        const path = join(folder, String(name));
        // A folder that appeared is watched with the folders below it; one that went is let go.
        if (event === 'rename') {
          if (isFolder(path)) add(path);
          else forget(path);
        }
        onChange(event, relative(dir, path));
      });
    } catch (error) {
      // Gone between its listing and its watch: its parent's watcher reports it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EPERM') forget(folder);
      else onError(error);
    });
    watchers.set(folder, watcher);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // Gone already: its parent's watcher reports it.
    }
    for (const entry of entries) if (entry.isDirectory()) add(join(folder, entry.name));
  };
  add(dir);
  return {
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
