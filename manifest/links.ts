/**
 * Internal link resolution, shared by the build (which validates every link)
 * and the shell (which turns the same links into router links).
 */
import { normalizeRoutePath, splitHref, stripBase, withBase } from './paths';
import type { ManifestFile } from './types';
import { unreachable } from './unreachable';

/** What a link in a markdown file points to. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'route'; path: string; hash: string }
  | { kind: 'asset'; path: string }
  | { kind: 'missingPage'; path: string }
  | { kind: 'missingFile'; file: string };

/** What the resolver needs to know about the site. */
export interface LinkContext {
  /** Base path, `/abp-react/`. */
  baseUrl: string;
  /** Route paths that exist; null trusts every route (the shell: the build has checked every link). */
  routes: ReadonlySet<string> | Record<string, unknown> | null;
  /** Route path by source file relative to `content/` (`docs/intro.md`). */
  routeBySource: Record<string, string>;
  /** Static files below the base (`img/logo.svg`), when known. */
  assets?: ReadonlySet<string>;
  /** Images and static files by key (`Manifest.files`): where each is served, and its size. */
  files?: Record<string, ManifestFile>;
  /**
   * The route of each docs tree (a version in a locale: `/docs`, `/docs/next`, `/fr/docs`). A relative link
   * between two docs of one tree stays relative in the HTML (`hrefFor`), so a page that is the same in two trees
   * has the same article. Unset (the shell's own rendering): every link is absolute.
   */
  trees?: readonly string[];
}

/** What an image in a markdown file shows. */
export type ImageTarget = { kind: 'external' } | { kind: 'file'; key: string; file: ManifestFile } | { kind: 'missingImage'; path: string };

const decodePath = (path: string) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/**
 * Resolves an image `src` written in `source` (relative to `content/`) whose
 * page lives at `fromRoute`. An absolute path names a static file (`public/`
 * or `content/`, with or without the base); a relative one names a file next
 * to the markdown (Docusaurus's co-located images), else one relative to the
 * route, as a browser would read it.
 */
export function resolveContentImage(src: string, source: string, fromRoute: string, ctx: LinkContext): ImageTarget {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return { kind: 'external' };
  const files = ctx.files ?? {};
  const path = decodePath(splitHref(src).path);
  const found = (key: string): ImageTarget | null => (Object.hasOwn(files, key) ? { kind: 'file', key, file: files[key]! } : null);
  if (path.startsWith('/')) {
    const key = '/' + joinPath('', stripBase(path, ctx.baseUrl) ?? path);
    return found(key) ?? { kind: 'missingImage', path: key };
  }
  const besideOf = (file: string) => joinPath(file.split('/').slice(0, -1).join('/'), path);
  const beside = besideOf(source);
  const dir = fromRoute.endsWith('/') ? fromRoute : fromRoute.split('/').slice(0, -1).join('/');
  // A translation, or the default locale's text standing for one, shows the images next to the file it translates too.
  const original = translationOf(source);
  return found(beside) ?? (original && found(besideOf(original.source))) ?? found('/' + joinPath(dir, path)) ?? { kind: 'missingImage', path: beside };
}

/**
 * The locale of a translation at `source` (relative to `content/`, in Docusaurus's layout), and the file it translates:
 * `i18n/fr/docusaurus-plugin-content-pages/x.md` translates `pages/x.md`, `…-docs/current/x.md` `docs/x.md`,
 * `…-docs/version-1.0/x.md` `versioned_docs/version-1.0/x.md`. Null for a file that is no translation.
 */
function translationOf(source: string): { locale: string; source: string } | null {
  const match = /^i18n\/([^/]+)\/docusaurus-plugin-content-(pages|docs)\/(.*)$/.exec(source);
  if (!match) return null;
  const [, locale = '', plugin, rest = ''] = match;
  if (plugin === 'pages') return { locale, source: `pages/${rest}` };
  return { locale, source: rest.startsWith('current/') ? `docs/${rest.slice('current/'.length)}` : `versioned_docs/${rest}` };
}

const hasRoute = (ctx: LinkContext, path: string) =>
  ctx.routes === null || (ctx.routes instanceof Set ? ctx.routes.has(path) : Object.hasOwn(ctx.routes, path));

