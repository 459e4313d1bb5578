import { describe, expect, it } from 'vitest';
import {
  articleLinksFrom,
  hrefFor,
  imageFor,
  joinPath,
  relativeRoute,
  resolveContentImage,
  resolveContentLink,
  type LinkContext,
} from '../../../manifest/links';

const ctx: LinkContext = {
  baseUrl: '/abp-react/',
  routes: { '/': {}, '/docs': {}, '/docs/intro': {}, '/docs/guides/setup': {}, '/docs/guides/deploy': {}, '/markdown-page': {} },
  routeBySource: {
    'docs/intro.md': '/docs/intro',
    'docs/guides/setup.md': '/docs/guides/setup',
    'docs/guides/deploy.mdx': '/docs/guides/deploy',
    'pages/markdown-page.md': '/markdown-page',
  },
  assets: new Set(['img/logo.svg']),
};

/** Resolves a link written in `docs/guides/deploy.mdx` (route `/docs/guides/deploy`). */
const fromDeploy = (href: string) => resolveContentLink(href, 'docs/guides/deploy.mdx', '/docs/guides/deploy', ctx);

describe('resolveContentLink', () => {
  it('resolves a relative .md file against the source folder', () => {
    expect(fromDeploy('setup.md')).toEqual({ kind: 'route', path: '/docs/guides/setup', hash: '' });
    expect(fromDeploy('./setup.md#install')).toEqual({ kind: 'route', path: '/docs/guides/setup', hash: 'install' });
    expect(fromDeploy('../intro.md')).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
    expect(fromDeploy('../../pages/markdown-page.md')).toEqual({ kind: 'route', path: '/markdown-page', hash: '' });
  });

  it('resolves a file path below content/docs written from the root', () => {
    expect(fromDeploy('/intro.md')).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
    expect(fromDeploy('/docs/intro.md')).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
  });

  it('resolves an absolute route, with or without the base path', () => {
    expect(fromDeploy('/docs/intro')).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
    expect(fromDeploy('/docs/intro/#top')).toEqual({ kind: 'route', path: '/docs/intro', hash: 'top' });
    expect(fromDeploy('/docs/intro.html')).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
    expect(fromDeploy('/abp-react/docs/intro#top')).toEqual({ kind: 'route', path: '/docs/intro', hash: 'top' });
    expect(fromDeploy('/abp-react/')).toEqual({ kind: 'route', path: '/', hash: '' });
  });

  it('resolves a relative route against the page route, as a browser would', () => {
    expect(fromDeploy('setup')).toEqual({ kind: 'route', path: '/docs/guides/setup', hash: '' });
    expect(fromDeploy('../intro#x')).toEqual({ kind: 'route', path: '/docs/intro', hash: 'x' });
  });

  it('points a #hash-only link at the page itself', () => {
    expect(fromDeploy('#section')).toEqual({ kind: 'route', path: '/docs/guides/deploy', hash: 'section' });
  });

  it('leaves external links alone', () => {
    for (const href of ['https://abp.io', 'http://x.test/docs/intro', 'mailto:a@b.c', '//cdn.test/x.js', 'javascript:alert(1)']) {
      expect(fromDeploy(href), href).toEqual({ kind: 'external' });
    }
  });

  it('recognises static assets', () => {
    expect(fromDeploy('/img/logo.svg')).toEqual({ kind: 'asset', path: 'img/logo.svg' });
    expect(fromDeploy('/abp-react/img/logo.svg')).toEqual({ kind: 'asset', path: 'img/logo.svg' });
  });

  it('reports a route that matches no page', () => {
    expect(fromDeploy('/docs/nope')).toEqual({ kind: 'missingPage', path: '/docs/nope' });
    expect(fromDeploy('nope/')).toEqual({ kind: 'missingPage', path: '/docs/guides/nope' });
  });

  it('reports a markdown file that does not exist', () => {
    expect(fromDeploy('missing.md')).toEqual({ kind: 'missingFile', file: 'docs/guides/missing.md' });
    expect(fromDeploy('../other/x.md#y')).toEqual({ kind: 'missingFile', file: 'docs/other/x.md' });
  });

  it('decodes escaped characters before looking a file up', () => {
    const spaced: LinkContext = { ...ctx, routeBySource: { 'docs/my page.md': '/docs/my page' } };
    expect(resolveContentLink('my%20page.md', 'docs/intro.md', '/docs/intro', spaced)).toEqual({ kind: 'route', path: '/docs/my page', hash: '' });
  });

  it("resolves a locale's standalone page's .md links as the page it translates does, in the locale", () => {
    const localized: LinkContext = { ...ctx, routes: { ...ctx.routes, '/fr/docs/intro': {} } };
    const fromPage = (href: string) => resolveContentLink(href, 'i18n/fr/docusaurus-plugin-content-pages/markdown-page.md', '/fr/markdown-page', localized);
    expect(fromPage('../docs/intro.md#top')).toEqual({ kind: 'route', path: '/fr/docs/intro', hash: 'top' });
    // A page the locale lacks opens in the default locale.
    expect(fromPage('../docs/guides/setup.md')).toEqual({ kind: 'route', path: '/docs/guides/setup', hash: '' });
    expect(fromPage('../docs/missing.md')).toEqual({ kind: 'missingFile', file: 'i18n/fr/docs/missing.md' });
  });

  it('accepts the route table as a Set', () => {
    const withSet: LinkContext = { ...ctx, routes: new Set(['/docs/intro']) };
    expect(resolveContentLink('/docs/intro', 'docs/a.md', '/docs/a', withSet)).toEqual({ kind: 'route', path: '/docs/intro', hash: '' });
    expect(resolveContentLink('/docs/x', 'docs/a.md', '/docs/a', withSet)).toEqual({ kind: 'missingPage', path: '/docs/x' });
  });
});

