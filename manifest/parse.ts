/**
 * The gates both sides pass: the build checks what it writes and the shell what it fetches or reads from its
 * storage, each document against its whole schema (`types.ts`), so a mismatch fails loudly instead of rendering
 * half a page. `parseManifest()` checks the root (`manifest.json`), `parseShard()` a page shard and
 * `parseSidebarShard()` a sidebar shard. Each returns the document it was given, typed.
 */
import * as v from 'valibot';
import { MANIFEST_VERSION, ROOT_MANIFEST } from './constants';
import { ManifestShapeError, ManifestVersionError } from './manifestErrors';
import {
  CategoryCardSchema,
  LocaleStringsSchema,
  ManifestRootSchema,
  ManifestShardSchema,
  SidebarShardSchema,
  type CategoryCard,
  type LocaleStrings,
  type ManifestRoot,
  type ManifestShard,
  type SidebarShard,
} from './types';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Where in the document an issue lies: `docs["intro"].blob`. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    if (typeof key === 'number') path += `[${key}]`;
    else if (item.type === 'object' && typeof key === 'string' && IDENTIFIER.test(key)) path += path ? `.${key}` : key;
    else path += `[${JSON.stringify(key)}]`;
  }
  return path;
}

/** What is wrong with the value at an issue's path, in words: `is not a string`, `is missing`. */
function wrongOf(issue: v.BaseIssue<unknown>): string {
  if (issue.kind !== 'schema') return issue.message;
  if (issue.received === 'undefined') return 'is missing';
  const expected = issue.expected ?? '';
  const named: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'a boolean', Array: 'a list', Object: 'an object' };
  return `is not ${expected
    .split(' | ')
    .map((type) => named[type] ?? type)
    .join(' or ')}`;
}

/** Checks `json` against `schema`, naming the document `name` in the error. */
function check<T>(schema: v.GenericSchema<T>, json: unknown, name: string): T {
  const result = v.safeParse(schema, json, { abortEarly: true });
  if (result.success) return json as T;
  const [issue] = result.issues;
  const path = pathOf(issue);
  throw new ManifestShapeError(
    `Invalid manifest: ${name}${path ? `: ${path}` : ''} ${path ? wrongOf(issue) : 'is not an object'}. Rebuild the content with \`npm run build:content\`.`,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks untrusted JSON against the root manifest contract and returns it typed. */
export function parseManifest(json: unknown): ManifestRoot {
  if (!isObject(json)) return check(ManifestRootSchema, json, ROOT_MANIFEST);
  if (json.manifestVersion !== MANIFEST_VERSION) throw new ManifestVersionError(json.manifestVersion, MANIFEST_VERSION);
  const root = check(ManifestRootSchema, json, ROOT_MANIFEST);
  if (root.shardStarts.length !== root.shards.length)
    throw new ManifestShapeError(
      `Invalid manifest: ${ROOT_MANIFEST}: shardStarts does not name a first route per shard. Rebuild the content with \`npm run build:content\`.`,
    );
  return root;
}

/** Checks untrusted JSON against the page shard contract and returns it typed. */
export function parseShard(json: unknown, name: string): ManifestShard {
  return check(ManifestShardSchema, json, `shard ${name}`);
}

/** Checks untrusted JSON against the sidebar shard contract and returns it typed. */
export function parseSidebarShard(json: unknown, name: string): SidebarShard {
  return check(SidebarShardSchema, json, `sidebar shard ${name}`);
}

/** Checks untrusted JSON against the contract of a locale's strings (`SiteLocale.strings`) and returns it typed. */
export function parseLocaleStrings(json: unknown, name: string): LocaleStrings {
  return check(LocaleStringsSchema, json, `locale strings ${name}`);
}

const CategoryCardsSchema = v.array(CategoryCardSchema);

/** Checks untrusted JSON against the contract of a category's further cards (`CategoryIndex.more`) and returns it typed. */
export function parseCategoryCards(json: unknown, name: string): CategoryCard[] {
  return check(CategoryCardsSchema, json, `category cards ${name}`);
}
