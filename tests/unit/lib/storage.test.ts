// Blocked storage must not crash the reader.
import { afterEach, describe, expect, it } from 'vitest';
import { safeStorage, scopedStorage } from '../../../src/lib/storage';

/** A Web Storage area backed by a Map, as a browser with storage allowed has. */
function memoryArea(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** Makes reading `globalThis.localStorage` throw, as a browser setting or a webview does. */
function blockArea(name: 'localStorage' | 'sessionStorage'): void {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).localStorage;
  delete (globalThis as Record<string, unknown>).sessionStorage;
});

describe('safeStorage', () => {
  it('reads and writes the browser storage when it is allowed', () => {
    const area = memoryArea();
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: area });
    const store = safeStorage('localStorage');
    expect(store.set('theme', 'dark')).toBe(true);
    expect(area.getItem('theme')).toBe('dark');
    expect(store.get('theme')).toBe('dark');
    expect(store.set('theme', null)).toBe(true);
    expect(area.getItem('theme')).toBeNull();
  });

  it('keeps values in memory when every access throws, and says they do not persist', () => {
    blockArea('sessionStorage');
    const store = safeStorage('sessionStorage');
    expect(store.get('docs-chunk-reload')).toBeNull();
    expect(store.set('docs-chunk-reload', '1')).toBe(false);
    expect(store.get('docs-chunk-reload')).toBe('1');
    expect(store.set('docs-chunk-reload', null)).toBe(false);
    expect(store.get('docs-chunk-reload')).toBeNull();
  });

  it('keeps a refused write in memory while reads of other keys still reach the browser (a full storage)', () => {
    const area = memoryArea();
    area.setItem('kept', 'yes');
    area.setItem = () => {
      throw new DOMException('Quota exceeded.', 'QuotaExceededError');
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: area });
    const store = safeStorage('localStorage');
    expect(store.set('new', 'value')).toBe(false);
    expect(store.get('new')).toBe('value');
    expect(store.get('kept')).toBe('yes');
  });
});

// Sites sharing an origin keep their names apart, and keep what readers stored before.
describe('scopedStorage', () => {
  const scoped = (area: Storage, scope: string) => {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: area });
    return scopedStorage(safeStorage('localStorage'), (name) => `${name}-${scope}`);
  };

  it("stores under the scoped name, so two scopes never see each other's values", () => {
    const area = memoryArea();
    const one = scoped(area, '/abp-react/');
    const two = scoped(area, '/abp-two/');
    one.set('docs-offline-mode', 'on');
    expect(area.getItem('docs-offline-mode-/abp-react/')).toBe('on');
    expect(area.getItem('docs-offline-mode')).toBeNull();
    expect(two.get('docs-offline-mode')).toBeNull();
  });

  it('reads a name stored before the scoping until the scope stores its own, a removal included', () => {
    const area = memoryArea();
    area.setItem('docs-sidebar-hidden', '1');
    const one = scoped(area, '/abp-react/');
    expect(one.get('docs-sidebar-hidden')).toBe('1');
    one.set('docs-sidebar-hidden', null);
    expect(one.get('docs-sidebar-hidden')).toBeNull();
    // The old value stays for whichever site stored it.
    expect(area.getItem('docs-sidebar-hidden')).toBe('1');
    one.set('docs-sidebar-hidden', '1');
    expect(one.get('docs-sidebar-hidden')).toBe('1');
  });
});
