// A stalled fetch is a load error that says so, and is not retried behind the reader's back.
import { describe, expect, it } from 'vitest';
import { FetchError, retryOnceUnlessStalled } from '../../../src/data/fetchErrors';
import { StallError } from '../../../src/lib/fetchBody';

const URL_ = '/abp-react/blobs/0123456789abcdef.html';

describe('FetchError', () => {
  it('says what happened to the request', () => {
    expect(new FetchError(URL_, 0, { cause: new StallError('x') }).message).toMatchInlineSnapshot(
      `"[docs] /abp-react/blobs/0123456789abcdef.html stopped answering (nothing for 10 s)."`,
    );
    expect(new FetchError(URL_, 0, { cause: new TypeError('Failed to fetch') }).message).toMatchInlineSnapshot(
      `"[docs] /abp-react/blobs/0123456789abcdef.html could not be fetched."`,
    );
    expect(new FetchError(URL_, 503).message).toMatchInlineSnapshot(`"[docs] /abp-react/blobs/0123456789abcdef.html answered HTTP 503."`);
    expect(new FetchError(URL_, 502, { corrupt: true }).message).toMatchInlineSnapshot(
      `"[docs] /abp-react/blobs/0123456789abcdef.html does not match the hash in its name: a proxy or an unfinished deploy changed it, so it was neither shown nor stored."`,
    );
  });

  it('tells a stall from other failures', () => {
    expect(new FetchError(URL_, 0, { cause: new StallError('x') }).stalled).toBe(true);
    expect(new FetchError(URL_, 0, { cause: new TypeError('Failed to fetch') }).stalled).toBe(false);
  });
});

describe('retryOnceUnlessStalled', () => {
  it('retries a failure once, a stall never', () => {
    expect(retryOnceUnlessStalled(0, new FetchError(URL_, 503))).toBe(true);
    expect(retryOnceUnlessStalled(1, new FetchError(URL_, 503))).toBe(false);
    expect(retryOnceUnlessStalled(0, new SyntaxError('Unexpected end of JSON input'))).toBe(true);
    expect(retryOnceUnlessStalled(0, new FetchError(URL_, 0, { cause: new StallError('x') }))).toBe(false);
  });
});
