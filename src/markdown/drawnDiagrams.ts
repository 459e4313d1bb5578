/**
 * Diagrams this tab has drawn, by colour mode and source. An
 * article swapped in place (an update, a dev server rebuild) shows a diagram
 * it showed before at once and at its size, instead of its source until
 * Mermaid has drawn it again, so the page does not shift under the reader.
 */
const drawn = new Map<string, string>();

/** Diagrams kept; the least recently drawn go first. */
const MAX_DRAWN = 50;

const keyOf = (mode: string, source: string) => `${mode}\n${source}`;

/** The SVG drawn for `source` in `mode`, if this tab drew it. */
export function drawnDiagram(mode: string, source: string): string | undefined {
  return drawn.get(keyOf(mode, source));
}

/** Keeps the SVG Mermaid drew for `source` in `mode`. */
export function rememberDiagram(mode: string, source: string, svg: string): void {
  const key = keyOf(mode, source);
  drawn.delete(key);
  drawn.set(key, svg);
  if (drawn.size > MAX_DRAWN) drawn.delete(drawn.keys().next().value!);
}
