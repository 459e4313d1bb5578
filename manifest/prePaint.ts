/**
 * What differs per reader, applied before the first paint. The build's HTML
 * is the page for a reader with no stored preferences; a reader who chose dark
 * mode, collapsed the sidebar or closed the announcement gets that look from
 * one small inline script that sets attributes on `<html>`, which the
 * stylesheet reads. The shell hydrates the same markup (no mismatch), then
 * takes the stored values and keeps the attributes in step.
 */
import type { SiteConfig } from './siteConfig';
import { siteStorageKey, THEME_STORAGE_KEY } from './constants';

/** Local-storage key of the collapsed desktop sidebar (`'1'` when collapsed). */
export const SIDEBAR_HIDDEN_KEY = 'docs-sidebar-hidden';

/** Local-storage key of the id of the announcement the reader closed; a new id shows the bar again. */
export const ANNOUNCEMENT_DISMISSED_KEY = 'docs-announcement-dismissed';

/** Attributes of `<html>` set before the first paint. */
export const ROOT_FLAGS = {
  /** Present when the reader stored a colour mode (the toggle then shows no "auto" mark). */
  themeChoice: 'data-theme-choice',
  /** Present while the desktop sidebar is collapsed. */
  sidebarHidden: 'data-sidebar-hidden',
  /** Present when the reader closed the current announcement. */
  announcementDismissed: 'data-announcement-dismissed',
} as const;

/**
 * A value as a JavaScript literal that is safe inside an inline `<script>`: JSON with `<`, `>` and `&`
 * written as escapes, so no value closes the element (`</script>`) or opens a comment (`<!--`), and
 * with U+2028 and U+2029, which end a line in older parsers, escaped too.
 */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The inline script of every page. The build writes it and hashes it into the
 * Content-Security-Policy, so it is the only inline script a page may run.
 */
export function prePaintScript(site: Pick<SiteConfig, 'colorMode' | 'announcementBar' | 'baseUrl'>): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const bar = site.announcementBar?.id ?? null;
  const j = scriptLiteral;
  // `g` reads a name of this site as the shell's `siteLocalStore` does: scoped, else unscoped.
  const g = `g=function(k){var v=l.getItem(k+${j(siteStorageKey('', site.baseUrl))});return v===null?l.getItem(k):v}`;
  return `(function(){var d=document.documentElement,m=${j(defaultMode)};try{var l=localStorage,${g},s=l.getItem(${j(THEME_STORAGE_KEY)});if(s==='light'||s==='dark'){m=s;d.setAttribute(${j(ROOT_FLAGS.themeChoice)},'')}else if(${j(respectPrefersColorScheme === true)}&&matchMedia('(prefers-color-scheme: dark)').matches)m='dark';if(g(${j(SIDEBAR_HIDDEN_KEY)})==='1')d.setAttribute(${j(ROOT_FLAGS.sidebarHidden)},'');if(${j(bar)}!==null&&g(${j(ANNOUNCEMENT_DISMISSED_KEY)})===${j(bar)})d.setAttribute(${j(ROOT_FLAGS.announcementDismissed)},'')}catch(e){}d.setAttribute('data-theme',m)})()`;
}

/** Sets or removes a `ROOT_FLAGS` attribute (the shell, when the reader changes the preference). */
export function setRootFlag(root: { toggleAttribute(name: string, force?: boolean): boolean }, flag: keyof typeof ROOT_FLAGS, on: boolean): void {
  root.toggleAttribute(ROOT_FLAGS[flag], on);
}
