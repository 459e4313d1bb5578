import { createRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { normalizeRoutePath } from '../../../manifest';
import { CategoryPage, DocPage } from '../../components/DocItem/DocPage';
import { PageLoader } from '../../components/ErrorScreens';
import { ensureManifestFor } from '../../data/manifestQueries';
import { rootRoute } from '../__root';
import { loadCategory, loadPage } from '../-components/resolve';

/** A doc or a version's root (`/docs/1.0`), or a version's category index (`/docs/1.0/category/fundamentals`). */
async function loadDocsRoute(queryClient: QueryClient, path: string) {
  const manifest = await ensureManifestFor(queryClient, normalizeRoutePath(path));
  if (manifest.routes[normalizeRoutePath(path)]?.kind === 'category') return { kind: 'category' as const, ...(await loadCategory(queryClient, path)) };
  return { kind: 'page' as const, ...(await loadPage(queryClient, path, ['doc', 'docsRoot'])) };
}

/** Every doc: `/docs/<id>`, and every other version's pages. */
export const docRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/$',
  loader: ({ context, params }) => loadDocsRoute(context.queryClient, `/docs/${params._splat ?? ''}`),
  pendingComponent: PageLoader,
  component: function DocRouteView() {
    const data = docRoute.useLoaderData();
    if (data.kind === 'category') return <CategoryPage manifest={data.manifest} category={data.category} />;
    return <DocPage manifest={data.manifest} doc={data.manifest.docs[data.page.id]!} />;
  },
});
