/**
 * What a build keeps for the next one: one object, made by the long-lived caller (the dev server, a test, the
 * CLI with its render cache from disk) and passed to every step. A build given none makes one that it drops when
 * it ends, so a one-off build keeps nothing. No step keeps anything anywhere else (`tests/unit/layers.test.ts`
 * counts the build code's module-level state).
 *
 * A step keeps three kinds of things here:
 * - products under a key made from every input they are made from (`product`), in one size-capped LRU cache:
 *   a hit is reuse, a miss is work. A session made with `check` makes every product again on a hit and throws
 *   when the two differ, which is how a key that misses an input is found (the build oracle runs with it);
 * - memos of values made from objects a step keeps (`memo`): they live as long as those objects do;
 * - what the last build of a step made (`last`/`remember`), with the keys it was made from (`EntryKeys`), for
 *   steps that make again only the entries whose keys differ (`changedEntries`).
 */
import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import type { Rendered } from './render';
import type { RouteStore } from './routeStore';
import type { ShellCache } from './shellCache';

/** A typed name for something a session keeps (`last`, `memo`): a module's constant, so that a step reads what it wrote. */
export interface Slot<T> {
  readonly name: string;
  /** Type only. */
  readonly type?: T;
}

/** A slot named `name` holding `T`. */
export const slot = <T>(name: string): Slot<T> => ({ name });

/** Renderings kept between builds, by source hash, base URL and source path (`renderContent`); the CLI's on disk are those of its build code (`cliCaches.ts`). */
export type RenderCache = Map<string, Rendered>;

/** What a product costs the cache when its size is not given: a small object. */
const SMALL = 256;

/** The session's cache size unless told: room for every product of a 10,000-doc site with room to spare. */
const SESSION_BYTES = 1024 * 1024 * 1024;

export interface SessionOptions {
  /** Renderings to start from (the CLI's, read from disk); they are pruned to each build's pages. */
  renders?: RenderCache;
  /** Route documents kept on disk by their inputs' key (the CLI's): a route found there is not rendered. */
  routes?: RouteStore;
  /** The shell's last build kept on disk (the CLI's): a shell build whose inputs are the same takes it. */
  shell?: ShellCache;
  /** Bytes the keyed products may take, about (`SESSION_BYTES`); past it the least recently used go. */
  maxBytes?: number;
  /**
   * Products a build saved (`savedProducts`), read back from disk (the CLI's, `renderCache.ts`): a product asked for
   * under a name among them is taken from there.
   */
  restored?: Map<string, unknown>;
  /** List the products asked for with `save` (`savedProducts`): the CLI's, which writes them to disk for a next process. */
  saves?: boolean;
  /** Make every product again on a hit and throw when it differs from the kept one (tests and the build oracle). */
  check?: boolean;
  /**
   * Whether builds keep what serves only a next build (each rendering's search records and index terms, the
   * last build's products): false for a session made for one build, which keeps only what that build reuses within itself.
   */
  keeps?: boolean;
}

/**
 * What a step made its entries' products from: a key of what every entry's product reads (`whole`: the link
 * tables, the slice of the site configuration it reads, ...), and each entry's key of its own inputs by id.
 */
export interface EntryKeys {
  whole: string;
  each: ReadonlyMap<string, string>;
}

/**
 * The ids of the entries a step makes again, against the keys it kept with what it made (`kept`): those whose
 * key differs. Null, for every entry, when nothing is kept, the whole key differs, or entries came or went.
 */
export function changedEntries(kept: EntryKeys | null | undefined, now: EntryKeys): string[] | null {
  if (!kept || kept.whole !== now.whole || kept.each.size !== now.each.size) return null;
  const changed: string[] = [];
  for (const [id, key] of now.each) {
    const was = kept.each.get(id);
    if (was === undefined) return null;
    if (was !== key) changed.push(id);
  }
  return changed;
}

/** How `BuildSession.product` holds a product. */
interface ProductOptions<T> {
  bytes?: (value: T) => number;
  save?: boolean;
  owner?: string;
}

/** A product's key missed one of its inputs: a kept product differs from the one its inputs make now. */
export class StaleProductError extends Error {}

