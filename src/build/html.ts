/**
 * Per-route HTML: head tags for crawlers and link previews, preload hints so the
 * shell and manifest download in parallel, and a static rendering of the page
 * with the shell's class names so the first paint needs no JavaScript. The
 * shell takes the article from that rendering, so the page's blobs are not
 * fetched before the load.
 */
import { createHash } from 'node:crypto';
import { prePaintScript } from '../../manifest/prePaint';
import { algoliaHosts } from '../search/hosts';
import { documentTitle, formatLongDate } from '../../manifest/lookup';
import { withBase } from '../../manifest/paths';
import type { SiteConfig, SiteLink } from '../../manifest/siteConfig';
import type { SidebarItem } from '../../manifest/types';

/** What the shell build left for the content build: asset files below the base. */
export interface ShellAssets {
  /** Entry module. */
  js: string;
  /** Stylesheet. */
  css: string;
  /** The stylesheet's text, inlined in every page so the first paint waits for nothing but the HTML. */
  cssText?: string;
  /** Modules the entry imports statically, preloaded in parallel. */
  preload: string[];
  /** Every file of the shell below `dist/`, which content files may not replace. */
  files?: string[];
}

/** One route's HTML inputs. */
export interface RouteHtml {
  /** Route path below the base. */
  path: string;
  /** Page title without the site suffix, or null for the home page. */
  title: string | null;
  description: string;
  keywords: string[];
  /** Social image below the base or absolute, or null for the site's card. */
  image: string | null;
  /** Static markup of the page's main column. */
  main: string;
  /** The page's article file below `blobs/`, named in a meta tag so the service worker can tell a stored copy is current. */
  article?: string;
  /** Sidebar shown beside the main column, for docs. */
  sidebar: SidebarItem[] | null;
  /** Keep out of search engines (search page, 404). */
  noindex?: boolean;
}

/** Escapes text for HTML content and attribute values. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The pages' Content-Security-Policy, as a `<meta http-equiv>` (static hosts
 * such as GitHub Pages send no headers). Scripts come from the site alone,
 * plus the inline colour-mode script by its hash, which the build computes
 * from the script it writes, so editing that script cannot break the policy.
 * Search may reach Algolia (or the configured hosts) and, when enabled,
 * Algolia Insights. Styles allow inline ones: Mermaid's SVG and the TOC's
 * indents carry style attributes.
 */
