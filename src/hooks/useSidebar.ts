import { useQuery } from '@tanstack/react-query';
import { getSidebar, localeBlobOf, versionAt, type Manifest, type SidebarItem } from '../../manifest';
import { localeStringsQueryOptions } from '../data/manifestQueries';

/**
 * The docs sidebar of the version of route `path`: the root's in the default locale, else the one in its locale's
 * blob, which the route's loader has read (`ensureSidebarShard`), so it is there on the first render.
 */
export function useSidebar(manifest: Manifest, path: string): SidebarItem[] {
  const blob = localeBlobOf(manifest.site, versionAt(manifest, path));
  const { data } = useQuery({ ...localeStringsQueryOptions(blob ?? ''), enabled: blob !== undefined });
  return getSidebar(manifest, manifest.site.docs.sidebarId, path, blob === undefined ? undefined : data);
}
