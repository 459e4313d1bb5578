/**
 * Lookups and view-model helpers over a manifest: plain functions the shell's
 * components call, computed once per page rather than inside components.
 */
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from './constants';
import { UnknownIdError } from './manifestErrors';
import { unreachable } from './unreachable';
import type { SiteConfig, SiteLocale } from './siteConfig';
import type { DocVersion, LocaleStrings, Manifest, ManifestDoc, ManifestHeading, ManifestPage, SidebarItem } from './types';

/**
 * The docs version at the docs route, which version-neutral links open (the only one of a site without versions):
 * the default locale's, or that of `locale` (its code) when given.
 */
export function lastVersion(root: Pick<Manifest, 'versions'>, locale?: string): DocVersion {
  const mine = root.versions.filter((version) => version.locale === locale);
  return mine.find((version) => version.isLast) ?? mine[0] ?? root.versions[0]!;
}

/** The docs versions of one locale (its code; the default locale's when undefined). */
export function versionsIn(root: Pick<Manifest, 'versions'>, locale: string | undefined): DocVersion[] {
  return root.versions.filter((version) => version.locale === locale);
}

/** The locale of route `path`: the one whose prefix holds it, else the default one. */
export function localeAt(site: Pick<SiteConfig, 'locales'>, path: string): SiteLocale {
  return site.locales.find((locale) => locale.path !== '' && isIn(path, locale.path)) ?? site.locales[0]!;
}

/** The code of the locale of route `path` as docs versions name it: undefined for the default locale. */
export const localeCodeAt = (site: Pick<SiteConfig, 'locales'>, path: string): string | undefined => {
  const locale = localeAt(site, path);
  return locale.path ? locale.code : undefined;
};

/**
 * Route `path` in locale `code`: a locale's home for the home page, the same path below the locale's copy of
 * the version for a docs page (every locale has every doc, translated or not), the same path below the locale's
 * prefix for any other route (every locale has every standalone page and a search page), and a file (a path whose
 * last part has an extension, which no locale copies) as it is.
 */
export function localizedPath(manifest: Pick<Manifest, 'versions' | 'site'>, path: string, code: string): string {
  const here = localeAt(manifest.site, path);
  const there = manifest.site.locales.find((locale) => locale.code === code) ?? manifest.site.locales[0]!;
  if (here === there) return path;
  if (path === (here.path || '/')) return there.path || '/';
  const version = versionHolding(manifest, path);
  if (!version) return /\.[^/]+$/.test(path) ? path : there.path + path.slice(here.path.length);
  const target = manifest.versions.find((other) => other.name === version.name && other.locale === (there.path ? there.code : undefined));
  return target ? normalizePath(target.path + path.slice(version.path.length)) : path;
}

const normalizePath = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** Whether route `path` is a locale's search page (`/search`, `/fr/search`), which the root's configuration alone tells. */
export function isSearchPage(site: Pick<SiteConfig, 'locales' | 'search'>, path: string): boolean {
  return path === `${localeAt(site, path).path}/${site.search.searchPagePath}`;
}

/**
 * Where the language switcher's links go from route `path`, and the hreflang alternates: the page itself in its
 * locale, and each other locale with the same page there (`exact`), else that locale's home.
 */
export function localeTargets(manifest: Pick<Manifest, 'versions' | 'site' | 'routes'>, path: string): { locale: SiteLocale; path: string; exact: boolean }[] {
  const target = manifest.routes[path];
  const inDocs = target !== undefined && DOCS_KINDS.has(target.kind);
  const here = localeAt(manifest.site, path);
  // Every locale has every standalone page (translated or not) and a search page, at the same path below its prefix.
  const mirrored = target?.kind === 'page' || isSearchPage(manifest.site, path);
  return manifest.site.locales.map((locale) => {
    if (locale === here) return { locale, path, exact: true };
    const there = target?.kind === 'home' || inDocs ? localizedPath(manifest, path, locale.code) : mirrored ? locale.path + path.slice(here.path.length) : null;
    return there !== null && there !== path ? { locale, path: there, exact: true } : { locale, path: locale.path || '/', exact: false };
  });
}

/**
 * The key of a docs version in the manifest's maps (`otherVersions`, search entries, offline totals): its name, after
 * its locale's (`fr:current`) in a locale other than the default one.
 */
export const versionKey = (version: { name: string; locale?: string }): string => (version.locale ? `${version.locale}:${version.name}` : version.name);

