/**
 * The one HTML escaper of the shell and the build: text for an element's content or a double-quoted attribute
 * (the only quotes our markup writes). A `'` is left as it is, so a policy in a `<meta content="…">` reads the
 * same when a server copies it into a header (README, "Content-Security-Policy").
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const SPECIAL = /[&<>"]/;

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"]/g, (c) => ENTITIES[c]!) : text;
}
