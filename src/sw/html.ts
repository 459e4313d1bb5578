/**
 * Pure helpers the worker applies to per-route HTML. They rely on the markup
 * `node/routeHtml.ts` writes: one `assets/main-<hash>.js|css` pair, meta tags
 * naming the page's article and markdown, and `<main id="main" class="main">`.
 */
import { normalizeRoutePath, stripBase } from '../../manifest/paths';

/**
 * The cache key of a page: its canonical URL (`x.html`, `x/` and
 * `x/index.html` are `x`), without query or hash, so `?offlineMode=true` and
 * `/docs/intro.html` find the copy saved for `/docs/intro`.
 */
export function pageKey(url: URL, scope: string): string {
  const base = new URL(scope).pathname;
  const route = stripBase(url.pathname, base);
  if (route === null) return url.origin + url.pathname;
  const path = normalizeRoutePath(route);
  return url.origin + base + (path === '/' ? '' : path.slice(1));
}

/**
 * Route path of a key in the opened-pages cache (`pageKey`: every key there is
 * a page, dots and all, as in `docs/release-1.0`), or null outside the scope.
 */
export function routeOfPageKey(url: string, scope: string): string | null {
  const route = stripBase(new URL(url).pathname, new URL(scope).pathname);
  return route === null ? null : normalizeRoutePath(route);
}

/**
 * Route path of a key in an offline-mode cache, or null for a file offline
 * mode stores beside the pages: an article (`blobs/<hash>.html`), a search
 * file, a chunk, an image.
 */
export function routeOfKey(url: string, scope: string): string | null {
  const route = routeOfPageKey(url, scope);
  if (route === null || /^\/(blobs|search|assets)\//.test(route)) return null;
  const { pathname } = new URL(url);
  return /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html') ? null : route;
}

/** The markdown file a page's HTML names (`<meta name="docs-blob">`), or null. */
export function blobOfHtml(html: string): string | null {
  return /<meta name="docs-blob" content="([0-9a-z]+\.md)">/.exec(html)?.[1] ?? null;
}

/** The article file a page's HTML names (`<meta name="docs-article">`), or null. */
export function articleOfHtml(html: string): string | null {
  return /<meta name="docs-article" content="([0-9a-z]+\.html)">/.exec(html)?.[1] ?? null;
}

/** Same-origin images a page shows, as absolute paths below the base. */
export function imagesOfHtml(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) {
    const src = m[1]!.replace(/&amp;/g, '&');
    if (src.startsWith(base)) out.add(src);
  }
  return [...out];
}

/**
 * Points a page saved under an older shell at the current one: the old
 * `main-<hash>` files left the precache when the new worker took over, so the
 * saved page would load no script at all. Old chunk preloads are dropped; the
 * new entry imports its own chunks.
 */
export function withCurrentShell(html: string, shell: { js: string; css: string }): string {
  if (html.includes(shell.js)) return html;
  return html
    .replace(/assets\/main-[A-Za-z0-9]+\.js/g, shell.js)
    .replace(/assets\/main-[A-Za-z0-9]+\.css/g, shell.css)
    .replace(/<link rel="modulepreload"[^>]*? href="[^"]*\/assets\/chunks\/[^"]*">\n?/g, '');
}

/**
 * The home page as an app shell for a route that was never saved: the same
 * document without the home page's content, which would otherwise flash
 * before the shell renders the requested route.
 */
export function asAppShell(html: string): string {
  return html.replace(/(<main id="main" class="main">)[\s\S]*?(<\/main>)/, '$1$2');
}
