import { useRouterState } from '@tanstack/react-router';
import { docsVersionOf, lastVersion, normalizeRoutePath, stripBase, type DocVersion, type Manifest } from '../../manifest';
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
  const [preferred] = usePreferredVersion(manifest.versions);
  return docsVersionOf(manifest, normalizeRoutePath(stripBase(pathname, manifest.site.baseUrl) ?? pathname)) ?? preferred ?? lastVersion(manifest);
}
