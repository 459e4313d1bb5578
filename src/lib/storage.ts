/**
 * Web Storage that degrades to memory. A browser setting, some embedded
 * webviews and sandboxed frames make `localStorage` and `sessionStorage`
 * throw on every access (even reading the property); the reader must not
 * crash for it. Every storage access of the shell goes through here.
 *
 * Generic: imports nothing of the shell.
 */

/** One storage area (local or session) that never throws. */
export interface SafeStorage {
  /** The stored value, or null when missing or unreadable. */
  get(key: string): string | null;
  /**
   * Stores a value (null removes it). Returns true when the browser stored it,
   * false when it lives in memory only, for this page view: a caller that must
   * not repeat an action across reloads (a reload flag) does not act then.
   */
  set(key: string, value: string | null): boolean;
}

type AreaName = 'localStorage' | 'sessionStorage';

/** A storage area of the global object; `name` is read on every call, since reading it may throw. */
export function safeStorage(name: AreaName): SafeStorage {
  // Values the browser refused, kept for this page view; a key in here hides the browser's copy.
  const memory = new Map<string, string | null>();
  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return globalThis[name].getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const area = globalThis[name];
        if (value === null) area.removeItem(key);
        else area.setItem(key, value);
        memory.delete(key);
        return true;
      } catch {
        memory.set(key, value);
        return false;
      }
    },
  };
}

/**
 * A storage area whose names are scoped by `keyOf` (by site, `siteStorageKey`).
 * A name never stored in its scoped form is read as it stands, as shells before
 * the scoping stored it, so readers keep their choices; removing a value
 * stores an empty one, which hides the unscoped one (no value here is empty).
 */
export function scopedStorage(area: SafeStorage, keyOf: (name: string) => string): SafeStorage {
  return {
    get(name) {
      const value = area.get(keyOf(name));
      return value === null ? area.get(name) : value || null;
    },
    set: (name, value) => area.set(keyOf(name), value ?? ''),
  };
}

/** `localStorage`, or memory when it is unavailable. */
export const localStore: SafeStorage = safeStorage('localStorage');

/** `sessionStorage`, or memory when it is unavailable. */
export const sessionStore: SafeStorage = safeStorage('sessionStorage');
