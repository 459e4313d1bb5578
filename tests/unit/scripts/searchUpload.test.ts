/**
 * `npm run search:upload` against our Algolia-protocol server: the
 * build's records replace the index's atomically, with the admin key, on the
 * configured hosts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadSearchRecords } from '../../../scripts/searchUpload';
import { startAlgoliaServer, type AlgoliaServer } from '../../helpers/algoliaServer';
import { makeManifest } from '../../helpers/manifestFixtures';
import { searchRecordsFile } from '../../../node/output';
import { runScript } from '../../helpers/cli';

const records = Array.from({ length: 3 }, (_, i) => ({
  objectID: `/docs/intro#${i}`,
  url: `https://example.com/abp-react/docs/intro#s${i}`,
  type: 'content',
  hierarchy: { lvl0: 'Documentation', lvl1: 'Introduction', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: `Paragraph ${i}`,
  language: 'en',
  docusaurus_tag: 'docs-default-current',
  weight: { pageRank: 0, level: 0, position: i },
}));

let server: AlgoliaServer;
const dirs: string[] = [];

/** A built site (manifest and records) whose search settings point at the server. */
function dist(search: Record<string, unknown> = {}, built: unknown = records): string {
  const dir = mkdtempSync(join(tmpdir(), 'search-upload-'));
  dirs.push(dir);
  const manifest = makeManifest({ site: { search: { appId: 'TESTAPP', apiKey: 'search-key', indexName: 'docs', hosts: [server.url], ...search } } });
  mkdirSync(join(dir, '_app'));
  writeFileSync(join(dir, '_app/manifest.json'), JSON.stringify(manifest));
  mkdirSync(dirname(searchRecordsFile(dir)), { recursive: true });
  writeFileSync(searchRecordsFile(dir), JSON.stringify(built));
  return dir;
}

