/** The site's search client and hit links, shared by the modal and the /search page. */
import { isExternalHref, splitHref, withBase, type Manifest } from '../../manifest';
import { searchClientFor, type DocsSearchClient } from './client';
import { localSearcher } from './localIndex';

/** The link a hit opens, with the base path (`/docs/x#y` → `/abp-react/docs/x#y`). */
export function hitHref(url: string, baseUrl: string): string {
  if (isExternalHref(url)) return url;
  const { path, query, hash } = splitHref(url);
  return withBase(path || '/', baseUrl) + (query ? `?${query}` : '') + (hash ? `#${hash}` : '');
}

/** The search client of a manifest for the docs version `version` (the last one's without), with the local index loader wired in. */
export function siteSearchClient(manifest: Manifest, version?: string): DocsSearchClient {
  return searchClientFor(manifest, localSearcher, version);
}
