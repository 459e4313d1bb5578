// https://github.com/antosubash/abp-react/issues/13 — the worker must not store or serve a file that is not the one its name hashes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectedHash, matchesName } from '../../../src/sw/contentHash';
import { cacheNames, LEGACY_CACHE_NAMES } from '../../../src/sw/protocol';

const SCOPE = 'http://127.0.0.1:4000/abp-react/';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('expectedHash', () => {
  it('reads the hash of blobs, articles and search files, as the build names them', () => {
    expect(expectedHash(`${SCOPE}blobs/0123456789abcdef.md`)).toBe('0123456789abcdef');
    expect(expectedHash(`${SCOPE}blobs/0123456789abcdef.html`)).toBe('0123456789abcdef');
    expect(expectedHash(`${SCOPE}blobs/0123456789abcdef.json`)).toBe('0123456789abcdef');
    expect(expectedHash(`${SCOPE}search/index.0123456789ab.json`)).toBe('0123456789ab');
  });

  it('is null for files not named by their content', () => {
    for (const file of ['manifest.json', 'docs/intro', 'assets/main-WDS4GDRJ.js', 'assets/chunks/chunk-25JK4KML.js', 'img/logo.svg', 'blobs/notahash.md', 'blobs/0123456789abcdef.txt']) {
      expect(expectedHash(SCOPE + file), file).toBeNull();
    }
  });
});

describe('matchesName', () => {
  const body = '# Introduction\n\nWelcome. Ünïcode too.\n';
  const name = `${SCOPE}blobs/${sha(body).slice(0, 16)}.md`;

  it('accepts the bytes the name hashes, and leaves the response readable', async () => {
    const response = new Response(body);
    expect(await matchesName(name, response)).toBe(true);
    expect(await response.text()).toBe(body);
  });

  it('refuses a truncated or different body', async () => {
    expect(await matchesName(name, new Response(body.slice(0, 20)))).toBe(false);
    expect(await matchesName(name, new Response('<html>proxy error</html>'))).toBe(false);
  });

  it('accepts anything for a file not named by its content', async () => {
    expect(await matchesName(`${SCOPE}manifest.json`, new Response('{}'))).toBe(true);
  });
});

describe('cacheNames', () => {
  it('names every runtime cache by the scope, so two sites of one origin never share one', () => {
    const mine = Object.values(cacheNames(SCOPE));
    const other = Object.values(cacheNames('http://127.0.0.1:4000/other-site/'));
    expect(mine).toHaveLength(7);
    for (const name of mine) expect(name.endsWith(`-${SCOPE}`)).toBe(true);
    expect(mine.filter((n) => other.includes(n) || LEGACY_CACHE_NAMES.includes(n))).toEqual([]);
  });
});
