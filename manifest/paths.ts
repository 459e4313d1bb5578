/**
 * Route-path helpers shared by the build and the shell. A route path is the
 * part of the URL below the base path, starting with `/` and without a
 * trailing slash (`/` alone for the home page).
 */

/**
 * Canonical route path: drops a trailing `index.html`, `.html` and slash
 * (such paths name the same page) and collapses repeated slashes.
 */
export function normalizeRoutePath(path: string): string {
  let p = ('/' + path).replace(/\/{2,}/g, '/');
  p = p.replace(/\/index\.html$/i, '/').replace(/\.html$/i, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** Strips the base path (`/abp-react/`) from a URL path; null when the path is outside it. */
export function stripBase(pathname: string, baseUrl: string): string | null {
  const base = baseUrl.replace(/\/+$/, '');
  if (pathname === base) return '/';
  if (!pathname.startsWith(base + '/')) return null;
  return pathname.slice(base.length) || '/';
}

/** Joins the base path and a route path: `withBase('/docs/intro', '/abp-react/')` is `/abp-react/docs/intro`. */
export function withBase(routePath: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return routePath === '/' ? base + '/' : base + routePath;
}

/**
 * The absolute URL of a route (or a file's path from the site root) on the site at `siteUrl`, percent-encoded as
 * sitemaps, canonical links and crawlers need it: a slug may hold a space or non-ASCII letters, which a URL may not
 * carry raw. (`?` and `#` are encoded too: in a route path they are part of the name.)
 */
export function absoluteUrl(siteUrl: string, routePath: string, baseUrl: string): string {
  return siteUrl + encodeURI(withBase(routePath, baseUrl)).replace(/[?#]/g, encodeURIComponent);
}

/**
 * A route below a docs tree: `docsPath('docs', 'intro')` is `/docs/intro`; a tree at the root (`routeBasePath: '/'`,
 * kept as `''`) has `docsPath('', 'intro')` `/intro` and its root at `/`.
 */
export function docsPath(routeBase: string, rest = ''): string {
  return normalizeRoutePath(`/${routeBase}/${rest}`);
}

/** The docs' route base as the build keeps it: `routeBasePath` without its slashes, `''` for docs at the root (`/`). */
export function docsRouteBase(routeBasePath: string | undefined): string {
  return (routeBasePath ?? 'docs').replace(/^\/+|\/+$/g, '');
}

/** File below `dist/` holding a route's HTML: `/` is `index.html`, `/docs/intro` is `docs/intro.html`. */
export function routeHtmlFile(routePath: string): string {
  return routePath === '/' ? 'index.html' : routePath.slice(1) + '.html';
}

/** Splits `path#hash` and `path?query`; the path part is returned as written. */
export function splitHref(href: string): { path: string; query: string; hash: string } {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt + 1) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf('?');
  return {
    path: queryAt >= 0 ? rest.slice(0, queryAt) : rest,
    query: queryAt >= 0 ? rest.slice(queryAt + 1) : '',
    hash,
  };
}

/**
 * Whether a path below the base (`assets/main-GJX64ZAH.js`) is one of the shell's files: below `assets/`, named by
 * esbuild with its hash, a script or a stylesheet. A site's own static files may lie below `assets/` too (Docusaurus
 * sites keep `static/assets/img/`), and are none of these.
 */
export const isShellAssetPath = (rel: string): boolean => /^assets\/(?:[^/]+\/)*[^/]+-[A-Z0-9]{8}\.(?:js|css)$/.test(rel);
