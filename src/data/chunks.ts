/**
 * Loading the shell's code chunks: code that fails to load reloads the page,
 * so a tab open across a deploy picks up the new shell. A failed `import()` is never remembered, so the next use tries
 * again; a chunk the host does not have (a shell deploy since the page loaded,
 * with no service worker keeping the old files) reloads the page once per
 * shell, never in a loop.
 */
import { CHUNK_LOAD_MS, FETCH_STALL_MS, isStall, within } from '../lib/fetchBody';
import { ChunkLoadError } from './fetchErrors';
import { siteSessionStore } from './siteStorage';

/** Session key: the entry script of the shell a reload for a missing chunk was tried from. */
const RELOAD_FLAG = 'docs-chunk-reload';

/**
 * URL of the running shell's entry script (`…/assets/main-<hash>.js`), or null:
 * the page's `<meta name="docs-shell">`, or the module script of a page saved
 * before the shell was started by it.
 */
export function entryScript(): string | null {
  const named = document.querySelector<HTMLMetaElement>('meta[name="docs-shell"]')?.content;
  if (named) return new URL(named, document.baseURI).href;
  return document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/main-"]')?.src ?? null;
}

/** The URL a failed import names (Chromium and Firefox put it in the message), or null. */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /https?:\/\/\S+?\.m?js\b/.exec(message)?.[0] ?? null;
}

/**
 * Whether the host does not have the file a failed import asked for (404 or
 * 410), as opposed to a network failure. Without a URL in the error (Safari),
 * the entry script stands for the shell: gone means a new shell was deployed.
 */
async function isChunkMissing(error: unknown): Promise<boolean> {
  const url = chunkUrlOf(error) ?? entryScript();
  if (!url) return false;
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(FETCH_STALL_MS) });
    return response.status === 404 || response.status === 410;
  } catch {
    return false;
  }
}

/** What the reload flag holds for this shell: its entry script (stored values are never empty, `scopedStorage`). */
const shellName = () => entryScript() ?? 'unnamed shell';

/** Whether this shell has not yet reloaded for a missing chunk. */
export function canReloadForChunk(): boolean {
  return siteSessionStore.get(RELOAD_FLAG) !== shellName();
}

/**
 * Reloads the page for a missing chunk, once per shell: returns false (and does
 * nothing) when this shell already reloaded, or when blocked storage could not
 * remember it (a reload then could loop).
 */
export function reloadForChunk(): boolean {
  const shell = shellName();
  if (siteSessionStore.get(RELOAD_FLAG) === shell || !siteSessionStore.set(RELOAD_FLAG, shell)) return false;
  window.location.reload();
  return true;
}

/**
 * The address to import again after a failed import, by call site. Chromium
 * keeps a failed module in its module map for the document's life, so the
 * same URL would fail again without a request; the retry asks for the same
 * file under a new query, a new module entry (its imports keep their URLs,
 * so shared chunks stay single).
 */
const retryUrls = new Map<string, string>();
let retries = 0;

/**
 * The chunk an import function loads, read from its code (`()=>import("./X-<hash>.js")`
 * once bundled): the address a stalled load is retried at. Its path is relative to
 * the calling chunk, which lies in `assets/chunks/` as this module does.
 */
function chunkOfLoad(load: () => unknown): string | null {
  const specifier = /import\(\s*["']([^"']+)["']/.exec(load.toString())?.[1];
  return specifier ? new URL(specifier, import.meta.url).href : null;
}

/**
 * Runs a dynamic import. On failure, throws `ChunkLoadError` (missing or
 * network; a load that takes longer than `CHUNK_LOAD_MS` is a network failure);
 * with `reload`, a missing chunk reloads the page instead, once. Nothing is
 * cached here: calling again imports again (a stalled chunk under a new address,
 * since the stalled request still holds the old one).
 */
export async function loadChunk<T>(load: () => Promise<T>, options: { reload: boolean }): Promise<T> {
  const site = load.toString();
  const retryUrl = retryUrls.get(site);
  try {
    const module = await within(retryUrl ? (import(/* @vite-ignore */ retryUrl) as Promise<T>) : load(), CHUNK_LOAD_MS, 'A part of the site');
    retryUrls.delete(site);
    return module;
  } catch (cause) {
    const stalled = isStall(cause);
    const url = stalled ? (retryUrl ?? chunkOfLoad(load)) : chunkUrlOf(cause);
    if (url) retryUrls.set(site, `${url.split('?')[0]}?retry=${++retries}`);
    const missing = !stalled && (await isChunkMissing(cause));
    if (missing && options.reload && reloadForChunk()) return new Promise<never>(() => {});
    throw new ChunkLoadError(missing, { cause });
  }
}
