import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { localeAt, localizedPath, stripBase, type Manifest, type SiteConfig, type SiteLocale } from '../../manifest';

/** The locale of the page on screen (its route's prefix), and its code as docs versions name it (undefined for the default locale). */
export function useLocale(site: Pick<SiteConfig, 'locales' | 'baseUrl'>): { locale: SiteLocale; code: string | undefined } {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const locale = localeAt(site, stripBase(pathname, site.baseUrl) ?? pathname);
  return { locale, code: locale.path ? locale.code : undefined };
}

/** Turns an internal link of the configuration (`/`, `/docs/intro`) into the same page in the locale on screen. */
export function useLocalizedHref(manifest: Pick<Manifest, 'versions' | 'site'>): (href: string) => string {
  const { code } = useLocale(manifest.site);
  return (href) => (code && href.startsWith('/') ? localizedPath(manifest, href, code) : href);
}

/** Keeps `<html lang dir>` on the locale on screen as the reader moves between locales (the build's HTML has the first page's). */
export function useDocumentLocale(site: Pick<SiteConfig, 'locales' | 'baseUrl'>): void {
  const { locale } = useLocale(site);
  useEffect(() => {
    const html = document.documentElement;
    html.lang = locale.htmlLang;
    html.dir = locale.direction;
  }, [locale]);
}
