/** What a build keeps for the next: products by key in one bounded cache, checked on every hit when asked. */
import { describe, expect, it } from 'vitest';
import { BuildSession, changedEntries, slot, StaleProductError } from '../../node/session';

describe('BuildSession', () => {
  it('makes a product once per key, and again for another key', () => {
    const session = new BuildSession();
    let made = 0;
    const make = (n: number) => () => (made++, { n });
    const first = session.product('square', '2', make(4));
    expect(session.product('square', '2', make(4))).toBe(first);
    expect(session.product('square', '3', make(9))).toEqual({ n: 9 });
    expect(made).toBe(2);
  });

  it('finds a key that misses an input, when it checks its hits', () => {
    const checked = new BuildSession({ check: true });
    let title = 'Intro';
    // The entry reads the title, which its key leaves out.
    const entry = () => checked.product('entry', 'docs/intro.md', () => ({ title }));
    entry();
    expect(entry()).toEqual({ title: 'Intro' });
    title = 'Introduction';
    expect(entry).toThrow(StaleProductError);
    expect(entry).toThrow(/entry product under key "docs\/intro.md" differs from one made now: its key misses an input/);
    // Named in its key, the input makes another product.
    expect(checked.product('entry', `docs/intro.md\0${title}`, () => ({ title }))).toEqual({ title: 'Introduction' });
  });

  it("holds one product of a kind per owner: an owner's product under another key replaces it", () => {
    const session = new BuildSession();
    let made = 0;
    const entry = (key: string, owner: string) => session.product('entry', key, () => (made++, { key }), { owner });
    entry('intro v1', 'docs/intro.md');
    entry('setup v1', 'docs/setup.md');
    expect(session.size.products).toBe(2);
    entry('intro v2', 'docs/intro.md');
    expect(session.size.products).toBe(2);
    // The other owner's product is still held; the replaced one is made again when asked for.
    entry('setup v1', 'docs/setup.md');
    expect(made).toBe(3);
    entry('intro v1', 'docs/intro.md');
    expect(made).toBe(4);
    expect(session.size.products).toBe(2);
  });

  it('neither keys nor holds what only a next build reuses, when it keeps nothing for one', () => {
    const oneOff = new BuildSession({ keeps: false });
    let keyed = 0;
    const made = oneOff.keptProduct(
      'entry',
      () => String(++keyed),
      () => ({ title: 'Intro' }),
    );
    expect(made).toEqual({ title: 'Intro' });
    expect(keyed).toBe(0);
    expect(oneOff.size.products).toBe(0);
    const kept = new BuildSession();
    const first = kept.keptProduct(
      'entry',
      () => 'intro',
      () => ({ title: 'Intro' }),
    );
    expect(
      kept.keptProduct(
        'entry',
        () => 'intro',
        () => ({ title: 'Intro' }),
      ),
    ).toBe(first);
  });

  it('holds no more than its bytes, the least recently used going first', () => {
    const session = new BuildSession({ maxBytes: 4000 });
    for (let i = 0; i < 10; i++) session.product('text', String(i), () => 'x'.repeat(1000), { bytes: (text) => text.length });
    expect(session.size.bytes).toBeLessThanOrEqual(4000);
    expect(session.size.products).toBeLessThan(10);
    let made = false;
    session.product('text', '9', () => ((made = true), ''));
    expect(made).toBe(false);
    session.product('text', '0', () => ((made = true), ''));
    expect(made).toBe(true);
  });

  it('lists the products asked for with save, and takes restored ones instead of making them', () => {
    const first = new BuildSession({ keeps: false, saves: true });
    first.product('square', '2', () => 4, { save: true });
    first.product('square', '3', () => 9, { save: true });
    first.product('scratch', '1', () => 1);
    expect([...first.savedProducts().products]).toEqual([
      ['square\u00002', 4],
      ['square\u00003', 9],
    ]);
    expect(first.savedProducts().made).toBe(2);

    const next = new BuildSession({ keeps: false, saves: true, restored: new Map(first.savedProducts().products) });
    let made = 0;
    expect(next.product('square', '2', () => (made++, -1), { save: true })).toBe(4);
    expect(made).toBe(0);
    // What the next build did not ask for is not saved again; what it made counts.
    expect(next.product('square', '5', () => (made++, 25), { save: true })).toBe(25);
    expect([...next.savedProducts().products]).toEqual([
      ['square\u00002', 4],
      ['square\u00005', 25],
    ]);
    expect(next.savedProducts().made).toBe(1);
    // A session that does not save lists nothing.
    const unsaved = new BuildSession();
    unsaved.product('square', '2', () => 4, { save: true });
    expect(unsaved.savedProducts().products.size).toBe(0);
  });

  it('checks a restored product like a kept one', () => {
    const session = new BuildSession({ check: true, restored: new Map([['square\u00002', 5]]) });
    expect(() => session.product('square', '2', () => 4, { save: true })).toThrow(/square product under key "2" differs/);
  });

  it('keeps what the last build left only when it keeps things for a next build', () => {
    const last = slot<number>('test:last');
    const kept = new BuildSession();
    kept.remember(last, 1);
    expect(kept.last(last)).toBe(1);
    kept.forget(last);
    expect(kept.last(last)).toBeUndefined();
    const oneOff = new BuildSession({ keeps: false });
    oneOff.remember(last, 1);
    expect(oneOff.last(last)).toBeUndefined();
  });
});

describe('changedEntries', () => {
  const keys = (whole: string, each: Record<string, string>) => ({ whole, each: new Map(Object.entries(each)) });

  it('names the entries whose keys differ, and none when all are the same', () => {
    expect(changedEntries(keys('tables', { a: '1', b: '2', c: '3' }), keys('tables', { a: '1', b: '5', c: '3' }))).toEqual(['b']);
    expect(changedEntries(keys('tables', { a: '1' }), keys('tables', { a: '1' }))).toEqual([]);
  });

  it('makes every entry again when nothing is kept, the whole key differs, or entries came or went', () => {
    expect(changedEntries(undefined, keys('tables', { a: '1' }))).toBeNull();
    expect(changedEntries(keys('tables', { a: '1' }), keys('other tables', { a: '1' }))).toBeNull();
    expect(changedEntries(keys('tables', { a: '1' }), keys('tables', { a: '1', b: '2' }))).toBeNull();
    expect(changedEntries(keys('tables', { a: '1', b: '2' }), keys('tables', { a: '1' }))).toBeNull();
    expect(changedEntries(keys('tables', { a: '1', b: '2' }), keys('tables', { a: '1', c: '2' }))).toBeNull();
  });
});