describe('hrefFor', () => {
  it('adds the base path to routes and assets and keeps the rest', () => {
    expect(hrefFor({ kind: 'route', path: '/docs/intro', hash: 'top' }, '/abp-react/')).toBe('/abp-react/docs/intro#top');
    expect(hrefFor({ kind: 'route', path: '/', hash: '' }, '/abp-react/')).toBe('/abp-react/');
    expect(hrefFor({ kind: 'asset', path: 'img/logo.svg' }, '/abp-react/')).toBe('/abp-react/img/logo.svg');
    expect(hrefFor({ kind: 'external' }, '/abp-react/')).toBeNull();
    expect(hrefFor({ kind: 'missingPage', path: '/x' }, '/abp-react/')).toBeNull();
  });
});

describe('hrefFor from a page', () => {
  const trees: LinkContext = {
    ...ctx,
    routes: {
      '/docs/intro': { kind: 'doc' },
      '/docs/guides': { kind: 'doc' },
      '/docs/guides/setup': { kind: 'doc' },
      '/docs/category/guides': { kind: 'category' },
      '/docs/next/intro': { kind: 'doc' },
      '/docs/next/guides/setup': { kind: 'doc' },
      '/docs/next': { kind: 'docsRoot' },
      '/docs/pagelike': { kind: 'page' },
      '/fr/docs/intro': { kind: 'doc' },
    },
    trees: ['/docs', '/docs/next', '/fr/docs'],
  };
  const href = (from: string, path: string, hash = '', written = 'x.md') =>
    hrefFor({ kind: 'route', path, hash }, '/abp-react/', { path: from, written, ctx: trees });

  it('writes a link between docs of one version relative to the page, keeping the hash', () => {
    expect(href('/docs/intro', '/docs/guides/setup')).toBe('guides/setup');
    expect(href('/docs/guides/setup', '/docs/intro', 'top')).toBe('../intro#top');
    expect(href('/docs/next/guides/setup', '/docs/next/intro')).toBe('../intro');
    expect(href('/docs/guides/setup', '/docs/category/guides')).toBe('../category/guides');
    // A page whose route is the folder of others (a category's index doc), both ways.
    expect(href('/docs/guides', '/docs/guides/setup')).toBe('guides/setup');
    expect(href('/docs/guides/setup', '/docs/guides')).toBe('../guides');
    // To itself: the hash alone, else its own name.
    expect(href('/docs/guides/setup', '/docs/guides/setup', 'install')).toBe('#install');
    expect(href('/docs/guides/setup', '/docs/guides/setup')).toBe('setup');
  });

  it('keeps absolute a link written from the root, which means that route in every version', () => {
    expect(href('/docs/intro', '/docs/guides/setup', '', '/docs/guides/setup')).toBe('/abp-react/docs/guides/setup');
    expect(href('/docs/intro', '/docs/guides/setup', 'a', '/abp-react/docs/guides/setup#a')).toBe('/abp-react/docs/guides/setup#a');
    expect(href('/docs/next/intro', '/docs/next/guides/setup', '', '/docs/next/guides/setup.md')).toBe('/abp-react/docs/next/guides/setup');
  });

  it('keeps absolute a link that leaves the version, the locale or the docs', () => {
    expect(href('/docs/intro', '/docs/next/intro')).toBe('/abp-react/docs/next/intro');
    expect(href('/docs/next/intro', '/docs/guides/setup')).toBe('/abp-react/docs/guides/setup');
    expect(href('/docs/next/intro', '/docs/next')).toBe('/abp-react/docs/next');
    expect(href('/fr/docs/intro', '/docs/intro')).toBe('/abp-react/docs/intro');
    expect(href('/docs/intro', '/docs/pagelike')).toBe('/abp-react/docs/pagelike');
    expect(href('/docs/intro', '/markdown-page', 'x')).toBe('/abp-react/markdown-page#x');
    expect(href('/markdown-page', '/docs/intro')).toBe('/abp-react/docs/intro');
  });

  it('keeps every link absolute without docs trees', () => {
    expect(hrefFor({ kind: 'route', path: '/docs/intro', hash: '' }, '/abp-react/', { path: '/docs/guides/setup', written: '../intro.md', ctx })).toBe(
      '/abp-react/docs/intro',
    );
  });
});