beforeAll(async () => {
  server = await startAlgoliaServer({
    appId: 'TESTAPP',
    adminKey: 'admin-key',
    indexes: { docs: [{ objectID: 'stale', content: 'old' }], other: [{ objectID: 'x' }] },
  });
});
afterAll(async () => {
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('search:upload', () => {
  it('replaces every record of the index atomically, through a temporary index, with the admin key', async () => {
    const lines: string[] = [];
    const before = server.requests.length;
    const result = await uploadSearchRecords({ distDir: dist(), adminKey: 'admin-key', log: (l) => lines.push(l) });
    expect(result).toEqual({ indexName: 'docs', records: 3, synonyms: 0 });
    expect(server.indexes.get('docs')!.map((r) => r.objectID)).toEqual(records.map((r) => r.objectID));
    expect(server.indexes.get('docs')![0]).toMatchObject({ content: 'Paragraph 0', hierarchy: { lvl1: 'Introduction' } });
    expect([...server.indexes.keys()].sort()).toEqual(['docs', 'other']);
    const calls = server.requests.slice(before);
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path.replace(/docs_tmp_\d+/, 'docs_tmp')}`)).toEqual([
      'POST /1/indexes/*/queries',
      'POST /1/indexes/docs/operation',
      'POST /1/indexes/docs_tmp/batch',
      'POST /1/indexes/docs/operation',
      'POST /1/indexes/docs_tmp/operation',
      'POST /1/indexes/docs/synonyms/batch',
    ]);
    expect(writes[1]!.body).toMatchObject({
      operation: 'copy',
      destination: expect.stringMatching(/^docs_tmp_\d+$/),
      scope: ['settings', 'rules', 'synonyms'],
    });
    expect(writes[4]!.body).toEqual({ operation: 'move', destination: 'docs' });
    for (const c of calls) expect(c.headers['x-algolia-api-key']).toBe('admin-key');
    expect(lines.at(-2)).toBe('[search:upload] `docs` now holds 3 records.');
  });

  it("sets the index's synonyms to the site configuration's, one-way and two-way, each with an objectID", async () => {
    server.synonyms.set('docs', [{ objectID: 'old', type: 'synonym', synonyms: ['a', 'b'] }]);
    const synonyms = [
      { type: 'synonym', synonyms: ['sign in', 'login'] },
      { objectID: 'env', type: 'oneWaySynonym', input: 'env', synonyms: ['environment variable'] },
    ];
    const lines: string[] = [];
    const result = await uploadSearchRecords({ distDir: dist({ synonyms }), adminKey: 'admin-key', log: (l) => lines.push(l) });
    expect(result.synonyms).toBe(2);
    expect(server.synonyms.get('docs')).toEqual([
      { objectID: 'site-synonym-1', type: 'synonym', synonyms: ['sign in', 'login'] },
      { objectID: 'env', type: 'oneWaySynonym', input: 'env', synonyms: ['environment variable'] },
    ]);
    expect(lines.at(-1)).toBe('[search:upload] `docs` has the 2 synonyms of the site configuration.');
  });

  it('leaves the live index alone when the key is refused', async () => {
    server.indexes.set('docs', [{ objectID: 'live' }]);
    await expect(uploadSearchRecords({ distDir: dist(), adminKey: 'wrong-key' })).rejects.toThrow(/Invalid Application-ID or API key/);
    expect(server.indexes.get('docs')).toEqual([{ objectID: 'live' }]);
  });

  it('sends the admin key over HTTPS only, or plain HTTP to this machine', async () => {
    const before = server.requests.length;
    await expect(
      uploadSearchRecords({ distDir: dist({ hosts: ['http://search.example.com:8080'] }), adminKey: 'admin-key' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: Cannot upload search records: \`search.hosts\` in \`content/site.config.json\` has \`http://search.example.com:8080\`, and plain HTTP would send the admin key unencrypted. Write the host with https://, then build again.]`,
    );
    expect(server.requests.length).toBe(before);
    await expect(
      uploadSearchRecords({ distDir: dist({ hosts: [server.url.replace('127.0.0.1', 'localhost')] }), adminKey: 'admin-key' }),
    ).resolves.toMatchObject({
      records: 3,
    });
  });

  it('checks every record against the record schema before it sends anything', async () => {
    server.indexes.set('docs', [{ objectID: 'live' }]);
    const before = server.requests.length;
    const upload = uploadSearchRecords({ distDir: dist({}, [null, 5, { ...records[0], objectID: {} }, ...records]), adminKey: 'admin-key' });
    const error = (await upload.catch((e: unknown) => e)) as Error;
    expect(error.message.replace(/`[^`]*records\.json`/, '`records.json`')).toMatchInlineSnapshot(`
      "Cannot upload search records: \`records.json\` is not the build's records file: 3 of its 6 records are no search record:
        record 0: Invalid type: Expected Object but received null
        record 1: Invalid type: Expected Object but received 5
        record 2 \`objectID\`: Invalid type: Expected string but received Object
      Run \`npm run build\` again."
    `);
    await expect(uploadSearchRecords({ distDir: dist({}, { records }), adminKey: 'admin-key' })).rejects.toThrow(
      /is not the build's records file: it holds object, not a list of records/,
    );
    expect(server.requests.length).toBe(before);
    expect([...server.indexes.keys()].filter((name) => name.startsWith('docs_tmp'))).toEqual([]);
    expect(server.indexes.get('docs')).toEqual([{ objectID: 'live' }]);
  });

  it('refuses to leave the index with far fewer records than it holds, unless the shrink is allowed', async () => {
    const live = Array.from({ length: 7 }, (_, i) => ({ objectID: `live-${i}` }));
    server.indexes.set('docs', live);
    const error = (await uploadSearchRecords({ distDir: dist({}, []), adminKey: 'admin-key' }).catch((e: unknown) => e)) as Error;
    expect(error.message.replace(/`[^`]*records\.json`/, '`records.json`')).toMatchInlineSnapshot(
      `"Cannot upload search records: \`docs\` holds 7 records and \`records.json\` has 0, which would take most pages out of search. Check that the build covered the whole site, or pass \`--allow-shrink\` to replace the index anyway."`,
    );
    await expect(uploadSearchRecords({ distDir: dist(), adminKey: 'admin-key' })).rejects.toThrow(/holds 7 records and .* has 3/);
    expect(server.indexes.get('docs')).toEqual(live);
    await expect(uploadSearchRecords({ distDir: dist({}, []), adminKey: 'admin-key', allowShrink: true })).resolves.toMatchObject({ records: 0 });
    expect(server.indexes.get('docs')).toEqual([]);
    // An index that does not exist yet holds nothing to lose.
    server.indexes.delete('docs');
    await expect(uploadSearchRecords({ distDir: dist(), adminKey: 'admin-key' })).resolves.toMatchObject({ records: 3 });
  });

  it('needs ALGOLIA_ADMIN_KEY, real credentials and a build', async () => {
    await expect(uploadSearchRecords({ distDir: dist(), adminKey: undefined })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: Cannot upload search records: \`ALGOLIA_ADMIN_KEY\` is not set. Export the admin API key of the Algolia application, e.g. \`ALGOLIA_ADMIN_KEY=… npm run search:upload\`.]`,
    );
    await expect(uploadSearchRecords({ distDir: dist({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY' }), adminKey: 'admin-key' })).rejects.toThrow(
      /are the placeholders YOUR_APP_ID \/ YOUR_SEARCH_API_KEY/,
    );
    await expect(uploadSearchRecords({ distDir: join(tmpdir(), 'no-such-dist'), adminKey: 'admin-key' })).rejects.toThrow(
      /manifest.json` is missing\. Run `npm run build` first\./,
    );
  });
});

describe('npm run search:upload command line', () => {
  it('uploads from the folder --dist names, and refuses --dist without one with the usage, exit code 2', () => {
    const missingDist = join(tmpdir(), 'no-such-dist');
    const named = runScript('scripts/searchUpload.ts', ['--dist', missingDist], { ALGOLIA_ADMIN_KEY: 'admin-key' });
    expect(named.status).toBe(1);
    expect(named.stderr).toContain(`\`${join(missingDist, '_app/manifest.json')}\` is missing`);
    const bare = runScript('scripts/searchUpload.ts', ['--dist']);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(
      /^\[search:upload\] Option '--dist <value>' argument missing\n\nusage: npm run search:upload \[-- --dist dist\] \[--allow-shrink\]\n/,
    );
  }, 120_000);
});
