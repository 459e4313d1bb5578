// src/config.ts: the base path comes from the page the shell booted in, read once.
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, in a page whose head has `meta` (or no document at all). */
async function configIn(meta: string | null | undefined) {
  vi.resetModules();
  if (meta !== undefined) {
    const content = () => meta;
    vi.stubGlobal('document', {
      querySelector: vi.fn((selector: string) => (selector === 'meta[name="docs-base"]' && meta !== null ? { getAttribute: content } : null)),
    });
  }
  return import('../../src/config');
}

afterEach(() => vi.unstubAllGlobals());

describe('the base path', () => {
  it("is the page's docs-base, with the router's path and file URLs below it", async () => {
    const config = await configIn('/abp-react/');
    expect(config.baseUrl()).toBe('/abp-react/');
    expect(config.basePath()).toBe('/abp-react');
    expect(config.assetUrl('/manifest.json')).toBe('/abp-react/manifest.json');
  });

  it('is read once: a later change of the head moves nothing', async () => {
    const config = await configIn('/one/');
    expect(config.baseUrl()).toBe('/one/');
    vi.stubGlobal('document', { querySelector: () => ({ getAttribute: () => '/two/' }) });
    expect(config.baseUrl()).toBe('/one/');
  });

  it('is the origin root for a site served at `/`, for a page that names none and outside a browser', async () => {
    for (const meta of ['/', null, undefined, 'no-slashes']) {
      const config = await configIn(meta);
      expect(config.baseUrl(), String(meta)).toBe('/');
      expect(config.basePath()).toBe('');
      expect(config.assetUrl('sw.js')).toBe('/sw.js');
    }
  });

  it('is set by the server render, which refuses a path without its slashes', async () => {
    const config = await configIn(undefined);
    config.setBaseUrl('/site/');
    expect(config.assetUrl('blobs/x.md')).toBe('/site/blobs/x.md');
    expect(() => config.setBaseUrl('site')).toThrow('Base path "site" needs a leading and a trailing slash.');
  });
});
