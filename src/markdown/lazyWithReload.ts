import { lazy, type ComponentType } from 'react';

const FLAG = 'docs-chunk-reload';

/**
 * `React.lazy` that reloads the page once when a code chunk fails to load (a
 * deploy replaced it), and never loops: the second failure is thrown (spec §8).
 */
export function lazyWithReload<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const mod = await load();
      sessionStorage.removeItem(FLAG);
      return mod;
    } catch (error) {
      let reloaded = false;
      try {
        reloaded = sessionStorage.getItem(FLAG) === '1';
        if (!reloaded) sessionStorage.setItem(FLAG, '1');
      } catch {
        reloaded = true;
      }
      if (!reloaded) {
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
