import { assetUrl } from '../config';
import { FetchError } from './errors';

/** GETs a file below the base path; throws `FetchError` on a network error or non-2xx status. */
export async function fetchText(file: string, init?: RequestInit): Promise<string> {
  const url = assetUrl(file);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    throw new FetchError(url, 0, { cause });
  }
  if (!response.ok) throw new FetchError(url, response.status);
  return response.text();
}
