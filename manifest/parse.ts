/**
 * `parseManifest()`: the one gate both sides pass. The build calls it before
 * writing `manifest.json` and the shell after fetching it, so a mismatch fails
 * loudly instead of rendering half a page.
 */
import { MANIFEST_VERSION } from './constants';
import { ManifestShapeError, ManifestVersionError } from './errors';
import type { Manifest } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function need(cond: boolean, what: string): asserts cond {
  if (!cond) throw new ManifestShapeError(`Invalid manifest: ${what}. Rebuild the content with \`npm run build:content\`.`);
}

function checkPage(page: unknown, where: string): void {
  need(isObject(page), `${where} is not an object`);
  for (const key of ['id', 'path', 'title', 'blob', 'article', 'source'] as const) {
    need(typeof page[key] === 'string', `${where}.${key} is not a string`);
  }
  need(Array.isArray(page.headings), `${where}.headings is not an array`);
  need(Array.isArray(page.codeLanguages), `${where}.codeLanguages is not an array`);
}

/** Checks untrusted JSON against the manifest contract and returns it typed. */
export function parseManifest(json: unknown): Manifest {
  need(isObject(json), 'the document is not an object');
  if (json.manifestVersion !== MANIFEST_VERSION) throw new ManifestVersionError(json.manifestVersion, MANIFEST_VERSION);
  need(typeof json.contentHash === 'string', '`contentHash` is not a string');
  need(isObject(json.site) && typeof json.site.title === 'string' && typeof json.site.baseUrl === 'string', '`site` lacks title or baseUrl');
  need(Array.isArray(json.versions) && json.versions.length > 0, '`versions` is empty');
  need(isObject(json.docs), '`docs` is not an object');
  for (const [id, doc] of Object.entries(json.docs)) checkPage(doc, `docs[${JSON.stringify(id)}]`);
  need(isObject(json.pages), '`pages` is not an object');
  for (const [id, page] of Object.entries(json.pages)) checkPage(page, `pages[${JSON.stringify(id)}]`);
  need(isObject(json.categories), '`categories` is not an object');
  need(isObject(json.routes), '`routes` is not an object');
  for (const [path, target] of Object.entries(json.routes)) {
    need(isObject(target) && typeof target.kind === 'string', `routes[${JSON.stringify(path)}] has no kind`);
  }
  need(isObject(json.search) && typeof json.search.records === 'string' && typeof json.search.index === 'string', '`search` lacks its files');
  // `files` came with images (issue 16): a manifest saved before it simply has none.
  if (json.files === undefined) json.files = {};
  need(isObject(json.files), '`files` is not an object');
  return json as unknown as Manifest;
}
