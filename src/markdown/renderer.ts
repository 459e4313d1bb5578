/**
 * The markdown renderer chunk, loaded once and then used directly. Rendering
 * it through React.lazy would suspend on every first use, and React holds a
 * suspended page back for its fallback throttle (300 ms) even when the chunk is
 * already there.
 */
import { loadChunk } from '../data/chunks';
import type { MarkdownView } from './MarkdownView';

let loaded: typeof MarkdownView | null = null;
let loading: Promise<typeof MarkdownView> | null = null;

/**
 * Loads the renderer chunk (once). A failed load is forgotten, so the next
 * page that needs it tries again; a chunk a deploy removed reloads
 * the page once, a network failure throws `ChunkLoadError` (the page offers "Retry").
 */
export function loadRenderer(): Promise<typeof MarkdownView> {
  loading ??= loadChunk(() => import('./MarkdownView'), { reload: true }).then(
    (m) => (loaded = m.MarkdownView),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The renderer if its chunk has loaded, else null. */
export function loadedRenderer(): typeof MarkdownView | null {
  return loaded;
}
