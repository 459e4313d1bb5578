import { useQuery } from '@tanstack/react-query';
import { getSidebar, localeBlobOf, sidebarIdAt, versionAt, type Manifest, type SidebarItem } from '../../manifest';
import { localeStringsQueryOptions } from '../data/manifestQueries';

/**
 * The docs sidebar the page at route `path` shows (its entry names it), in the version of the route: the root's in
 * the default locale, else the one in its locale's blob, which the route's loader has read (`ensureSidebarShard`),
 * so it is there on the first render. A page in no sidebar has none: null. `id` names the sidebar to show (null: none)
 * instead of the one the route's entry names.
 */
export function useSidebar(manifest: Manifest, path: string, id?: string | null): SidebarItem[] | null {
  const blob = localeBlobOf(manifest.site, versionAt(manifest, path));
  const { data } = useQuery({ ...localeStringsQueryOptions(blob ?? ''), enabled: blob !== undefined });
  const sidebarId = id === undefined ? sidebarIdAt(manifest, path) : id;
  return sidebarId === null ? null : getSidebar(manifest, sidebarId, path, blob === undefined ? undefined : data);
}
