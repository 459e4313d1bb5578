// A failed chunk load is not remembered, and a missing chunk is told from a network failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkUrlOf, loadChunk } from '../../../src/data/chunks';
import { ChunkLoadError } from '../../../src/data/fetchErrors';
import { CHUNK_LOAD_MS, isStall } from '../../../src/lib/fetchBody';

const CHUNK = 'http://127.0.0.1:4000/abp-react/assets/chunks/MarkdownView-ODDIRCRY.js';
const failure = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('chunkUrlOf', () => {
  it('reads the chunk URL from Chromium and Firefox messages, and gives null without one (Safari)', () => {
    expect(chunkUrlOf(failure())).toBe(CHUNK);
    expect(chunkUrlOf(new TypeError(`error loading dynamically imported module: ${CHUNK}`))).toBe(CHUNK);
    expect(chunkUrlOf(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});

describe('loadChunk', () => {
  it('throws a ChunkLoadError for a network failure, and imports again on the next call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    // An error that names no file (Safari): the same import runs again. One that names it is imported under a new query (e2e).
    vi.stubGlobal('document', { querySelector: () => null });
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Importing a module script failed.')).mockResolvedValueOnce('module');
    const error = await loadChunk(load, { reload: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).missing).toBe(false);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    expect(await loadChunk(load, { reload: false })).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the chunk is missing when the host answers 404 for it (a shell deploy)', async () => {
    const probe = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', probe);
    const error = await loadChunk(() => Promise.reject(failure()), { reload: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).missing).toBe(true);
    expect(probe).toHaveBeenCalledWith(CHUNK, expect.objectContaining({ method: 'HEAD', cache: 'no-store', signal: expect.any(AbortSignal) }));
  });

  it('probes the shell entry the page names when the error names no file (Safari), and calls a 404 there missing', async () => {
    const probe = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', probe);
    const entry = '/abp-react/assets/main-NEWSHELL.js';
    vi.stubGlobal('document', {
      baseURI: 'http://127.0.0.1:4000/abp-react/docs/intro',
      querySelector: (selector: string) => (selector === 'meta[name="docs-shell"]' ? { content: entry } : null),
    });
    const error = await loadChunk(() => Promise.reject(new TypeError('Importing a module script failed.')), { reload: false }).catch((e: unknown) => e);
    expect((error as ChunkLoadError).missing).toBe(true);
    expect(probe).toHaveBeenCalledWith(
      'http://127.0.0.1:4000/abp-react/assets/main-NEWSHELL.js',
      expect.objectContaining({ method: 'HEAD', cache: 'no-store', signal: expect.any(AbortSignal) }),
    );
  });

  // A chunk that never arrives is a network failure, retried under a new address.
  it('gives up a load that takes longer than CHUNK_LOAD_MS as a network failure, and imports the chunk again under a new address', async () => {
    vi.useFakeTimers();
    // As esbuild writes a call site: the import names the chunk next to this module.
    const stalled = Object.assign(() => new Promise<never>(() => {}), { toString: () => '()=>import("./MarkdownView-STALLED.js")' });
    const pending = loadChunk(stalled, { reload: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_MS);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).missing).toBe(false);
    expect(isStall((error as ChunkLoadError).cause)).toBe(true);
    vi.useRealTimers();
    // The next call does not wait on the stalled request: it asks for the file anew (missing here, so it fails at once).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.stubGlobal('document', { querySelector: () => null });
    const again = await loadChunk(stalled, { reload: false }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ChunkLoadError);
    expect(String((again as ChunkLoadError).cause)).toMatch(/MarkdownView-STALLED\.js\?retry=\d+/);
  });
});
