/**
 * Files named by their content (ARCHITECTURE.md, "Hash"): the name carries the
 * first hex digits of the SHA-256 of the bytes, so the worker can tell a
 * truncated or wrong answer (a proxy, a half-finished deploy) from the real
 * file, and never stores or serves it. The names are the ones
 * `node/assembleManifest.ts` writes:
 *
 * - `blobs/<16 hex>.md`, a page's markdown, `blobs/<16 hex>.html`, its article,
 *   and `blobs/<16 hex>.json`, a manifest shard;
 * - `search/<kind>.<12 hex>.json`, the local index's files (`manifest/localSearch.ts`).
 *
 * Shell chunks (`assets/`) carry esbuild's hash, which is not a digest of
 * their bytes; they are not checked here.
 *
 * The page's data layer (`src/data/fetchText.ts`, `store.ts`) checks with the
 * same functions before it shows or stores a file.
 */
import { fetchBody, type FetchedBody } from '../lib/fetchBody';

/** The hash prefix a URL's file name carries (absolute, or a path), or null when the file is not named by its content. */
export function expectedHash(url: string): string | null {
  const { pathname } = new URL(url, 'http://localhost/');
  const m = /\/blobs\/([0-9a-f]{16})\.(?:md|html|json)$/.exec(pathname) ?? /\/search\/[a-z]+\.([0-9a-f]{12})\.json$/.exec(pathname);
  return m?.[1] ?? null;
}

/** Status text of the worker's answer for a file whose bytes do not match its name (status 502). */
export const MISMATCH_STATUS_TEXT = 'Content does not match its name';

/** Lowercase hex SHA-256 of some bytes. */
async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether some bytes are the file `url` names: true for files not named by
 * their content. A page served over plain HTTP from another host than
 * localhost has no Web Crypto (nor a service worker): there nothing can be
 * checked, and the bytes are taken as they are.
 */
async function bytesMatchName(url: string, bytes: BufferSource): Promise<boolean> {
  const hash = expectedHash(url);
  if (hash === null || !globalThis.crypto?.subtle) return true;
  return (await sha256Hex(bytes)).startsWith(hash);
}

/** Whether a stored text (IndexedDB keeps a file's text) is the file `url` names. */
export const textMatchesName = (url: string, text: string): Promise<boolean> => bytesMatchName(url, new TextEncoder().encode(text));

/**
 * Whether a response's body is the file its URL names: true for files not
 * named by their content; reads a clone, so the response stays usable.
 */
export async function matchesName(url: string, response: Response): Promise<boolean> {
  try {
    return await bytesMatchName(url, await response.clone().arrayBuffer());
  } catch {
    // An unreadable body (a network error mid-stream) is no proof of the file either.
    return false;
  }
}

/** An answer, its body, and whether that body is the file the URL names. */
export interface CheckedBody extends FetchedBody {
  /** False when the file is named by its content and the body is another (or the worker refused it as such). */
  intact: boolean;
}

/**
 * GETs a file and checks it against its name. A wrong body (a proxy, a
 * half-finished deploy), or the worker's refusal of one, is fetched once more
 * past the HTTP cache (`cache: 'reload'`): a wrong copy the browser keeps as
 * `immutable` would otherwise be the answer for good, whatever the host sends.
 */
export async function fetchChecked(url: string, init: RequestInit = {}): Promise<CheckedBody> {
  const check = async ({ response, bytes }: FetchedBody): Promise<CheckedBody> => ({
    response,
    bytes,
    intact: response.ok ? await bytesMatchName(url, bytes) : response.statusText !== MISMATCH_STATUS_TEXT,
  });
  const first = await check(await fetchBody(url, init));
  return first.intact ? first : check(await fetchBody(url, { ...init, cache: 'reload' }));
}
