import { beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../../src/data/readerIntent');
const MODULE = '../../../src/data/readerIntent';

/** A fresh module with fresh storage (memory, as in a browser that blocks it). */
async function load() {
  return import('../../../src/data/readerIntent');
}

/** The module once more over the same storage, as a later page load of the same device has it. */
const reload = (visit: number) => import(/* @vite-ignore */ `${MODULE}?visit=${visit}`) as Promise<Module>;

describe('readerIntent', () => {
  beforeEach(() => vi.resetModules());

  it('is not shown by the first page, nor by the same page again', async () => {
    const { notePageView, readerIntent } = await load();
    notePageView('/abp-react/docs/intro');
    notePageView('/abp-react/docs/intro');
    expect(readerIntent.get().shown).toBe(false);
  });

  it('is shown by a second page, once, and tells its listeners', async () => {
    const { notePageView, readerIntent } = await load();
    const heard = vi.fn();
    readerIntent.subscribe(heard);
    notePageView('/abp-react/docs/intro');
    notePageView('/abp-react/docs/faq');
    notePageView('/abp-react/docs/setup');
    expect(readerIntent.get().shown).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('is shown on a later visit by another page than the first, and by any page once shown', async () => {
    const storage = await import('../../../src/data/siteStorage');
    const first = await load();
    first.notePageView('/abp-react/docs/intro');
    // The same storage, a new page load: the module starts again.
    const again = await reload(2);
    expect(storage.siteLocalStore.get('docs-first-page')).toBe('/abp-react/docs/intro');
    again.notePageView('/abp-react/docs/intro');
    expect(again.readerIntent.get().shown).toBe(false);
    again.notePageView('/abp-react/docs/faq');
    expect(again.readerIntent.get().shown).toBe(true);
    const third = await reload(3);
    third.notePageView('/abp-react/docs/intro');
    expect(third.readerIntent.get().shown).toBe(true);
  });
});
