/**
 * Highlight markup: DocSearch and the /search page render highlight and snippet
 * values as HTML, so every value is escaped and only `<mark>` / `</mark>`
 * survive. Algolia's values carry the tags we asked for
 * (`highlightPreTag`); anything else in them is treated as text.
 */
import { escapeHtml } from '../../manifest/escapeHtml';

/**
 * Escapes a highlighted value, keeping balanced `<mark>`…`</mark>` pairs. A
 * stray or nested tag is dropped; an unclosed one is closed.
 */
export function sanitizeHighlight(value: string): string {
  let out = '';
  let open = false;
  for (const part of value.split(/(<\/?mark>)/)) {
    if (part === '<mark>' && !open) {
      out += part;
      open = true;
    } else if (part === '</mark>' && open) {
      out += part;
      open = false;
    } else if (part !== '<mark>' && part !== '</mark>') {
      out += escapeHtml(part);
    }
  }
  return open ? out + '</mark>' : out;
}