export function contentSecurityPolicy(site: SiteConfig, inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  const configured = algoliaHosts(site.search.hosts);
  const search = configured ? configured.map((h) => `${h.protocol}://${h.url}`) : ['https://*.algolia.net', 'https://*.algolianet.com'];
  if (site.search.insights) search.push('https://*.algolia.io');
  return [
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${search.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const linkHtml = (link: SiteLink, base: string, cls: string) =>
  link.external
    ? `<a class="${cls}" href="${esc(link.href)}" target="_blank" rel="noopener noreferrer">${esc(link.label)}</a>`
    : `<a class="${cls}" href="${esc(withBase(link.href, base))}">${esc(link.label)}</a>`;

/** Renders the sidebar with the categories in `open` expanded and no link marked current. */
function sidebarListHtml(items: SidebarItem[], open: ReadonlySet<SidebarItem>, base: string): string {
  const li = items.map((item) => {
    if (item.type === 'doc') return `<li class="menu__item"><a class="menu__link" href="${esc(withBase(item.path, base))}">${esc(item.label)}</a></li>`;
    if (item.type === 'link') return `<li class="menu__item">${linkHtml({ label: item.label, href: item.href, external: true }, base, 'menu__link')}</li>`;
    const head = item.path
      ? `<a class="menu__link menu__link--category" href="${esc(withBase(item.path, base))}">${esc(item.label)}</a>`
      : `<span class="menu__link menu__link--category${item.collapsible ? ' menu__link--sublist' : ''}">${esc(item.label)}</span>`;
    const isOpen = open.has(item);
    return `<li class="menu__item${isOpen ? '' : ' menu__item--collapsed'}"><div class="menu__category">${head}</div>${isOpen ? sidebarListHtml(item.items, open, base) : ''}</li>`;
  });
  return `<ul class="menu__list">${li.join('')}</ul>`;
}

/**
 * The sidebar of one build, rendered per route: the categories holding the
 * route open (as `sidebarContains` decides), its doc links marked current.
 * Pages of one category share one rendering, so a build renders the tree once
 * per category rather than once per page (a 10,000-doc tree has about 20).
 */
function sidebarRenderer(items: SidebarItem[], base: string): (current: string) => string {
  // The categories each route path opens (a category opens for its own page and every path below it),
  // and the categories numbered in tree order, so a set of open ones is named by its numbers.
  const opens = new Map<string, SidebarItem[]>();
  const index = new Map<SidebarItem, number>();
  const add = (path: string, chain: SidebarItem[]) => {
    const list = opens.get(path) ?? [];
    for (const c of chain) if (!list.includes(c)) list.push(c);
    opens.set(path, list);
  };
  const walk = (list: SidebarItem[], chain: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'doc') add(item.path, chain);
      else if (item.type === 'link') add(item.href, chain);
      else {
        index.set(item, index.size);
        const inner = [...chain, item];
        if (item.path) add(item.path, inner);
        walk(item.items, inner);
      }
    }
  };
  walk(items, []);
  const rendered = new Map<string, string>();
  return (current) => {
    const open = opens.get(current) ?? [];
    const key = open.map((c) => index.get(c)).sort().join(',');
    let html = rendered.get(key);
    if (html === undefined) rendered.set(key, (html = sidebarListHtml(items, new Set(open), base)));
    const href = esc(withBase(current, base));
    return html.replaceAll(`<a class="menu__link" href="${href}">`, `<a class="menu__link menu__link--active" aria-current="page" href="${href}">`);
  };
}

const sidebarRenderers = new WeakMap<SidebarItem[], { base: string; render: (current: string) => string }>();

function sidebarHtml(items: SidebarItem[], current: string, base: string): string {
  let entry = sidebarRenderers.get(items);
  if (!entry || entry.base !== base) sidebarRenderers.set(items, (entry = { base, render: sidebarRenderer(items, base) }));
  return entry.render(current);
}

/** The whole document for one route. */
export function renderRouteHtml(site: SiteConfig, shell: ShellAssets | null, route: RouteHtml): string {
  const base = site.baseUrl;
  const url = site.url + withBase(route.path, base);
  const image = route.image ?? site.image;
  const imageUrl = /^https?:/.test(image) ? image : site.url + withBase('/' + image.replace(/^\//, ''), base);
  const title = documentTitle(route.title, site.title);
  const description = route.description || site.tagline;
  const keywords = route.keywords.length ? route.keywords.join(', ') : site.metadata.find((m) => m.name === 'keywords')?.content ?? '';
  const asset = (file: string) => esc(withBase('/' + file, base));
  const colourScript = prePaintScript(site);
  const head = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy(site, [colourScript]))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(description)}">`,
    keywords ? `<meta name="keywords" content="${esc(keywords)}">` : '',
    ...site.metadata.filter((m) => m.name !== 'keywords' && m.name !== 'description').map((m) => `<meta name="${esc(m.name)}" content="${esc(m.content)}">`),
    route.noindex ? '<meta name="robots" content="noindex, follow">' : `<link rel="canonical" href="${esc(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${esc(site.title)}">`,
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:description" content="${esc(description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    `<meta property="og:image" content="${esc(imageUrl)}">`,
    `<meta property="og:locale" content="en">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${esc(title)}">`,
    `<meta name="twitter:description" content="${esc(description)}">`,
    `<meta name="twitter:image" content="${esc(imageUrl)}">`,
    `<meta name="theme-color" content="${esc(site.themeColor)}">`,
    `<link rel="icon" href="${asset(site.favicon)}">`,
    `<link rel="manifest" href="${asset('manifest.webmanifest')}">`,
    `<link rel="apple-touch-icon" href="${asset('img/icon-192.png')}">`,
    route.article ? `<meta name="docs-article" content="${esc(route.article)}">` : '',
    `<script>${colourScript}</script>`,
    shell?.cssText ? `<style>${shell.cssText.replace(/<\/style/gi, '<\\/style')}</style>` : shell ? `<link rel="stylesheet" href="${asset(shell.css)}">` : '',
    // The page is readable without its scripts, so they load at low priority: the browser fetches them
    // alongside the first paint instead of ahead of it (Lighthouse treats high-priority scripts as render-blocking).
    shell ? `<link rel="modulepreload" fetchpriority="low" href="${asset(shell.js)}">` : '',
    ...(shell?.preload ?? []).map((f) => `<link rel="modulepreload" fetchpriority="low" href="${asset(f)}">`),
    `<link rel="preload" href="${asset('manifest.json')}" as="fetch" crossorigin="anonymous">`,
  ].filter(Boolean);

  const nav = site.navbar.items.map((item) => linkHtml(item, base, `navbar__link navbar__link--${item.position}`)).join('');
  const footer = site.footer.links
    .map((col) => `<div class="footer__col"><h2 class="footer__title">${esc(col.title)}</h2><ul>${col.items.map((l) => `<li>${linkHtml(l, base, 'footer__link')}</li>`).join('')}</ul></div>`)
    .join('');
  const sidebar = route.sidebar
    ? `<aside class="doc-sidebar" aria-label="Docs sidebar"><nav class="menu">${sidebarHtml(route.sidebar, route.path, base)}</nav></aside>`
    : '';
  const body = `<div id="root" data-static-route="${esc(route.path)}"><a class="skip-link" href="#main">Skip to main content</a><header class="navbar"><div class="navbar__inner"><a class="navbar__brand" href="${esc(withBase('/', base))}"><img class="navbar__logo" src="${asset(site.navbar.logo.src)}" alt="${esc(site.navbar.logo.alt)}" width="32" height="32"><span class="navbar__title">${esc(site.navbar.title)}</span></a><nav class="navbar__items" aria-label="Main">${nav}</nav></div></header><div class="page${route.sidebar ? ' page--docs' : ''}">${sidebar}<main id="main" class="main">${route.main}</main></div><footer class="footer footer--${site.footer.style}"><div class="footer__links">${footer}</div><p class="footer__copyright">${esc(site.copyright)}</p></footer></div>`;
  const script = shell ? `<script type="module" fetchpriority="low" src="${asset(shell.js)}"></script>` : '';
  return `<!doctype html>\n<html lang="${esc(site.locale.code)}" dir="${site.locale.direction}" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body}\n${script}\n</body>\n</html>\n`;
}

/** What the static rendering of a doc needs beyond its article. */
export interface DocChrome {
  trail: string[];
  label: string;
  versionLabel: string | null;
  editUrl: string | null;
  lastModified: string;
  previous: { title: string; path: string } | null;
  next: { title: string; path: string } | null;
  toc: { depth: number; id: string; text: string }[];
}

/** A doc's main column with the same markup as the shell's `DocPage`, so the takeover does not move the text. */
export function docMainHtml(article: string, chrome: DocChrome, base: string): string {
  const link = (path: string) => esc(withBase(path, base));
  const crumbs = `<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a aria-label="Home page" href="${link('/')}">Home</a></li>${chrome.trail.map((t) => `<li>${esc(t)}</li>`).join('')}<li aria-current="page">${esc(chrome.label)}</li></ol></nav>`;
  const badge = chrome.versionLabel ? `<span class="badge" title="Docs version">Version: ${esc(chrome.versionLabel)}</span>` : '';
  const date = formatLongDate(chrome.lastModified);
  const edit = chrome.editUrl ? `<a class="edit-link" href="${esc(chrome.editUrl)}" target="_blank" rel="noopener noreferrer">Edit this page</a>` : '';
  const footer = `<footer class="doc-footer">${edit}<span class="last-updated">Last updated on <time datetime="${esc(chrome.lastModified)}">${esc(date)}</time></span></footer>`;
  const card = (l: { title: string; path: string }, kind: 'prev' | 'next') =>
    `<a class="pagination-nav__link pagination-nav__link--${kind}" href="${link(l.path)}"><span class="pagination-nav__sublabel">${kind === 'prev' ? 'Previous' : 'Next'}</span><span class="pagination-nav__label">${esc(l.title)}</span></a>`;
  const pager = chrome.previous || chrome.next
    ? `<nav class="pagination-nav" aria-label="Docs pages">${chrome.previous ? card(chrome.previous, 'prev') : '<span></span>'}${chrome.next ? card(chrome.next, 'next') : ''}</nav>`
    : '';
  const min = Math.min(...chrome.toc.map((h) => h.depth));
  const toc = chrome.toc.length
    ? `<div class="doc-toc"><nav class="toc" aria-label="On this page"><p class="toc__title">On this page</p><ul>${chrome.toc.map((h) => `<li style="padding-left:${(h.depth - min) * 0.9}rem"><a href="#${esc(h.id)}" class="toc__link">${esc(h.text)}</a></li>`).join('')}</ul></nav></div>`
    : '';
  return `<div class="doc-layout"><article class="doc">${crumbs}${badge}${article}${footer}${pager}</article>${toc}</div>`;
}
