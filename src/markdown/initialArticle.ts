/**
 * The article the per-route HTML already rendered. The first page shows it as
 * it is (React adopts the markup instead of re-rendering it), so the markdown
 * pipeline is not needed before the page has loaded; it arrives lazily for the
 * next navigation.
 */
let initial: { path: string; html: string } | null = null;

/** Captures the static article before React replaces `#root`. */
export function captureStaticArticle(root: HTMLElement): void {
  const path = root.getAttribute('data-static-route');
  const article = root.querySelector('main .markdown');
  if (path && article) initial = { path, html: article.innerHTML };
}

/** The static article of `path`, while the reader is still on the first page. */
export function staticArticleFor(path: string): string | null {
  return initial && initial.path === path ? initial.html : null;
}

/** Forgets the static article (called on the first navigation). */
export function releaseStaticArticle(): void {
  initial = null;
}
