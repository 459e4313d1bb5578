import { assetUrl } from '../config';
import { fetchBody } from '../lib/fetchBody';
import { FetchError } from './errors';

/**
 * GETs a file below the base path. Throws `FetchError` on a network error, a
 * stall (`FETCH_STALL_MS` without progress) or a non-2xx status.
 */
export async function fetchText(file: string, init?: RequestInit): Promise<string> {
  const url = assetUrl(file);
  let fetched;
  try {
    fetched = await fetchBody(url, init);
  } catch (cause) {
    throw new FetchError(url, 0, { cause });
  }
  if (!fetched.response.ok) throw new FetchError(url, fetched.response.status);
  return new TextDecoder().decode(fetched.bytes);
}
