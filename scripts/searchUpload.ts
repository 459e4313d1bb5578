/**
 * `npm run search:upload [-- --dist <dir>]`: pushes the build's DocSearch-shaped
 * records (`dist-search/records.json`, beside `dist/`: readers never fetch
 * them, so they are not deployed) to the configured Algolia index
 * with the admin key from `ALGOLIA_ADMIN_KEY`, replacing every record
 * atomically (`replaceAllObjects`: a temporary index filled, then moved over
 * the live one), so the index follows the content without a crawler, and
 * sets the index's synonyms to the site configuration's (`search.synonyms`).
 * `search.hosts` from the site configuration is honoured, over HTTPS only
 * (plain HTTP for a server on this machine). Every record is checked against
 * the record schema before anything is sent, and an upload that would leave
 * the index with far fewer records than it holds waits for `--allow-shrink`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import * as v from 'valibot';
import { ROOT_MANIFEST, SEARCH_TIMEOUTS } from '../manifest/constants';
import { parseManifest } from '../manifest/parse';
import { PLACEHOLDER_API_KEY, PLACEHOLDER_APP_ID, type SearchConfig } from '../manifest/siteConfig';
import { SearchRecordSchema, type SearchRecord } from '../manifest/types';
import { searchRecordsFile } from '../node/output';
import { algoliaHosts, type AlgoliaHost } from '../manifest/searchHosts';
import { commandLine } from './commandLine';

/** Records sent per batch request. */
export const UPLOAD_BATCH_SIZE = 1000;

/**
 * An upload may leave the index with this share of the records it holds at least; below it (a build of part of the
 * site, an empty records file) the live search would lose most of its pages, so it needs `--allow-shrink`.
 */
const SHRINK_LIMIT = 0.5;

/** Records named in an error about the records file at most. */
const MAX_RECORD_PROBLEMS = 5;

