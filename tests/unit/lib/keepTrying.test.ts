// The manifest is retried in the background until the site answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTrying } from '../../../src/lib/keepTrying';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const options = (target: EventTarget) => ({ firstDelayMs: 1000, maxDelayMs: 4000, target, wakeOn: ['online', 'focus'] });

describe('keepTrying', () => {
  it('retries after 1 s, 2 s, then every 4 s, and stops once the attempt succeeds', async () => {
    const results = [false, false, false, false, true];
    const attempt = vi.fn(async () => results.shift() ?? true);
    keepTrying(attempt, options(new EventTarget()));
    expect(attempt).toHaveBeenCalledTimes(0);
    for (const [ms, calls] of [
      [1000, 1],
      [2000, 2],
      [4000, 3],
      [4000, 4],
      [4000, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(attempt).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempt).toHaveBeenCalledTimes(calls);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('tries at once when a wake event fires, one attempt at a time, and counts a throw as a failure', async () => {
    const target = new EventTarget();
    let release: (ok: boolean) => void = () => {};
    const attempt = vi
      .fn<() => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise<boolean>((resolve) => (release = resolve)));
    keepTrying(attempt, options(target));
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('focus'));
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(2);
    release(true);
    await vi.advanceTimersByTimeAsync(0);
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('stops when asked', async () => {
    const attempt = vi.fn(async () => false);
    const stop = keepTrying(attempt, options(new EventTarget()));
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).not.toHaveBeenCalled();
  });
});
