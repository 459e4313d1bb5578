import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBaseUrl } from '../../../src/config';
import { offerNewShell, routeChanged } from '../../../src/data/updatesCheck';
import { updates } from '../../../src/data/updatesStore';
import { makeDoc, makeManifest, makeSiteConfigInput } from '../../helpers/manifestFixtures';

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

// Without a service worker, a shell deploy is noticed from the manifest, not only when a chunk is missing.
describe('offerNewShell', () => {
  setBaseUrl('/abp-react/');
  const page = 'http://127.0.0.1:4000/abp-react/docs/intro';
  const reload = vi.fn();
  /** A tab running the shell `assets/main-OLDSHELL.js`, which a worker controls or not. */
  const tab = (controlled: boolean) => {
    vi.stubGlobal('document', {
      baseURI: page,
      querySelector: (selector: string) => (selector.includes('docs-shell') ? { content: '/abp-react/assets/main-OLDSHELL.js' } : null),
    });
    vi.stubGlobal('window', { location: { href: page, reload } });
    vi.stubGlobal('navigator', { serviceWorker: { controller: controlled ? {} : null } });
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    updates.set({ shell: null });
    reload.mockClear();
  });

  it('offers the reload when the manifest names another shell and no worker controls the tab', () => {
    tab(false);
    offerNewShell({ shell: 'assets/main-NEWSHELL.js' });
    expect(updates.get().shell).not.toBeNull();
    updates.get().shell!();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers nothing for the running shell, a manifest that names none, or a tab a worker controls (its update offers it)', () => {
    tab(false);
    offerNewShell({ shell: 'assets/main-OLDSHELL.js' });
    offerNewShell({ shell: null });
    expect(updates.get().shell).toBeNull();
    tab(true);
    offerNewShell({ shell: 'assets/main-NEWSHELL.js' });
    expect(updates.get().shell).toBeNull();
  });
});
