import { useRouterState } from '@tanstack/react-router';
import { docsVersionOf, lastVersion, localeCodeAt, normalizeRoutePath, stripBase, versionsIn, type DocVersion, type Manifest } from '../../manifest';
import { PREFERRED_VERSION_KEY } from '../data/siteStorage';
import { useLocalStorage } from './useLocalStorage';

/**
 * The docs version the reader chose last (in the version dropdown or a banner's link), remembered in
 * localStorage, or null when none or the stored one is no version of this manifest; and a way to set it.
 */
export function usePreferredVersion(versions: readonly DocVersion[]): [DocVersion | null, (name: string) => void] {
  const [stored, setStored] = useLocalStorage(PREFERRED_VERSION_KEY);
  return [versions.find((version) => version.name === stored) ?? null, setStored];
}

/**
 * The docs version a reader is in: the version of the docs page on screen, else the preferred version, else
 * the last (Docusaurus's "active or preferred" version, which the version dropdown shows and search filters by).
 */
export function useContextVersion(manifest: Manifest): DocVersion {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const path = normalizeRoutePath(stripBase(pathname, manifest.site.baseUrl) ?? pathname);
  const locale = localeCodeAt(manifest.site, path);
  // The preferred version is remembered by name, and read in the locale on screen.
  const [preferred] = usePreferredVersion(versionsIn(manifest, locale));
  return docsVersionOf(manifest, path) ?? preferred ?? lastVersion(manifest, locale);
}
