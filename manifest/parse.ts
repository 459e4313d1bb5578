/**
 * The gates both sides pass: the build checks what it writes and the shell
 * what it fetches, so a mismatch fails loudly instead of rendering half a
 * page. `parseManifest()` checks the root (`manifest.json`), `parseShard()` a
 * page shard and `parseSidebarShard()` a sidebar shard.
 */
import { MANIFEST_VERSION } from './constants';
import { ManifestShapeError, ManifestVersionError } from './manifestErrors';
import type { CategoryCard, LocaleStrings, ManifestRoot, ManifestShard, SidebarShard } from './types';

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

/** Checks untrusted JSON against the root manifest contract and returns it typed. */
export function parseManifest(json: unknown): ManifestRoot {
  need(isObject(json), 'the document is not an object');
  if (json.manifestVersion !== MANIFEST_VERSION) throw new ManifestVersionError(json.manifestVersion, MANIFEST_VERSION);
  need(typeof json.contentHash === 'string', '`contentHash` is not a string');
  need(isObject(json.site) && typeof json.site.title === 'string' && typeof json.site.baseUrl === 'string', '`site` lacks title or baseUrl');
  need(Array.isArray(json.versions) && json.versions.length > 0, '`versions` is empty');
  need(isObject(json.search) && typeof json.search.entry === 'string', '`search` lacks its entry');
  need(Array.isArray(json.shards) && json.shards.length > 0 && json.shards.every((s) => typeof s === 'string'), '`shards` is not a list of names');
  need(
    Array.isArray(json.shardStarts) && json.shardStarts.length === json.shards.length && json.shardStarts.every((s) => typeof s === 'string'),
    '`shardStarts` does not name a first route per shard',
  );
  need(
    isObject(json.totals) && typeof json.totals.pages === 'number' && typeof json.totals.bytes === 'number' && typeof json.totals.articles === 'number',
    '`totals` lacks pages, bytes or articles',
  );
  need(json.articlesIn === 'blobs' || json.articlesIn === 'routes', '`articlesIn` is neither "blobs" nor "routes"');
  need(json.shell === undefined || json.shell === null || typeof json.shell === 'string', '`shell` is neither a file nor null');
  // A manifest saved before it named its shell (IndexedDB, the worker's cache) names none.
  json.shell ??= null;
  return json as unknown as ManifestRoot;
}

/** Checks untrusted JSON against the page shard contract and returns it typed. */
export function parseShard(json: unknown, name: string): ManifestShard {
  const where = (key: string) => `shard ${name}: \`${key}\``;
  need(isObject(json), `shard ${name} is not an object`);
  need(isObject(json.docs), `${where('docs')} is not an object`);
  for (const [id, doc] of Object.entries(json.docs)) checkPage(doc, `shard ${name}: docs[${JSON.stringify(id)}]`);
  need(isObject(json.pages), `${where('pages')} is not an object`);
  for (const [id, page] of Object.entries(json.pages)) checkPage(page, `shard ${name}: pages[${JSON.stringify(id)}]`);
  need(isObject(json.categories), `${where('categories')} is not an object`);
  for (const [slug, category] of Object.entries(json.categories)) {
    const at = `shard ${name}: categories[${JSON.stringify(slug)}]`;
    need(isObject(category) && Array.isArray(category.items), `${at}.items is not an array`);
    const more = category.more;
    need(
      more === null || (isObject(more) && typeof more.count === 'number' && typeof more.file === 'string'),
      `${at}.more is neither null nor a count and a file`,
    );
  }
  need(isObject(json.routes), `${where('routes')} is not an object`);
  for (const [path, target] of Object.entries(json.routes)) {
    need(isObject(target) && typeof target.kind === 'string', `shard ${name}: routes[${JSON.stringify(path)}] has no kind`);
  }
  need(isObject(json.files), `${where('files')} is not an object`);
  need(isObject(json.sources), `${where('sources')} is not an object`);
  return json as unknown as ManifestShard;
}

/** Checks untrusted JSON against the sidebar shard contract and returns it typed. */
export function parseSidebarShard(json: unknown, name: string): SidebarShard {
  need(isObject(json) && Array.isArray(json.items), `sidebar shard ${name} has no \`items\` list`);
  return json as unknown as SidebarShard;
}

/** Checks untrusted JSON against the contract of a locale's strings (`SiteLocale.strings`) and returns it typed. */
export function parseLocaleStrings(json: unknown, name: string): LocaleStrings {
  need(
    isObject(json) && isObject(json.strings) && Object.values(json.strings).every((message) => typeof message === 'string'),
    `locale strings ${name} are not an object of texts`,
  );
  need(
    isObject(json.sidebars) && Object.values(json.sidebars).every((sidebars) => isObject(sidebars) && Object.values(sidebars).every(Array.isArray)),
    `locale strings ${name} have no sidebars by version and id`,
  );
  return json as unknown as LocaleStrings;
}

/** Checks untrusted JSON against the contract of a category's further cards (`CategoryIndex.more`) and returns it typed. */
export function parseCategoryCards(json: unknown, name: string): CategoryCard[] {
  need(Array.isArray(json), `category cards ${name} are not a list`);
  json.forEach((card: unknown, i) =>
    need(
      isObject(card) && typeof card.title === 'string' && typeof card.path === 'string' && typeof card.description === 'string',
      `category cards ${name}: card ${i} lacks a title, path or description`,
    ),
  );
  return json as CategoryCard[];
}
