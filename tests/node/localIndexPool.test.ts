// A CLI build's local index made from the store of saved products, in this thread or in a worker, is the index
// of the pages' products; a save lets the next build make no product it already made; a worker that fails
// leaves the index to this thread.
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalIndexStore, type LocalIndexStoreOptions } from '../../node/localIndexPool';
import { localIndexFiles, localPageProduct, type LocalPageProduct } from '../../node/search';
import { hashTree, ROOT, useFixture } from '../helpers/build';

const product = (n: number): LocalPageProduct =>
  localPageProduct({
    path: `/docs/p${n}`,
    title: `Page ${n}`,
    category: 'Docs',
    meta: '',
    headings: [{ depth: 2, id: 'usage', text: 'Usage' }],
    parts: [{ heading: -1, text: `Tenant page number ${n} explains caching`, code: '' }],
  });

const keys = [0, 1, 2, 3].map((n) => `key-${n}`);

describe('local index store', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'local-index-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Makes the index of `keys` from a store, counting the products it asks for. */
  async function build(options: Partial<LocalIndexStoreOptions>, fallbacks: unknown[] = []) {
    const store = openLocalIndexStore(dir, 'code-1', { root: ROOT, onFallback: (e) => fallbacks.push(e), ...options });
    const asked: number[] = [];
    try {
      const out = await store.index(keys, (i) => (asked.push(i), product(i)));
      await store.save();
      return { out, asked };
    } finally {
      await store.close();
    }
  }
  const expected = () => localIndexFiles([0, 1, 2, 3].map(product));

  it.each([
    ['this thread', {}],
    ['a worker', { minBytes: 0 }],
  ])('in %s: the index of the products, each made once across builds', async (_, options) => {
    const first = await build({});
    expect(first.out).toEqual(expected());
    expect(first.asked).toEqual([0, 1, 2, 3]);
    const fallbacks: unknown[] = [];
    const next = await build(options, fallbacks);
    expect(fallbacks).toEqual([]);
    expect(next.out).toEqual(expected());
    expect(next.asked).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.startsWith('search-'))).toHaveLength(1);
  });

  it('asks only for the products of changed keys, and a save adds only those', async () => {
    await build({});
    keys[2] = 'key-2-changed';
    try {
      const { out, asked } = await build({ minBytes: 0 });
      expect(out).toEqual(expected());
      expect(asked).toEqual([2]);
    } finally {
      keys[2] = 'key-2';
    }
    expect(readdirSync(dir).filter((name) => name.startsWith('search-'))).toHaveLength(2);
    // The first segment still holds key-2's product: the store is rewritten only when most of it is unused.
    expect((await build({})).asked).toEqual([]);
  });

  it('makes the index in this thread when the worker cannot start', async () => {
    const fallbacks: unknown[] = [];
    const { out, asked } = await build({ root: join(dir, 'no-project'), minBytes: 0 }, fallbacks);
    expect(fallbacks).toHaveLength(1);
    expect(out).toEqual(expected());
    expect(asked).toEqual([0, 1, 2, 3]);
  });
});

describe('a build with a local index store', () => {
  it('writes what a build without one writes, on a versioned site, before and after an edit', async () => {
    const project = useFixture('versioned-site');
    const storeDir = join(project.dir, 'store');
    const fallbacks: unknown[] = [];
    // Each build into an empty folder: a build over another carries that one's blobs.
    const withStore = async () => {
      rmSync(project.distDir, { recursive: true, force: true });
      const store = openLocalIndexStore(storeDir, 'code-1', { root: ROOT, onFallback: (e) => fallbacks.push(e), minBytes: 0 });
      try {
        await project.build({ localIndex: store });
        await store.save();
      } finally {
        await store.close();
      }
      return hashTree(project.distDir);
    };
    const without = async () => {
      rmSync(project.distDir, { recursive: true, force: true });
      await project.build();
      return hashTree(project.distDir);
    };
    try {
      const first = await withStore();
      expect(first).toEqual(await without());
      appendFileSync(join(project.contentDir, 'versioned_docs/version-1.0/intro.md'), '\nA caching tenant paragraph added.\n');
      const edited = await without();
      expect(edited).not.toEqual(first);
      expect(await withStore()).toEqual(edited);
      expect(fallbacks).toEqual([]);
    } finally {
      project.remove();
    }
  });
});
