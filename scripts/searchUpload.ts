/**
 * `npm run search:upload [-- --dist <dir>]`: pushes the build's DocSearch-shaped
 * records (`dist-search/records.json`, beside `dist/`: readers never fetch
 * them, so they are not deployed) to the configured Algolia index
 * with the admin key from `ALGOLIA_ADMIN_KEY`, replacing every record
 * atomically (`replaceAllObjects`: a temporary index filled, then moved over
 * the live one), so the index follows the content without a crawler, and
 * sets the index's synonyms to the site configuration's (`search.synonyms`).
 * `search.hosts` from the site configuration is honoured.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { ROOT_MANIFEST, SEARCH_TIMEOUTS } from '../manifest/constants';
import { parseManifest } from '../manifest/parse';
import { PLACEHOLDER_API_KEY, PLACEHOLDER_APP_ID, type SearchConfig } from '../manifest/siteConfig';
import type { SearchRecord } from '../manifest/types';
import { searchRecordsFile } from '../node/output';
import { algoliaHosts } from '../manifest/searchHosts';
import { commandLine } from './commandLine';

/** Records sent per batch request. */
export const UPLOAD_BATCH_SIZE = 1000;

/** Options of an upload. */
export interface UploadOptions {
  /** The built site, `dist/`. */
  distDir: string;
  /** Admin API key (`ALGOLIA_ADMIN_KEY`). */
  adminKey: string | undefined;
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

/** Uploads the records of `distDir` to the configured index; throws with the fix when it cannot. */
export async function uploadSearchRecords({ distDir, adminKey, log = () => {} }: UploadOptions): Promise<UploadResult> {
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
  const recordsFile = searchRecordsFile(distDir);
  let records: SearchRecord[];
  try {
    records = JSON.parse(readFileSync(recordsFile, 'utf8')) as SearchRecord[];
  } catch (cause) {
    throw new Error(`Cannot upload search records: \`${recordsFile}\` is missing or unreadable. Run \`npm run build\` (or \`npm run build:content\`) first.`, {
      cause,
    });
  }
  const customHosts = algoliaHosts(hosts);
  const client = algoliasearch(appId, adminKey, {
    ...(customHosts ? { hosts: customHosts } : {}),
    timeouts: { ...SEARCH_TIMEOUTS },
  });
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

const USAGE = `usage: npm run search:upload [-- --dist dist]

Replaces every record of the Algolia index content/site.config.json names with the records of the last
build (dist-search/records.json beside the built site), with the admin key from ALGOLIA_ADMIN_KEY.

  --dist DIR      the built site (default: dist)
  -h, --help      print this and exit`;

async function main(): Promise<void> {
  const args = commandLine('search:upload', USAGE, { dist: { type: 'string', default: 'dist' } });
  const distDir = resolve(args.dist);
  try {
    await uploadSearchRecords({ distDir, adminKey: process.env.ALGOLIA_ADMIN_KEY, log: (line) => console.log(line) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error('  cause:', error.cause instanceof Error ? error.cause.message : error.cause);
    process.exitCode = 1;
  }
}

if (process.argv[1] && /searchUpload\.(ts|mjs)$/.test(process.argv[1])) await main();
