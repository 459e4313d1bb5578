/** Remembered link resolution: the same answers as resolving, taken over only while the tables are the same. */
import { describe, expect, it } from 'vitest';
import type { LinkContext } from '../../manifest/links';
import { LinkResolver } from '../../node/linkMemo';

const context = (routes: string[], files: LinkContext['files'] = {}): LinkContext => ({
  baseUrl: '/abp-react/',
  routes: Object.fromEntries(routes.map((r) => [r, {}])),
  routeBySource: { 'docs/intro.md': '/docs/intro' },
  assets: new Set(),
  files,
});

describe('LinkResolver', () => {
  it('answers from memory, and takes over the answers of a resolver of a context with the same tables', () => {
    const first = new LinkResolver(context(['/docs/intro', '/docs/setup']));
    const answer = first.link('./setup#install', 'docs/intro.md', '/docs/intro');
    expect(answer).toEqual({ kind: 'route', path: '/docs/setup', hash: 'install' });
    expect(first.link('./setup#install', 'docs/intro.md', '/docs/intro')).toBe(answer);
    const next = new LinkResolver(context(['/docs/intro', '/docs/setup']), first);
    expect(next.tables).toBe(first.tables);
    expect(next.link('./setup#install', 'docs/intro.md', '/docs/intro')).toBe(answer);
  });

  it('resolves again once a route comes or goes, or a file changes', () => {
    const before = new LinkResolver(context(['/docs/intro']));
    expect(before.link('./new', 'docs/intro.md', '/docs/intro')).toEqual({ kind: 'missingPage', path: '/docs/new' });
    const after = new LinkResolver(context(['/docs/intro', '/docs/new']), before);
    expect(after.tables).not.toBe(before.tables);
    expect(after.link('./new', 'docs/intro.md', '/docs/intro')).toEqual({ kind: 'route', path: '/docs/new', hash: '' });
    const small = new LinkResolver(context(['/docs/intro'], { '/img/a.png': { href: '/img/a.png', width: 10, height: 10 } }));
    expect(small.image('/img/a.png', 'docs/intro.md', '/docs/intro')).toMatchObject({ kind: 'file', file: { width: 10 } });
    const big = new LinkResolver(context(['/docs/intro'], { '/img/a.png': { href: '/img/a.png', width: 20, height: 20 } }), small);
    expect(big.image('/img/a.png', 'docs/intro.md', '/docs/intro')).toMatchObject({ kind: 'file', file: { width: 20 } });
  });
});
