import { describe, expect, it } from 'vitest';
import { routeChanged } from '../../../src/data/updatesCheck';
import { makeDoc, makeManifest, makeSiteConfigInput } from '../../helpers/manifest';

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
