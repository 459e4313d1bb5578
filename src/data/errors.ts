/** A network or HTTP failure while loading the manifest or a blob; the UI offers "Retry". */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    /** What was being loaded, for the message. */
    readonly url: string,
    /** HTTP status, or 0 when the request did not complete. */
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(status ? `[docs] ${url} answered HTTP ${status}.` : `[docs] ${url} could not be fetched.`, options);
  }
}

/** A route that does not exist in the manifest (spec: every doc route is exact). */
export class PageNotFoundError extends Error {
  override name = 'PageNotFoundError';
}
