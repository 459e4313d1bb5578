import { assetUrl } from '../config';
import { fetchChecked } from '../sw/contentHash';
import { FetchError } from './fetchErrors';

/**
 * GETs a file below the base path. Throws `FetchError` on a network error, a
 * stall (`FETCH_STALL_MS` without progress), a non-2xx status, or a file named
 * by its content whose bytes are another file's (checked as the worker checks
 * them, asking past the HTTP cache once): such a copy is never shown or stored.
 */
export async function fetchText(file: string, init?: RequestInit): Promise<string> {
  const url = assetUrl(file);
  let fetched;
  try {
    fetched = await fetchChecked(url, init);
  } catch (cause) {
    throw new FetchError(url, 0, { cause });
  }
  if (!fetched.intact) throw new FetchError(url, 502, { corrupt: true });
  if (!fetched.response.ok) throw new FetchError(url, fetched.response.status);
  return new TextDecoder().decode(fetched.bytes);
}
