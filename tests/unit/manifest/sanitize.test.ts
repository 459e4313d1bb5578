import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { rehypeSanitizeReported, type SanitizeRemoval } from '../../../manifest/sanitize';

/** An element with no place in the page's source, as a partial's or a plugin's are. */
const unplaced = (tagName: string, text: string) => ({ type: 'element' as const, tagName, properties: {}, children: [{ type: 'text' as const, value: text }] });

describe('rehypeSanitizeReported', () => {
  it('reports what it removes of elements with no place in the source, by tag, for the page as a whole', () => {
    const tree: Root = { type: 'root', children: [unplaced('center', 'Kept text'), unplaced('script', 'alert(1)'), unplaced('p', 'Fine')] };
    const removed: SanitizeRemoval[] = [];
    const clean = rehypeSanitizeReported({ onRemoved: (r) => removed.push(r) })(tree);
    expect(toHtml(clean)).toBe('Kept text<p>Fine</p>');
    expect(removed).toEqual([
      { line: 0, message: '`<center>`, in a partial this page imports, is not allowed on this site and is left out (its content is kept).' },
      { line: 0, message: '`<script>`, in a partial this page imports, is not allowed on this site and is left out (with its content).' },
    ]);
    const withPlugins: SanitizeRemoval[] = [];
    rehypeSanitizeReported({ onRemoved: (r) => withPlugins.push(r), sitePlugins: true })({ type: 'root', children: [unplaced('center', 'x')] });
    expect(withPlugins[0]?.message).toContain('in a partial this page imports or added by a markdown plugin of site.config.json');
  });
});