export class BuildSession {
  /** The render cache (`renderContent`): this build's renderings once it has rendered. */
  readonly renders: RenderCache;
  readonly routes: RouteStore | undefined;
  readonly shell: ShellCache | undefined;
  readonly check: boolean;
  readonly keeps: boolean;
  private readonly products: LRUCache<string, { value: unknown }>;
  private readonly restored: Map<string, unknown>;
  /** The products asked for with `save` since the session began: what a next process can take (`savedProducts`). */
  private readonly saving = new Map<string, unknown>();
  /** How many of `saving` were made rather than restored. */
  private madeToSave = 0;
  private readonly saves: boolean;
  private readonly lasts = new Map<string, unknown>();
  /** The name of each owner's product of a kind (`product`'s `owner`), by kind and owner. */
  private readonly owned = new Map<string, string>();
  private readonly memos = new Map<string, WeakMap<object, unknown>>();

  constructor(options: SessionOptions = {}) {
    this.renders = options.renders ?? new Map();
    this.routes = options.routes;
    this.shell = options.shell;
    this.check = options.check ?? false;
    this.keeps = options.keeps ?? true;
    this.products = new LRUCache({ maxSize: options.maxBytes ?? SESSION_BYTES, sizeCalculation: (_, key) => SMALL + key.length });
    this.restored = options.restored ?? new Map();
    this.saves = options.saves ?? false;
  }

  /**
   * The product `kind` made from the inputs `key` names, made by `make` when the session has none; `bytes` is
   * what it holds, about, for the cache's bound. `key` must name every input `make` reads. With `save`, the
   * product is among `savedProducts` (its value must then be plain JSON). With `owner` (a page's source, a shard's
   * first route), the owner's product of this kind under another key goes: an edited page's old products are not
   * held until the cache is full.
   */
  product<T>(kind: string, key: string, make: () => T, { bytes, save = false, owner }: ProductOptions<T> = {}): T {
    const name = `${kind}\0${key}`;
    if (owner !== undefined) {
      const held = `${kind}\0${owner}`;
      const before = this.owned.get(held);
      if (before !== name) {
        if (before !== undefined) this.products.delete(before);
        this.owned.set(held, name);
      }
    }
    let held = this.products.get(name);
    if (!held && this.restored.has(name)) {
      held = { value: this.restored.get(name) };
      this.restored.delete(name);
      this.products.set(name, held, bytes ? { size: SMALL + name.length + bytes(held.value as T) } : {});
    }
    if (held) {
      if (save && this.saves) this.saving.set(name, held.value);
      if (this.check) {
        const fresh = make();
        if (!isDeepStrictEqual(fresh, held.value))
          throw new StaleProductError(
            `the session's ${kind} product under key ${JSON.stringify(key.slice(0, 200))} differs from one made now: its key misses an input of it.`,
          );
      }
      return held.value as T;
    }
    const value = make();
    this.products.set(name, { value }, bytes ? { size: SMALL + name.length + bytes(value) } : {});
    if (save && this.saves) {
      this.saving.set(name, value);
      this.madeToSave++;
    }
    return value;
  }

  /**
   * `product`, for a product that only a next build of the session reuses: a session that keeps nothing for a next
   * build (`keeps`) makes it and holds nothing, without computing its key (`key`).
   */
  keptProduct<T>(kind: string, key: () => string, make: () => T, options?: Omit<ProductOptions<T>, 'save'>): T {
    return this.keeps ? this.product(kind, key(), make, options) : make();
  }

  /**
   * With `saves`, the products asked for with `save` by this session's builds, by name, for a next process
   * (`restored`); and how many of them were made rather than restored.
   */
  savedProducts(): { products: ReadonlyMap<string, unknown>; made: number } {
    return { products: this.saving, made: this.madeToSave };
  }

  /** What the last build left in `slot` (`remember`), if the session keeps such things. */
  last<T>(slot: Slot<T>): T | undefined {
    return this.lasts.get(slot.name) as T | undefined;
  }

  /** Keeps `value` in `slot` for the next build, if the session keeps such things. */
  remember<T>(slot: Slot<T>, value: T): void {
    if (this.keeps) this.lasts.set(slot.name, value);
  }

  /** Drops what the last build left in `slot`. */
  forget(slot: Slot<unknown>): void {
    this.lasts.delete(slot.name);
  }

  /** The session's memo named by `slot`: values kept while the objects they are made from live. */
  memo<K extends object, V>(slot: Slot<WeakMap<K, V>>): WeakMap<K, V> {
    let memo = this.memos.get(slot.name);
    if (!memo) this.memos.set(slot.name, (memo = new WeakMap()));
    return memo as WeakMap<K, V>;
  }

  /** Keyed products held, and their bytes about (bench and tests). */
  get size(): { products: number; bytes: number } {
    return { products: this.products.size, bytes: this.products.calculatedSize };
  }
}
