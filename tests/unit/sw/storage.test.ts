import { describe, expect, it } from 'vitest';
import { ARTICLE_HEADER, BLOB_HEADER, CONTENT_HEADER } from '../../../src/sw/protocol';
import { contentFiles, isCurrentPage, OFFLINE_BUCKETS, offlineCacheNames, offlineCacheOf, routeFiles } from '../../../src/sw/storage';
import { cacheNames } from '../../../src/sw/protocol';
import { makeDoc, makeManifest } from '../../helpers/manifestFixtures';

describe('isCurrentPage', () => {
  const faq = makeDoc({ id: 'faq', path: '/docs/faq', blob: 'b.md', article: 'b.html' });
  const manifest = makeManifest({ docs: [makeDoc({ id: 'intro', title: 'Introduction' }), faq] });
  const saved = (headers: Record<string, string>) => new Response('<html></html>', { headers });

  it('takes a stored page as current only when its blob and its article both match', () => {
    expect(isCurrentPage(saved({ [BLOB_HEADER]: 'b.md', [ARTICLE_HEADER]: 'b.html' }), manifest, '/docs/faq')).toBe(true);
    // The markdown is the same but a linked page moved, so the article (and the page's HTML) changed.
    expect(isCurrentPage(saved({ [BLOB_HEADER]: 'b.md', [ARTICLE_HEADER]: 'old.html' }), manifest, '/docs/faq')).toBe(false);
    expect(isCurrentPage(saved({ [BLOB_HEADER]: 'old.md', [ARTICLE_HEADER]: 'b.html' }), manifest, '/docs/faq')).toBe(false);
  });

  it('compares the manifest for routes without a page', () => {
    expect(isCurrentPage(saved({ [CONTENT_HEADER]: manifest.contentHash }), manifest, '/')).toBe(true);
    expect(isCurrentPage(saved({ [CONTENT_HEADER]: 'other' }), manifest, '/')).toBe(false);
  });
});

describe('routeFiles', () => {
  const faq = makeDoc({ id: 'faq', path: '/docs/faq', blob: 'b.md', article: 'b.html' });
  const manifest = makeManifest({ docs: [makeDoc({ id: 'intro', title: 'Introduction' }), faq] });
  manifest.routes['/docs/category/long'] = { kind: 'category', slug: 'long' };
  manifest.routes['/docs/category/short'] = { kind: 'category', slug: 'short' };
  const category = { path: '', label: '', description: '', category: [], items: [], previous: null, next: null, sidebarTop: null, sidebar: null };
  manifest.categories.long = { ...category, slug: 'long', path: '/docs/category/long', more: { count: 5, file: 'cards.json' } };
  manifest.categories.short = { ...category, slug: 'short', path: '/docs/category/short', more: null };

  it("names a page's article and markdown, or none when its HTML is its one file", () => {
    expect(routeFiles(manifest, '/docs/faq')).toEqual(['blobs/b.html', 'blobs/b.md']);
    expect(routeFiles({ ...manifest, articlesIn: 'routes' }, '/docs/faq')).toEqual([]);
  });

  it("names a long category's further cards, which offline mode saves and keeps", () => {
    expect(routeFiles(manifest, '/docs/category/long')).toEqual(['blobs/cards.json']);
    expect(routeFiles(manifest, '/docs/category/short')).toEqual([]);
    expect(routeFiles(manifest, '/')).toEqual([]);
    expect(contentFiles(manifest, {})).toContain('blobs/cards.json');
  });
});

describe('offline-mode buckets', () => {
  const ctx = { names: cacheNames('http://127.0.0.1:4000/abp-react/') };

  it('puts each URL in one of the named buckets, always the same', () => {
    const url = 'http://127.0.0.1:4000/abp-react/blobs/0123456789abcdef.html';
    expect(offlineCacheNames(ctx)).toHaveLength(OFFLINE_BUCKETS);
    expect(offlineCacheNames(ctx)).toContain(offlineCacheOf(ctx, url));
    expect(offlineCacheOf(ctx, url)).toBe(offlineCacheOf(ctx, url));
  });

  it('spreads a 10,000-page site so no bucket holds much more than its share of 30,000 entries', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const hash = ((i * 2654435761) >>> 0).toString(16).padStart(16, '0');
      for (const url of [`docs/area/topic-${i}`, `blobs/${hash}.html`, `blobs/${hash}.md`]) {
        const name = offlineCacheOf(ctx, `http://127.0.0.1:4000/abp-react/${url}`);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(OFFLINE_BUCKETS);
    expect(Math.max(...counts.values())).toBeLessThan((30_000 / OFFLINE_BUCKETS) * 1.25);
  });
});
