/** What the build publishes of a page's markdown. */
import type { Rendered } from './render';

/**
 * A page's markdown as the build publishes it (`blobs/<hash>.md`, the route's `.md`, `llms-full.txt`):
 * its body without the HTML comments its page leaves out, so an author's `<!-- internal note -->`
 * stays in the repository. A comment alone on its line takes the line with it.
 */
export function publishedMarkdown(body: string, rendered: Rendered | undefined): string {
  const ranges = rendered?.comments;
  if (!ranges?.length) return body;
  let out = '';
  let at = 0;
  for (const [from, to] of ranges) {
    if (from < at) continue;
    const lineStart = from === 0 || body[from - 1] === '\n';
    const lineEnd = /^[ \t]*(?:\r?\n|$)/.exec(body.slice(to, to + 200));
    let keep = from;
    // A comment that ends its line takes the spaces before it along.
    if (lineEnd && !lineStart) while (keep > at && (body[keep - 1] === ' ' || body[keep - 1] === '\t')) keep--;
    out += body.slice(at, keep);
    at = lineStart && lineEnd ? to + lineEnd[0].length : to;
  }
  out += body.slice(at);
  return out;
}