/** Joins POSIX-style paths and resolves `.` and `..` segments. */
export function joinPath(dir: string, rel: string): string {
  const out: string[] = [];
  for (const seg of `${dir}/${rel}`.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/**
 * Resolves `href` written in `source` (path relative to `content/`) whose page
 * lives at `fromRoute`. Markdown file links (`../x.md`) resolve against the
 * source folder; other relative links against the route, as a browser would.
 */
export function resolveContentLink(href: string, source: string, fromRoute: string, ctx: LinkContext): LinkTarget {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'external' };
  const { path, hash } = splitHref(href);
  if (path === '') return { kind: 'route', path: fromRoute, hash };
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape is kept as written; the lookup below reports it.
  }
  if (/\.mdx?$/i.test(decoded)) {
    const fileFrom = (from: string) => (decoded.startsWith('/') ? joinPath('', decoded) : joinPath(from.split('/').slice(0, -1).join('/'), decoded));
    const file = fileFrom(source);
    const route = ctx.routeBySource[file] ?? ctx.routeBySource[`docs/${file}`];
    if (route !== undefined) return { kind: 'route', path: route, hash };
    // A translation names files as the file it translates does, and opens them in its locale.
    const original = translationOf(source);
    const translated = original ? ctx.routeBySource[fileFrom(original.source)] : undefined;
    if (!original || translated === undefined) return { kind: 'missingFile', file };
    const localized = normalizeRoutePath(`/${original.locale}${translated}`);
    return { kind: 'route', path: hasRoute(ctx, localized) ? localized : translated, hash };
  }
  let absolute: string;
  if (decoded.startsWith('/')) {
    absolute = stripBase(decoded, ctx.baseUrl) ?? decoded;
  } else {
    const dir = fromRoute.endsWith('/') ? fromRoute : fromRoute.split('/').slice(0, -1).join('/');
    absolute = '/' + joinPath(dir, decoded);
  }
  const asset = joinPath('', absolute);
  if (ctx.assets?.has(asset) || (ctx.files && Object.hasOwn(ctx.files, '/' + asset))) return { kind: 'asset', path: asset };
  const route = normalizeRoutePath(absolute);
  // A translation's absolute link (`/docs/intro`) opens the page in the translation's locale when the locale has it.
  const locale = decoded.startsWith('/') && ctx.routes !== null ? /^i18n\/([^/]+)\//.exec(source)?.[1] : undefined;
  const localized = locale && !route.startsWith(`/${locale}/`) ? normalizeRoutePath(`/${locale}${route}`) : null;
  if (localized && hasRoute(ctx, localized)) return { kind: 'route', path: localized, hash };
  return hasRoute(ctx, route) ? { kind: 'route', path: route, hash } : { kind: 'missingPage', path: route };
}

/** The docs tree (`LinkContext.trees`) a route is a doc or category of, or null. */
function treeOf(ctx: LinkContext, path: string): string | null {
  let tree: string | null = null;
  for (const base of ctx.trees ?? []) if (path.startsWith(base + '/') && (tree === null || base.length > tree.length)) tree = base;
  const routes = ctx.routes;
  if (tree === null || routes === null || routes instanceof Set) return tree;
  const kind = Object.hasOwn(routes, path) ? ((routes as Record<string, unknown>)[path] as { kind?: string }).kind : undefined;
  return kind === 'doc' || kind === 'category' ? tree : null;
}

/**
 * The relative href of route `to` from a page at route `from` (both without a trailing slash, as a browser
 * reads them): `x` beside it, `guides/x` below, `../intro` above. A first segment with a colon gets `./`,
 * so that it does not read as a scheme.
 */
export function relativeRoute(from: string, to: string): string {
  const dir = from.split('/').slice(1, -1);
  const target = to.split('/').slice(1);
  let common = 0;
  // The target's last segment names a page, never a folder to stay in.
  while (common < dir.length && common < target.length - 1 && dir[common] === target[common]) common++;
  const path = '../'.repeat(dir.length - common) + target.slice(common).join('/');
  return /^[^/]*:/.test(path) ? `./${path}` : path;
}

/**
 * The href a resolved target gets in rendered HTML, or null to keep it: with the base path, or relative to
 * `from.path` (the route of the page the link is in) when the link is written relative (`written`: a `.md`
 * file, `../x`, `#hash`) and both are docs of one tree (`LinkContext.trees`). A route written from the root
 * (`/docs/x`) means that route, as in Docusaurus, whichever version its page is in: it stays absolute.
 */
export function hrefFor(target: LinkTarget, baseUrl: string, from?: { path: string; written: string; ctx: LinkContext }): string | null {
  switch (target.kind) {
    case 'route': {
      const hash = target.hash ? `#${target.hash}` : '';
      const tree = from && !from.written.startsWith('/') ? treeOf(from.ctx, from.path) : null;
      if (!from || tree === null || tree !== treeOf(from.ctx, target.path)) return withBase(target.path, baseUrl) + hash;
      return target.path === from.path && hash ? hash : relativeRoute(from.path, target.path) + hash;
    }
    case 'asset':
      return withBase('/' + target.path, baseUrl);
    case 'external':
    case 'missingPage':
    case 'missingFile':
      return null;
    default:
      return unreachable(target, 'link kind');
  }
}

/** The `src`, width and height a resolved image gets in rendered HTML, or null to keep it as written. */
export function imageFor(target: ImageTarget, baseUrl: string): { src: string; width: number | null; height: number | null } | null {
  if (target.kind !== 'file') return null;
  return { src: withBase(target.file.href, baseUrl), width: target.file.width, height: target.file.height };
}

/** An `<a>` element's href in serialised HTML (hast-util-to-html's, the browser's `innerHTML`): always in double quotes. */
const LINK_HREF = /(<a\s[^>]*?\bhref=")([^"]*)"/g;

/**
 * `html`, an article rendered for the page at route `from`, with its relative links made absolute: what it
 * needs to be shown at another URL (the docs root shows its main doc's article) or at `from` with a trailing slash.
 */
export function articleLinksFrom(html: string, from: string, baseUrl: string): string {
  const page = new URL(withBase(from, baseUrl), 'http://site.invalid');
  return html.replace(LINK_HREF, (whole, start: string, href: string) => {
    if (href === '' || href.startsWith('/') || href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href)) return whole;
    const url = new URL(href.replace(/&#x26;|&amp;/g, '&'), page);
    return `${start}${(url.pathname + url.search + url.hash).replace(/&/g, '&#x26;')}"`;
  });
}
