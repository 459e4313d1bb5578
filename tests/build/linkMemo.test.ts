/** Remembered link resolution: the same answers as resolving, kept only while the tables are the same. */
import { describe, expect, it } from 'vitest';
import type { LinkContext } from '../../manifest/links';
import { imageTarget, linkTarget } from '../../src/build/linkMemo';

const context = (routes: string[], files: LinkContext['files'] = {}): LinkContext => ({ baseUrl: '/abp-react/', routes: Object.fromEntries(routes.map((r) => [r, {}])), routeBySource: { 'docs/intro.md': '/docs/intro' }, assets: new Set(), files });

describe('linkTarget and imageTarget', () => {
  it('answer from memory while the routes and files are the same, in a new context too', () => {
    const first = linkTarget('./setup#install', 'docs/intro.md', '/docs/intro', context(['/docs/intro', '/docs/setup']));
    expect(first).toEqual({ kind: 'route', path: '/docs/setup', hash: 'install' });
    expect(linkTarget('./setup#install', 'docs/intro.md', '/docs/intro', context(['/docs/intro', '/docs/setup']))).toBe(first);
  });

  it('resolve again once a route comes or goes, or a file changes', () => {
    expect(linkTarget('./new', 'docs/intro.md', '/docs/intro', context(['/docs/intro']))).toEqual({ kind: 'missingPage', path: '/docs/new' });
    expect(linkTarget('./new', 'docs/intro.md', '/docs/intro', context(['/docs/intro', '/docs/new']))).toEqual({ kind: 'route', path: '/docs/new', hash: '' });
    const small = { '/img/a.png': { href: '/img/a.png', width: 10, height: 10 } };
    expect(imageTarget('/img/a.png', 'docs/intro.md', '/docs/intro', context(['/docs/intro'], small))).toMatchObject({ kind: 'file', file: { width: 10 } });
    const big = { '/img/a.png': { href: '/img/a.png', width: 20, height: 20 } };
    expect(imageTarget('/img/a.png', 'docs/intro.md', '/docs/intro', context(['/docs/intro'], big))).toMatchObject({ kind: 'file', file: { width: 20 } });
  });
});
