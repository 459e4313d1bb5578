// The worker must not store or serve a file that is not the one its name hashes.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectedHash, fetchChecked, matchesName, MISMATCH_STATUS_TEXT, textMatchesName } from '../../../src/sw/contentHash';
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
    for (const file of [
      'manifest.json',
      'docs/intro',
      'assets/main-WDS4GDRJ.js',
      'assets/chunks/chunk-25JK4KML.js',
      'img/logo.svg',
      'blobs/notahash.md',
      'blobs/0123456789abcdef.txt',
    ]) {
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

// The page checks what it shows and stores with the worker's check, and a wrong copy in the HTTP cache is not the answer for good.
describe("the page's checks", () => {
  const body = '<h1>Frequently Asked Questions</h1>\n<p>Ünïcode too.</p>\n';
  const name = `${SCOPE}blobs/${sha(body).slice(0, 16)}.html`;
  const tampered = body.replace('Questions', 'Answers');

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A fetch answering each call with the next of `answers`, recording the options. */
  const answering = (...answers: (() => Response)[]) => {
    const calls: (RequestInit | undefined)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      calls.push(init);
      return answers[calls.length - 1]!();
    });
    return calls;
  };

  it('reads a path below the base as well as a URL, and checks a stored text', async () => {
    expect(expectedHash(new URL(name).pathname)).toBe(expectedHash(name));
    expect(await textMatchesName(name, body)).toBe(true);
    expect(await textMatchesName(name, tampered)).toBe(false);
    expect(await textMatchesName(`${SCOPE}docs/faq.html`, tampered)).toBe(true);
  });

  it('asks past the HTTP cache once for a wrong body, and takes the right one', async () => {
    const calls = answering(
      () => new Response(tampered),
      () => new Response(body),
    );
    const fetched = await fetchChecked(name);
    expect(fetched.intact).toBe(true);
    expect(new TextDecoder().decode(fetched.bytes)).toBe(body);
    expect(calls.map((c) => c?.cache)).toEqual([undefined, 'reload']);
  });

  it('says a body is not intact when the host answers it wrong twice', async () => {
    answering(
      () => new Response(tampered),
      () => new Response(tampered),
    );
    expect((await fetchChecked(name)).intact).toBe(false);
  });

  it('asks past the HTTP cache when the worker refused the file for not matching its name', async () => {
    const calls = answering(
      () => new Response(null, { status: 502, statusText: MISMATCH_STATUS_TEXT }),
      () => new Response(body),
    );
    expect((await fetchChecked(name)).intact).toBe(true);
    expect(calls.map((c) => c?.cache)).toEqual([undefined, 'reload']);
  });

  it('fetches once and checks nothing for a file not named by its content, or an HTTP error', async () => {
    const calls = answering(
      () => new Response('{"manifestVersion":3}'),
      () => new Response(null, { status: 404 }),
    );
    expect((await fetchChecked(`${SCOPE}manifest.json`)).intact).toBe(true);
    const missing = await fetchChecked(name);
    expect([missing.intact, missing.response.status]).toEqual([true, 404]);
    expect(calls).toHaveLength(2);
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
