// https://github.com/antosubash/abp-react/issues/13 — blocked storage must not crash the reader.
import { afterEach, describe, expect, it } from 'vitest';
import { safeStorage } from '../../../src/lib/storage';

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
