/**
 * Files named by their content (ARCHITECTURE.md, "Hash"): the name carries the
 * first hex digits of the SHA-256 of the bytes, so the worker can tell a
 * truncated or wrong answer (a proxy, a half-finished deploy) from the real
 * file, and never stores or serves it (issue 13). The names are the ones
 * `src/build/manifest.ts` writes:
 *
 * - `blobs/<16 hex>.md`, a page's markdown, `blobs/<16 hex>.html`, its article,
 *   and `blobs/<16 hex>.json`, a manifest shard;
 * - `search/<kind>.<12 hex>.json`, the local index's files (`manifest/localSearch.ts`).
 *
 * Shell chunks (`assets/`) carry esbuild's hash, which is not a digest of
 * their bytes; they are not checked here.
 */

/** The hash prefix a URL's file name carries, or null when the file is not named by its content. */
export function expectedHash(url: string): string | null {
  const { pathname } = new URL(url);
  const m = /\/blobs\/([0-9a-f]{16})\.(?:md|html|json)$/.exec(pathname) ?? /\/search\/[a-z]+\.([0-9a-f]{12})\.json$/.exec(pathname);
  return m?.[1] ?? null;
}

/** Lowercase hex SHA-256 of some bytes. */
async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a response's body is the file its URL names: true for files not
 * named by their content; reads a clone, so the response stays usable.
 */
export async function matchesName(url: string, response: Response): Promise<boolean> {
  const hash = expectedHash(url);
  if (hash === null) return true;
  try {
    return (await sha256Hex(await response.clone().arrayBuffer())).startsWith(hash);
  } catch {
    // An unreadable body (a network error mid-stream) is no proof of the file either.
    return false;
  }
}
