import { lazy, type ComponentType } from 'react';
import { sessionStore } from '../lib/storage';

const FLAG = 'docs-chunk-reload';

/**
 * `React.lazy` that reloads the page once when a code chunk fails to load (a
 * deploy replaced it), and never loops: the second failure is thrown (spec §8).
 */
export function lazyWithReload<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const mod = await load();
      sessionStore.set(FLAG, null);
      return mod;
    } catch (error) {
      // A flag that cannot outlive the reload (storage blocked) could not stop a loop: no reload then.
      const reloaded = sessionStore.get(FLAG) === '1' || !sessionStore.set(FLAG, '1');
      if (!reloaded) {
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
