import { FETCH_STALL_MS, isStall } from '../lib/fetchBody';

/** A network or HTTP failure while loading the manifest or a blob; the UI offers "Retry". */
export class FetchError extends Error {
  override name = 'FetchError';
  /** The bytes are not the file the name hashes (a proxy or a half-finished deploy changed them). */
  readonly corrupt: boolean;
  constructor(
    /** What was being loaded, for the message. */
    readonly url: string,
    /** HTTP status, or 0 when the request did not complete. */
    readonly status: number,
    options: { cause?: unknown; corrupt?: boolean } = {},
  ) {
    const what = options.corrupt
      ? 'does not match the hash in its name: a proxy or an unfinished deploy changed it, so it was neither shown nor stored'
      : isStall(options.cause)
        ? `stopped answering (nothing for ${FETCH_STALL_MS / 1000} s)`
        : status
          ? `answered HTTP ${status}`
          : 'could not be fetched';
    super(`[docs] ${url} ${what}.`, { cause: options.cause });
    this.corrupt = options.corrupt ?? false;
  }

  /** The host stopped answering: trying again at once would likely wait as long. */
  get stalled(): boolean {
    return isStall(this.cause);
  }
}

/** Query's retry policy for the shell's fetches: once, unless the host stalled (a second wait of `FETCH_STALL_MS` would only delay the Retry). */
export const retryOnceUnlessStalled = (failures: number, error: unknown): boolean => failures < 1 && !(error instanceof FetchError && error.stalled);

/**
 * A code chunk that did not load: `missing` when the host does not have it (a
 * shell deploy replaced it since the page loaded), else a network failure. The
 * UI offers "Retry" (or a reload), never the crash screen.
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    /** The host answered 404 or 410 for the chunk. */
    readonly missing: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      missing
        ? '[docs] A part of the site this page needs is gone: the site was updated since the page loaded.'
        : '[docs] A part of the site this page needs could not be fetched.',
      options,
    );
  }
}
