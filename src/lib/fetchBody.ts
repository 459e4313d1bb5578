/**
 * A fetch that cannot wait for ever. The browser gives up on a host that stops
 * answering only after minutes, if at all; a reader would see "Loading…" for as
 * long. Here a request that makes no progress for a while (no answer, or no
 * byte of its body) is aborted, while a slow answer that keeps coming is not.
 *
 * Generic: imports nothing of the shell (the page and the service worker both use it).
 */

/** How long a request may go without progress (its answer, or the next bytes of its body) before it is given up. */
export const FETCH_STALL_MS = 10_000;

/**
 * How long a code chunk may take to load. `import()` shows no progress to
 * watch, so this limits the whole load, with room for the largest chunk on a
 * 2G connection.
 */
export const CHUNK_LOAD_MS = 20_000;

/** The reason a stalled request is aborted with. */
export class StallError extends Error {
  override name = 'StallError';
}

/** Whether an error is a stalled request given up (`StallError`). */
export const isStall = (error: unknown): boolean => error instanceof StallError;

/** An answer and its whole body. */
export interface FetchedBody {
  response: Response;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * GETs `url` and reads its whole body. Rejects with `StallError` when nothing
 * arrives for `stallMs`, with the browser's error on a network failure. The
 * request's signal is this function's own (`init.signal` is not used).
 */
export async function fetchBody(url: string, init: RequestInit = {}, stallMs = FETCH_STALL_MS): Promise<FetchedBody> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new StallError(`${url} sent nothing for ${stallMs / 1000} s.`)), stallMs);
  };
  wait();
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const chunks: Uint8Array[] = [];
    const reader = response.body?.getReader();
    for (;;) {
      wait();
      const read = await reader?.read();
      if (!read || read.done) break;
      chunks.push(read.value);
    }
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return { response, bytes };
  } catch (error) {
    // Aborted for a stall: some browsers reject with their own AbortError rather than the reason.
    throw controller.signal.aborted ? (controller.signal.reason as unknown) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** `promise`, or a `StallError` when it has not settled within `ms` (for an `import()`, which cannot be aborted or watched). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StallError(`${what} did not load within ${ms / 1000} s.`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