describe('relativeRoute', () => {
  /** Where a browser on `from`'s URL takes the relative href. */
  const opened = (from: string, to: string) => new URL(relativeRoute(from, to), `http://h/base${from}`).pathname;

  it('resolves, as a browser reads it, to the target', () => {
    const routes = ['/d/a', '/d/b', '/d/g', '/d/g/x', '/d/g/x/y', '/d/h/x', '/d/a:b', '/d/g/a:b'];
    for (const from of routes) for (const to of routes) expect(opened(from, to), `${from} -> ${to}`).toBe(`/base${to}`);
  });

  it('never reads as a scheme', () => {
    expect(relativeRoute('/d/a', '/d/a:b')).toBe('./a:b');
    expect(relativeRoute('/d/g/x', '/d/a:b')).toBe('../a:b');
  });
});

describe('articleLinksFrom', () => {
  it('makes relative links absolute for the page they were written for, and keeps the others', () => {
    const html =
      '<p><a href="guides/setup#a">s</a> <a href="../x?q=1&#x26;r=2">x</a> <a href="#top">t</a> ' +
      '<a href="/abp-react/docs/next/intro">n</a> <a href="https://example.com/a" target="_blank">e</a> <code>&#x3C;a href="y"></code></p>';
    expect(articleLinksFrom(html, '/docs/next/intro', '/abp-react/')).toBe(
      '<p><a href="/abp-react/docs/next/guides/setup#a">s</a> <a href="/abp-react/docs/x?q=1&#x26;r=2">x</a> <a href="#top">t</a> ' +
        '<a href="/abp-react/docs/next/intro">n</a> <a href="https://example.com/a" target="_blank">e</a> <code>&#x3C;a href="y"></code></p>',
    );
  });
});

describe('joinPath', () => {
  it('resolves . and .. segments', () => {
    expect(joinPath('docs/guides', '../intro.md')).toBe('docs/intro.md');
    expect(joinPath('docs', './a/./b')).toBe('docs/a/b');
    expect(joinPath('', '../../x')).toBe('x');
  });
});

describe('resolveContentImage', () => {
  const files = {
    '/img/x.png': { href: '/img/x.png', width: 64, height: 32 },
    'docs/guides/diagram.png': { href: '/blobs/0123456789abcdef.png', width: 40, height: 20 },
  };
  const images: LinkContext = { ...ctx, files };
  const fromSetup = (src: string) => imageFor(resolveContentImage(src, 'docs/guides/setup.md', '/docs/guides/setup', images), '/abp-react/');

  it('resolves a static file with or without the base', () => {
    expect(fromSetup('/img/x.png')).toEqual({ src: '/abp-react/img/x.png', width: 64, height: 32 });
    expect(fromSetup('/abp-react/img/x.png')).toEqual({ src: '/abp-react/img/x.png', width: 64, height: 32 });
  });

  it('resolves an image next to the markdown to its hashed copy', () => {
    expect(fromSetup('./diagram.png')).toEqual({ src: '/abp-react/blobs/0123456789abcdef.png', width: 40, height: 20 });
    expect(fromSetup('diagram.png')).toEqual({ src: '/abp-react/blobs/0123456789abcdef.png', width: 40, height: 20 });
    expect(resolveContentImage('../guides/diagram.png', 'docs/intro.md', '/docs/intro', images)).toMatchObject({
      kind: 'missingImage',
      path: 'guides/diagram.png',
    });
  });

  it('leaves external images and reports missing ones', () => {
    expect(resolveContentImage('https://x.test/a.png', 'docs/intro.md', '/docs/intro', images)).toEqual({ kind: 'external' });
    expect(resolveContentImage('/img/none.png', 'docs/intro.md', '/docs/intro', images)).toEqual({ kind: 'missingImage', path: '/img/none.png' });
  });
});
