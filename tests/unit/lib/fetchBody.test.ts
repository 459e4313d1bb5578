// No fetch waits for ever: a request that stops making progress is given up, a slow one that keeps coming is not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBody, isStall, StallError, within } from '../../../src/lib/fetchBody';

const URL_ = 'http://127.0.0.1:4000/abp-react/blobs/0123456789abcdef.html';
const STALL_MS = 60;
const encoder = new TextEncoder();

/** A fetch whose answer comes after `delays[0]` ms and whose body's chunks follow, each after its delay; never settles past the last one unless `end`. */
function slowFetch(delays: number[], end: boolean) {
  return vi.fn(async (_url: string, init?: RequestInit) => {
    const signal = init!.signal!;
    const wait = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    await wait(delays[0]!);
    let i = 1;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i < delays.length) {
          await wait(delays[i++]!).catch((error: unknown) => controller.error(error));
          controller.enqueue(encoder.encode(`chunk${i - 1};`));
        } else if (end) controller.close();
        else await wait(60_000).catch((error: unknown) => controller.error(error));
      },
    });
    return new Response(body, { status: 200 });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Runs `fetchBody` on fake timers (the order of the pauses and the stall limit is then exact, however loaded the machine). */
async function fetchOnFakeTimers(stub: ReturnType<typeof slowFetch>, init: RequestInit = {}) {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', stub);
  const settled = fetchBody(URL_, init, STALL_MS).then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  await vi.advanceTimersByTimeAsync(10 * STALL_MS);
  return settled;
}

describe('fetchBody', () => {
  it('reads a body that keeps coming, however long it takes in all', async () => {
    // Five pauses of two thirds of the stall limit: over three times the limit in all.
    const { value } = await fetchOnFakeTimers(slowFetch([40, 40, 40, 40, 40], true));
    expect(value!.response.status).toBe(200);
    expect(new TextDecoder().decode(value!.bytes)).toBe('chunk1;chunk2;chunk3;chunk4;');
  });

  it('gives up a request that gets no answer, with a StallError', async () => {
    const { error } = await fetchOnFakeTimers(slowFetch([60_000], true));
    expect(error).toBeInstanceOf(StallError);
    expect(isStall(error)).toBe(true);
    expect((error as Error).message).toBe(`${URL_} sent nothing for 0.06 s.`);
  });

  it('gives up a body that stops halfway', async () => {
    const { error } = await fetchOnFakeTimers(slowFetch([5, 5], false));
    expect(isStall(error)).toBe(true);
  });

  it('passes a network failure on as it is, and the options to fetch', async () => {
    const failing = vi.fn(async (_url: string, _init?: RequestInit) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failing);
    const error = await fetchBody(URL_, { cache: 'reload' }, STALL_MS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isStall(error)).toBe(false);
    expect(failing.mock.calls[0]![1]).toMatchObject({ cache: 'reload' });
  });
});

describe('within', () => {
  it('passes a settled promise on, and gives up one that takes longer than the limit', async () => {
    expect(await within(Promise.resolve('module'), STALL_MS, 'A chunk')).toBe('module');
    await expect(within(Promise.reject(new TypeError('Failed to fetch')), STALL_MS, 'A chunk')).rejects.toThrow('Failed to fetch');
    const error = await within(new Promise(() => {}), STALL_MS, 'A chunk').catch((e: unknown) => e);
    expect(isStall(error)).toBe(true);
    expect((error as Error).message).toBe('A chunk did not load within 0.06 s.');
  });
});
