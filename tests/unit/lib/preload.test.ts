// The next route's content is preloaded, except on 2g or data-saver connections.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadAllowed } from '../../../src/lib/preload';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preloadAllowed', () => {
  it('allows preloading without connection information (Firefox, Safari, the build)', () => {
    vi.stubGlobal('navigator', {});
    expect(preloadAllowed()).toBe(true);
    vi.stubGlobal('navigator', undefined);
    expect(preloadAllowed()).toBe(true);
  });

  it('allows it on a fast connection, not with Save-Data or on 2g', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false, effectiveType: '4g' } });
    expect(preloadAllowed()).toBe(true);
    vi.stubGlobal('navigator', { connection: { saveData: true, effectiveType: '4g' } });
    expect(preloadAllowed()).toBe(false);
    vi.stubGlobal('navigator', { connection: { effectiveType: 'slow-2g' } });
    expect(preloadAllowed()).toBe(false);
    vi.stubGlobal('navigator', { connection: { effectiveType: '2g' } });
    expect(preloadAllowed()).toBe(false);
  });
});
