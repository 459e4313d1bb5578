import { describe, expect, it } from 'vitest';
import { ARTICLE_HEADER, BLOB_HEADER, CONTENT_HEADER } from '../../../src/sw/protocol';
import { isCurrentPage } from '../../../src/sw/storage';
import { makeDoc, makeManifest } from '../../helpers/manifest';

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
