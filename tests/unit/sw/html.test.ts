import { describe, expect, it } from 'vitest';
import { articleOfHtml, asAppShell, blobOfHtml, imagesOfHtml, pageKey, withCurrentShell } from '../../../src/sw/html';
import { ARTICLE_HEADER, BLOB_HEADER, CONTENT_HEADER } from '../../../src/sw/protocol';
import { isCurrentPage } from '../../../src/sw/storage';
import { routeChanged } from '../../../src/data/updatesCheck';
import { makeDoc, makeManifest, makeSiteConfigInput } from '../../helpers/manifest';

const SCOPE = 'http://127.0.0.1:4000/abp-react/';

describe('pageKey', () => {
  it('stores a page under its canonical URL, without query or hash', () => {
    const key = (path: string) => pageKey(new URL(path, SCOPE), SCOPE);
    expect(key('/abp-react/docs/intro')).toBe(`${SCOPE}docs/intro`);
    expect(key('/abp-react/docs/intro.html?offlineMode=true#setup')).toBe(`${SCOPE}docs/intro`);
    expect(key('/abp-react/docs/intro/index.html')).toBe(`${SCOPE}docs/intro`);
    expect(key('/abp-react/docs/intro/')).toBe(`${SCOPE}docs/intro`);
    expect(key('/abp-react/')).toBe(SCOPE);
    expect(key('/abp-react/index.html')).toBe(SCOPE);
  });

  it('leaves a URL outside the scope as it is', () => {
    expect(pageKey(new URL('http://127.0.0.1:4000/other/page?x=1'), SCOPE)).toBe('http://127.0.0.1:4000/other/page');
  });
});

describe('HTML helpers', () => {
  const html = [
    '<link rel="stylesheet" href="/abp-react/assets/main-OLDCSS1.css">',
    '<link rel="modulepreload" href="/abp-react/assets/chunks/react-OLD1.js">',
    '<link rel="modulepreload" fetchpriority="low" href="/abp-react/assets/chunks/router-OLD2.js">',
    '<link rel="preload" href="/abp-react/blobs/0a1b2c.md" as="fetch">',
    '<meta name="docs-article" content="9f8e7d.html">',
    '<script type="module" src="/abp-react/assets/main-OLDJS1.js"></script>',
    '<main id="main" class="main"><h1>Home</h1><img src="/abp-react/img/a.png"><img src="https://example.com/b.png"></main>',
  ].join('\n');

  it('points a page saved by an older shell at the current one', () => {
    const out = withCurrentShell(html, { js: 'assets/main-NEWJS.js', css: 'assets/main-NEWCSS.css' });
    expect(out).toContain('/abp-react/assets/main-NEWJS.js');
    expect(out).toContain('/abp-react/assets/main-NEWCSS.css');
    expect(out).not.toMatch(/OLD/);
    expect(withCurrentShell(html, { js: 'assets/main-OLDJS1.js', css: 'assets/main-OLDCSS1.css' })).toBe(html);
  });

  it('finds the page blob and same-origin images, and empties main for the app shell', () => {
    expect(blobOfHtml(html)).toBe('0a1b2c.md');
    expect(blobOfHtml('<p>no blob</p>')).toBeNull();
    expect(articleOfHtml(html)).toBe('9f8e7d.html');
    expect(articleOfHtml('<p>no article</p>')).toBeNull();
    expect(imagesOfHtml(html, '/abp-react/')).toEqual(['/abp-react/img/a.png']);
    expect(asAppShell(html)).toContain('<main id="main" class="main"></main>');
  });
});

describe('routeChanged', () => {
  const docs = [makeDoc({ id: 'intro', title: 'Introduction', blob: 'a.md' }), makeDoc({ id: 'faq', path: '/docs/faq', title: 'FAQ', blob: 'b.md' })];
  const before = makeManifest({ docs });

  it('is true only for the route whose blob or title changed', () => {
    const after = makeManifest({ docs: [docs[0]!, { ...docs[1]!, blob: 'c.md' }] });
    expect(routeChanged(before, after, '/docs/faq')).toBe(true);
    expect(routeChanged(before, after, docs[0]!.path)).toBe(false);
    const retitled = makeManifest({ docs: [{ ...docs[0]!, title: 'Welcome' }, docs[1]!] });
    expect(routeChanged(before, retitled, docs[0]!.path)).toBe(true);
  });

  it('is true when the route disappeared, and for the home page when its texts changed', () => {
    const removed = makeManifest({ docs: [docs[0]!] });
    expect(routeChanged(before, removed, '/docs/faq')).toBe(true);
    expect(routeChanged(before, makeManifest({ docs }), '/')).toBe(false);
    const home = makeManifest({ docs, site: { home: { ...makeSiteConfigInput().home, lead: 'Another lead' } } });
    expect(routeChanged(before, home, '/')).toBe(true);
  });
});

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