/** Whether a route path is a version's root or below it. */
const isIn = (path: string, root: string) => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * The docs version a route path belongs to: the one with the longest root that holds it (`/docs/1.0/intro` is
 * version 1.0's even when the last version is at `/docs`); the last version for a path in none.
 */
export function versionAt(root: Pick<Manifest, 'versions'>, path: string): DocVersion {
  return versionHolding(root, path) ?? lastVersion(root);
}

/** The docs version whose root holds route `path` (the longest such root), or null for a path below none. */
export function versionHolding(root: Pick<Manifest, 'versions'>, path: string): DocVersion | null {
  let found: DocVersion | null = null;
  for (const version of root.versions) if (isIn(path, version.path) && (!found || version.path.length > found.path.length)) found = version;
  return found;
}

/** Whether offline mode saving version `name` (its `versionKey`) saves route `path`: a page of that version, or one outside every version. */
export function savedWithVersion(root: Pick<Manifest, 'versions'>, path: string, name: string): boolean {
  const version = versionHolding(root, path);
  return version === null || versionKey(version) === name;
}

/** The files of the local search index of version `name` (the site's own when it has one index). */
export function searchEntryOf(root: Pick<Manifest, 'search'>, name: string | undefined): string {
  return (name !== undefined ? root.search.entries?.[name] : undefined) ?? root.search.entry;
}

/** Route kinds whose pages belong to a docs version. */
const DOCS_KINDS = new Set(['doc', 'docsRoot', 'category', 'tags', 'tag']);

/**
 * Where each version's link goes from the page at route `path` (the version dropdown, the banner): the same page
 * in that version when it has it (a doc by id, a category index by slug), else that version's root, its main doc.
 */
export function versionTargets(
  manifest: Pick<Manifest, 'versions' | 'routes' | 'docs' | 'categories' | 'site'>,
  path: string,
): { version: DocVersion; path: string }[] {
  const target = manifest.routes[path];
  const inDocs = target !== undefined && DOCS_KINDS.has(target.kind);
  const here = inDocs ? versionAt(manifest, path) : null;
  const entry = target?.kind === 'doc' ? manifest.docs[target.id] : target?.kind === 'category' ? manifest.categories[target.slug] : undefined;
  const others = entry?.otherVersions ?? {};
  return versionsIn(manifest, localeCodeAt(manifest.site, path)).map((version) => ({
    version,
    path: version === here ? path : (others[versionKey(version)] ?? version.path),
  }));
}

/** A page's copies in every locale that has it (hreflang, the sitemap), or none when only its own locale has it. */
export function alternatesOf(manifest: Pick<Manifest, 'versions' | 'site' | 'routes'>, path: string): { locale: SiteLocale; path: string }[] {
  const exact = localeTargets(manifest, path).filter((target) => target.exact);
  return exact.length > 1 ? exact : [];
}

/** The docs version of the page at route `path`, or null for a page outside the docs. */
export function docsVersionOf(manifest: Pick<Manifest, 'versions' | 'routes'>, path: string): DocVersion | null {
  const target = manifest.routes[path];
  return target !== undefined && DOCS_KINDS.has(target.kind) ? versionAt(manifest, path) : null;
}

/**
 * A version-neutral link (the navbar's docs entry, the home page's "Get started") for a reader who prefers
 * `preferred`: a link to the last version's root or main doc opens the preferred version's root instead.
 */
export function preferredHref(manifest: Pick<Manifest, 'versions' | 'site'>, href: string, preferred: DocVersion | null, locale?: string): string {
  // In another locale, the link opens that locale's copy of the page first.
  const local = locale ? localizedPath(manifest, href, locale) : href;
  const last = lastVersion(manifest, locale);
  if (!preferred || preferred === last) return local;
  return local === last.path || local === `${last.path}/${last.mainDocId}` ? preferred.path : local;
}

/** A doc by id; throws listing the available ids. */
export function getDoc(manifest: Manifest, id: string): ManifestDoc {
  const doc = manifest.docs[id];
  if (!doc) throw new UnknownIdError('doc id', id, Object.keys(manifest.docs).sort());
  return doc;
}

/** The blob (`SiteLocale.strings`) that holds the sidebars of `version`, a copy in a locale other than the default one, else undefined. */
export function localeBlobOf(site: Pick<SiteConfig, 'locales'>, version: Pick<DocVersion, 'locale'>): string | undefined {
  return version.locale === undefined ? undefined : site.locales.find((locale) => locale.code === version.locale)?.strings;
}

/**
 * The sidebars of `version` by id: the root's in the default locale, else those of its locale's blob
 * (`localeBlobOf`), none until it is loaded. The build's whole manifest has every version's in the version.
 */
export function sidebarsOf(version: DocVersion, locale: Pick<LocaleStrings, 'sidebars'> | undefined): Record<string, SidebarItem[]> {
  return (version.locale !== undefined ? locale?.sidebars[version.name] : undefined) ?? version.sidebars;
}

/** A sidebar by id, `locale` being the blob of the locale of `path` (`localeBlobOf`); throws listing the available ids. */
export function getSidebar(manifest: Manifest, id: string, path: string, locale?: Pick<LocaleStrings, 'sidebars'>): SidebarItem[] {
  const sidebars = sidebarsOf(versionAt(manifest, path), locale);
  const sidebar = sidebars[id];
  if (!sidebar) throw new UnknownIdError('sidebar', id, Object.keys(sidebars));
  return sidebar;
}

/** Whether a sidebar subtree contains the route path. */
export function sidebarContains(item: SidebarItem, path: string): boolean {
  switch (item.type) {
    case 'doc':
      return item.path === path;
    case 'link':
      return item.href === path;
    case 'html':
      return false;
    case 'category':
      return item.path === path || item.items.some((child) => sidebarContains(child, path));
    default:
      return unreachable(item, 'sidebar item type');
  }
}

/** The entry that places a route in a sidebar (a doc's, the docs root's doc's, a category's), or null for a route outside every sidebar. */
function sidebarEntryAt(
  manifest: Pick<Manifest, 'routes' | 'docs' | 'categories'>,
  path: string,
): { sidebar?: string | null | undefined; sidebarTop?: number | null | undefined } | null {
  const target = manifest.routes[path];
  if (!target) return null;
  switch (target.kind) {
    case 'doc':
      return manifest.docs[target.id] ?? null;
    case 'docsRoot':
      return manifest.docs[target.docId] ?? null;
    case 'category':
      return manifest.categories[target.slug] ?? null;
    // Tags pages show no sidebar, as in Docusaurus.
    case 'tags':
    case 'tag':
    case 'page':
    case 'home':
    case 'search':
      return null;
    default:
      return unreachable(target, 'route kind');
  }
}

/** The id of the sidebar a route's page shows (from its page's entry), or null when it shows none. */
export const sidebarIdAt = (manifest: Pick<Manifest, 'routes' | 'docs' | 'categories'>, path: string): string | null =>
  sidebarEntryAt(manifest, path)?.sidebar ?? null;

/** Index of the top-level sidebar category that holds a route (from its page's entry), or null. */
export const sidebarTopAt = (manifest: Pick<Manifest, 'routes' | 'docs' | 'categories'>, path: string): number | null =>
  sidebarEntryAt(manifest, path)?.sidebarTop ?? null;

/** Headings shown in the table of contents of a page (levels 2–3 unless the page says otherwise). */
export function tocHeadings(page: Pick<ManifestPage, 'headings' | 'tocMinLevel' | 'tocMaxLevel'>): ManifestHeading[] {
  const min = page.tocMinLevel || TOC_MIN_LEVEL;
  const max = page.tocMaxLevel || TOC_MAX_LEVEL;
  return page.headings.filter((h) => h.depth >= min && h.depth <= max);
}

/** Document title: `Page | ABP React`, or the site title alone. */
export function documentTitle(pageTitle: string | null, siteTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
}

/** The markdown page (doc or standalone page) at a route path, or null. */
export function pageAt(manifest: Pick<Manifest, 'routes' | 'docs' | 'pages'>, path: string): ManifestPage | null {
  const target = manifest.routes[path];
  if (!target) return null;
  switch (target.kind) {
    case 'doc':
      return manifest.docs[target.id] ?? null;
    case 'docsRoot':
      return manifest.docs[target.docId] ?? null;
    case 'page':
      return manifest.pages[target.id] ?? null;
    case 'category':
    case 'tags':
    case 'tag':
    case 'home':
    case 'search':
      return null;
    default:
      return unreachable(target, 'route kind');
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A page's "last updated" date, in UTC so the build's rendering and the shell's agree wherever the reader is: as
 * English prose ('November 23, 2026') in the default locale, without `Intl`, whose first use in a page loads
 * locale data, a delay in the first render of a doc for a format that never changes; in another locale (`htmlLang`,
 * its BCP 47 tag) in that language's long form, which only `Intl` knows.
 */
export function formatLongDate(iso: string, htmlLang?: string): string {
  const date = new Date(iso);
  if (htmlLang !== undefined) return new Intl.DateTimeFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
