import { describe, expect, it } from 'vitest';
import { articleOfHtml, asAppShell, blobOfHtml, imagesOfHtml, pageKey, routeOfKey, routeOfPageKey, withCurrentShell } from '../../../src/sw/html';

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

describe('routes of stored keys', () => {
  it('reads every key of the opened-pages cache as a route, a dot in its last segment too', () => {
    expect(routeOfPageKey(`${SCOPE}docs/intro`, SCOPE)).toBe('/docs/intro');
    expect(routeOfPageKey(`${SCOPE}docs/release-1.0`, SCOPE)).toBe('/docs/release-1.0');
    expect(routeOfPageKey(SCOPE, SCOPE)).toBe('/');
    expect(routeOfPageKey('http://127.0.0.1:4000/other/docs/intro', SCOPE)).toBeNull();
  });

  it('tells the pages of an offline-mode cache from the files stored beside them', () => {
    expect(routeOfKey(`${SCOPE}docs/intro`, SCOPE)).toBe('/docs/intro');
    expect(routeOfKey(SCOPE, SCOPE)).toBe('/');
    for (const file of ['blobs/0123456789abcdef.html', 'blobs/0123456789abcdef.md', 'search/index.0123abcd.json', 'assets/chunks/a-X1.js', 'img/logo.svg']) {
      expect(routeOfKey(`${SCOPE}${file}`, SCOPE), file).toBeNull();
    }
  });
});

describe('HTML helpers', () => {
  const html = [
    '<link rel="stylesheet" href="/abp-react/assets/main-OLDCSS1.css">',
    '<link rel="modulepreload" href="/abp-react/assets/chunks/react-OLD1.js">',
    '<link rel="modulepreload" fetchpriority="low" href="/abp-react/assets/chunks/router-OLD2.js">',
    '<meta name="docs-article" content="9f8e7d.html">',
    '<meta name="docs-blob" content="0a1b2c.md">',
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

  it('points the loader of a page saved by an older shell at the current entry, leaving the loader script as it is', () => {
    const loader = '<script>(function(){var m=document.querySelector(\'meta[name="docs-shell"]\');})()</script>';
    const saved = `<meta name="docs-shell" content="/abp-react/assets/main-OLDJS1.js">\n${loader}`;
    expect(withCurrentShell(saved, { js: 'assets/main-NEWJS.js', css: 'assets/main-NEWCSS.css' })).toBe(
      `<meta name="docs-shell" content="/abp-react/assets/main-NEWJS.js">\n${loader}`,
    );
  });

  it('finds the files a page names and its same-origin images, and empties main for the app shell', () => {
    expect(blobOfHtml(html)).toBe('0a1b2c.md');
    expect(blobOfHtml('<p>no blob</p>')).toBeNull();
    expect(articleOfHtml(html)).toBe('9f8e7d.html');
    expect(articleOfHtml('<p>no article</p>')).toBeNull();
    expect(imagesOfHtml(html, '/abp-react/')).toEqual(['/abp-react/img/a.png']);
    expect(asAppShell(html)).toContain('<main id="main" class="main"></main>');
  });
});
