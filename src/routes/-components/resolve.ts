import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { normalizeRoutePath, pageAt, type Manifest, type ManifestPage } from '../../../manifest';
import { pageQueryOptions } from '../../data/blob';
import { manifestQueryOptions } from '../../data/manifest';

/** Loads the manifest and the markdown page at `path`, or throws `notFound()` (every route is exact). */
export async function loadPage(queryClient: QueryClient, path: string, kinds: string[]): Promise<{ manifest: Manifest; page: ManifestPage }> {
  const manifest = await queryClient.ensureQueryData(manifestQueryOptions());
  const route = normalizeRoutePath(path);
  const target = manifest.routes[route];
  const page = target && kinds.includes(target.kind) ? pageAt(manifest, route) : null;
  if (!page) throw notFound();
  await queryClient.ensureQueryData(pageQueryOptions(page));
  return { manifest, page };
}
