/**
 * The markdown renderer chunk, loaded once and then used directly. Rendering
 * it through React.lazy would suspend on every first use, and React holds a
 * suspended page back for its fallback throttle (300 ms) even when the chunk is
 * already there.
 */
import type { MarkdownView } from './MarkdownView';

let loaded: typeof MarkdownView | null = null;
let loading: Promise<typeof MarkdownView> | null = null;

/** Loads the renderer chunk (once). */
export function loadRenderer(): Promise<typeof MarkdownView> {
  loading ??= import('./MarkdownView').then((m) => (loaded = m.MarkdownView));
  return loading;
}

/** The renderer if its chunk has loaded, else null. */
export function loadedRenderer(): typeof MarkdownView | null {
  return loaded;
}
