import { describe, expect, it } from 'vitest';
import { absoluteUrl, isShellAssetPath, normalizeRoutePath, routeHtmlFile, splitHref, stripBase, withBase } from '../../../manifest/paths';

describe('normalizeRoutePath', () => {
  it.each([
    ['/docs/intro', '/docs/intro'],
    ['/docs/intro/', '/docs/intro'],
    ['/docs/intro.html', '/docs/intro'],
    ['/docs/index.html', '/docs'],
    ['/docs/intro/index.html', '/docs/intro'],
    ['/index.html', '/'],
    ['/', '/'],
    ['', '/'],
    ['docs/intro', '/docs/intro'],
    ['//docs///intro//', '/docs/intro'],
    ['/Docs/Intro.HTML', '/Docs/Intro'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeRoutePath(input)).toBe(expected);
  });
});

describe('stripBase', () => {
  it('removes the base path', () => {
    expect(stripBase('/abp-react/docs/intro', '/abp-react/')).toBe('/docs/intro');
    expect(stripBase('/abp-react/', '/abp-react/')).toBe('/');
    expect(stripBase('/abp-react', '/abp-react/')).toBe('/');
  });

  it('returns null outside the base', () => {
    expect(stripBase('/docs/intro', '/abp-react/')).toBeNull();
    expect(stripBase('/abp-reactor/docs', '/abp-react/')).toBeNull();
  });

  it('keeps everything under a root base', () => {
    expect(stripBase('/docs/intro', '/')).toBe('/docs/intro');
    expect(stripBase('/', '/')).toBe('/');
  });
});

describe('withBase', () => {
  it('prefixes the base path', () => {
    expect(withBase('/docs/intro', '/abp-react/')).toBe('/abp-react/docs/intro');
    expect(withBase('/', '/abp-react/')).toBe('/abp-react/');
    expect(withBase('/docs/intro', '/')).toBe('/docs/intro');
    expect(withBase('/', '/')).toBe('/');
  });

  it('is undone by stripBase', () => {
    for (const path of ['/', '/docs', '/docs/category/guides']) expect(stripBase(withBase(path, '/abp-react/'), '/abp-react/')).toBe(path);
  });
});

describe('absoluteUrl', () => {
  it('joins the site, the base and the route', () => {
    expect(absoluteUrl('https://example.com', '/docs/intro', '/abp-react/')).toBe('https://example.com/abp-react/docs/intro');
    expect(absoluteUrl('https://example.com', '/', '/abp-react/')).toBe('https://example.com/abp-react/');
  });

  it('percent-encodes what a URL may not carry raw: spaces, non-ASCII letters, and ? and # inside a name', () => {
    expect(absoluteUrl('https://example.com', '/docs/with space/café', '/abp-react/')).toBe('https://example.com/abp-react/docs/with%20space/caf%C3%A9');
    expect(absoluteUrl('https://example.com', '/docs/why?/c#', '/')).toBe('https://example.com/docs/why%3F/c%23');
  });
});

describe('routeHtmlFile', () => {
  it('maps routes to HTML files below dist/', () => {
    expect(routeHtmlFile('/')).toBe('index.html');
    expect(routeHtmlFile('/docs/intro')).toBe('docs/intro.html');
    expect(routeHtmlFile('/docs/category/guides')).toBe('docs/category/guides.html');
  });
});

describe('splitHref', () => {
  it('splits path, query and hash', () => {
    expect(splitHref('/docs/x?a=1#top')).toEqual({ path: '/docs/x', query: 'a=1', hash: 'top' });
    expect(splitHref('#only')).toEqual({ path: '', query: '', hash: 'only' });
    expect(splitHref('x.md')).toEqual({ path: 'x.md', query: '', hash: '' });
  });
});

describe('isShellAssetPath', () => {
  it("names the shell's hashed scripts and styles, not a site's own files below assets/", () => {
    expect(['assets/main-GJX64ZAH.css', 'assets/main-JHTZN6T3.js', 'assets/chunks/chunk-25JK4KML.js'].every(isShellAssetPath)).toBe(true);
    expect(['assets/img/logo.svg', 'assets/main.js', 'img/main-GJX64ZAH.css', 'assets/fonts/a-GJX64ZAH.woff2'].some(isShellAssetPath)).toBe(false);
  });
});
