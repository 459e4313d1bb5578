import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { loadChunk } from '../data/chunks';

/** A lazily loaded component whose failed load can be forgotten. */
export interface RetryingLazy<P> {
  (props: P): ReactElement;
  /** Forgets a failed load, so the next render imports again. Call it from an event or effect, never while rendering. */
  retry(): void;
}

/** Every lazy component made here, for `retryFailedChunks()`. */
const all: RetryingLazy<never>[] = [];

/**
 * `React.lazy` for a code chunk: code that fails to load reloads the
 * page. A chunk a deploy removed reloads the page once and never
 * loops; a network failure throws `ChunkLoadError`, which error screens show
 * with "Retry". React.lazy keeps a rejection forever, so the failed one is
 * replaced by `retry()`.
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): RetryingLazy<P> {
  let failed = false;
  const make = () => {
    failed = false;
    return lazy(() =>
      loadChunk(load, { reload: true }).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  };
  let current: LazyExoticComponent<ComponentType<P>> = make();
  const component: RetryingLazy<P> = Object.assign((props: P) => createElement(current, props), {
    retry() {
      if (failed) current = make();
    },
  });
  all.push(component as RetryingLazy<never>);
  return component;
}

/** Forgets every failed chunk load (an error screen's "Retry"). */
export function retryFailedChunks(): void {
  for (const component of all) component.retry();
}