/** Options of an upload. */
export interface UploadOptions {
  /** The built site, `dist/`. */
  distDir: string;
  /** Admin API key (`ALGOLIA_ADMIN_KEY`). */
  adminKey: string | undefined;
  /** Replace the index even with far fewer records than it holds (`--allow-shrink`, `SHRINK_LIMIT`). */
  allowShrink?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What an upload did. */
export interface UploadResult {
  indexName: string;
  records: number;
  /** Synonyms sent (`search.synonyms`). */
  synonyms: number;
}

/** The site's synonyms as Algolia's synonym objects, each with an `objectID` (its own, else one made from its place). */
export function algoliaSynonyms(synonyms: SearchConfig['synonyms']) {
  return synonyms.map(({ objectID, ...synonym }, i) => ({ objectID: objectID ?? `site-synonym-${i + 1}`, ...synonym }));
}

/** Whether a host is this machine (`localhost`, `127.x.x.x`, `[::1]`), where plain HTTP keeps the admin key off the network. */
function onThisMachine(host: AlgoliaHost): boolean {
  const name = host.url
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '::1';
}

/** What is wrong with the records file's value, one line per record (the first few), or null when every record has the record schema. */
function recordsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return `it holds ${value === null ? 'null' : typeof value}, not a list of records`;
  const wrong: string[] = [];
  let count = 0;
  value.forEach((record: unknown, i) => {
    const parsed = v.safeParse(SearchRecordSchema, record);
    if (parsed.success) return;
    count++;
    if (wrong.length >= MAX_RECORD_PROBLEMS) return;
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue);
    wrong.push(`  record ${i}${path ? ` \`${path}\`` : ''}: ${issue.message}`);
  });
  if (!count) return null;
  const more = count > wrong.length ? `\n  … and ${count - wrong.length} more` : '';
  return `${count} of its ${value.length} records ${count === 1 ? 'is' : 'are'} no search record:\n${wrong.join('\n')}${more}`;
}

/** Uploads the records of `distDir` to the configured index; throws with the fix when it cannot. */
export async function uploadSearchRecords({ distDir, adminKey, allowShrink = false, log = () => {} }: UploadOptions): Promise<UploadResult> {
  let manifestText: string;
  try {
    manifestText = readFileSync(join(distDir, ROOT_MANIFEST), 'utf8');
  } catch (cause) {
    throw new Error(`Cannot upload search records: \`${join(distDir, ROOT_MANIFEST)}\` is missing. Run \`npm run build\` first.`, { cause });
  }
  const manifest = parseManifest(JSON.parse(manifestText));
  const { appId, indexName, hosts } = manifest.site.search;
  if (appId === PLACEHOLDER_APP_ID || manifest.site.search.apiKey === PLACEHOLDER_API_KEY) {
    throw new Error(
      `Cannot upload search records: \`search.appId\` and \`search.apiKey\` in \`content/site.config.json\` are the placeholders ${PLACEHOLDER_APP_ID} / ${PLACEHOLDER_API_KEY}. Set your Algolia application id and search-only key, then build again.`,
    );
  }
  if (!adminKey) {
    throw new Error(
      'Cannot upload search records: `ALGOLIA_ADMIN_KEY` is not set. Export the admin API key of the Algolia application, e.g. `ALGOLIA_ADMIN_KEY=… npm run search:upload`.',
    );
  }
  const customHosts = algoliaHosts(hosts);
  const plain = customHosts?.find((host) => host.protocol === 'http' && !onThisMachine(host));
  if (plain) {
    throw new Error(
      `Cannot upload search records: \`search.hosts\` in \`content/site.config.json\` has \`http://${plain.url}\`, and plain HTTP would send the admin key unencrypted. Write the host with https://, then build again.`,
    );
  }
  const recordsFile = searchRecordsFile(distDir);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(recordsFile, 'utf8'));
  } catch (cause) {
    throw new Error(`Cannot upload search records: \`${recordsFile}\` is missing or unreadable. Run \`npm run build\` (or \`npm run build:content\`) first.`, {
      cause,
    });
  }
  // Checked before the first request, so a bad file leaves the live index and the application as they were.
  const wrong = recordsProblem(json);
  if (wrong) throw new Error(`Cannot upload search records: \`${recordsFile}\` is not the build's records file: ${wrong}\nRun \`npm run build\` again.`);
  const records = json as SearchRecord[];
  const client = algoliasearch(appId, adminKey, {
    ...(customHosts ? { hosts: customHosts } : {}),
    timeouts: { ...SEARCH_TIMEOUTS },
  });
  const live = await liveRecordCount(client, indexName);
  if (!allowShrink && records.length < live * SHRINK_LIMIT) {
    throw new Error(
      `Cannot upload search records: \`${indexName}\` holds ${live} records and \`${recordsFile}\` has ${records.length}, which would take most pages out of search. Check that the build covered the whole site, or pass \`--allow-shrink\` to replace the index anyway.`,
    );
  }
  log(
    `[search:upload] replacing every record of \`${indexName}\` with ${records.length} records from ${recordsFile}${customHosts ? ` (hosts: ${hosts!.join(', ')})` : ''}…`,
  );
  await client.replaceAllObjects({ indexName, objects: records as unknown as Record<string, unknown>[], batchSize: UPLOAD_BATCH_SIZE });
  log(`[search:upload] \`${indexName}\` now holds ${records.length} records.`);
  // The synonyms the local index applies, so Algolia answers alike; they replace the index's own.
  const synonyms = algoliaSynonyms(manifest.site.search.synonyms);
  await client.saveSynonyms({ indexName, synonymHit: synonyms, replaceExistingSynonyms: true });
  log(`[search:upload] \`${indexName}\` has the ${synonyms.length} synonyms of the site configuration.`);
  return { indexName, records: records.length, synonyms: synonyms.length };
}

/** How many records the live index holds; 0 when it does not exist yet. */
async function liveRecordCount(client: ReturnType<typeof algoliasearch>, indexName: string): Promise<number> {
  try {
    const { results } = await client.search({ requests: [{ indexName, query: '', hitsPerPage: 0 }] });
    const first = results[0];
    return first && 'nbHits' in first ? (first.nbHits ?? 0) : 0;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return 0;
    throw error;
  }
}

const USAGE = `usage: npm run search:upload [-- --dist dist] [--allow-shrink]

Replaces every record of the Algolia index content/site.config.json names with the records of the last
build (dist-search/records.json beside the built site), with the admin key from ALGOLIA_ADMIN_KEY.

  --dist DIR      the built site (default: dist)
  --allow-shrink  replace the index even when the build has far fewer records than it holds
  -h, --help      print this and exit`;

async function main(): Promise<void> {
  const args = commandLine('search:upload', USAGE, { dist: { type: 'string', default: 'dist' }, 'allow-shrink': { type: 'boolean', default: false } });
  const distDir = resolve(args.dist);
  try {
    await uploadSearchRecords({ distDir, adminKey: process.env.ALGOLIA_ADMIN_KEY, allowShrink: args['allow-shrink'], log: (line) => console.log(line) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error('  cause:', error.cause instanceof Error ? error.cause.message : error.cause);
    process.exitCode = 1;
  }
}

if (process.argv[1] && /searchUpload\.(ts|mjs)$/.test(process.argv[1])) await main();
