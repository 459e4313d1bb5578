/**
 * Lookups and view-model helpers over a manifest: plain functions the shell's
 * components call, computed once per page rather than inside components.
 */
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from './constants';
import { UnknownIdError } from './manifestErrors';
import type { DocVersion, Manifest, ManifestDoc, ManifestHeading, ManifestPage, SidebarItem } from './types';

/** The default docs version (`current`). */
export function currentVersion(manifest: Manifest): DocVersion {
  return manifest.versions[0]!;
}

/** A doc by id; throws listing the available ids. */
export function getDoc(manifest: Manifest, id: string): ManifestDoc {
  const doc = manifest.docs[id];
  if (!doc) throw new UnknownIdError('doc id', id, Object.keys(manifest.docs).sort());
  return doc;
}

/** A sidebar by id; throws listing the available ids. */
export function getSidebar(manifest: Manifest, id: string): SidebarItem[] {
  const sidebars = currentVersion(manifest).sidebars;
  const sidebar = sidebars[id];
  if (!sidebar) throw new UnknownIdError('sidebar', id, Object.keys(sidebars));
  return sidebar;
}

/** Whether a sidebar subtree contains the route path. */
export function sidebarContains(item: SidebarItem, path: string): boolean {
  if (item.type === 'doc') return item.path === path;
  if (item.type === 'link') return item.href === path;
  return item.path === path || item.items.some((child) => sidebarContains(child, path));
}

/** Index of the top-level sidebar category that holds a route (from its page's entry), or null. */
export function sidebarTopAt(manifest: Pick<Manifest, 'routes' | 'docs' | 'categories'>, path: string): number | null {
  const target = manifest.routes[path];
  if (!target) return null;
  if (target.kind === 'doc') return manifest.docs[target.id]?.sidebarTop ?? null;
  if (target.kind === 'docsRoot') return manifest.docs[target.docId]?.sidebarTop ?? null;
  if (target.kind === 'category') return manifest.categories[target.slug]?.sidebarTop ?? null;
  return null;
}

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
  if (target.kind === 'doc') return manifest.docs[target.id] ?? null;
  if (target.kind === 'docsRoot') return manifest.docs[target.docId] ?? null;
  if (target.kind === 'page') return manifest.pages[target.id] ?? null;
  return null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A page's "last updated" date as English prose ('November 23, 2026'), in UTC
 * so the build's rendering and the shell's agree wherever the reader is. Not
 * `Intl`: its first use in a page loads locale data, a delay in the first render
 * of a doc for a format that never changes (the site has one locale).
 */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
