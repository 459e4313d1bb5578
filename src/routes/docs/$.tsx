import { createRoute } from '@tanstack/react-router';
import { CategoryPage, DocPage } from '../../components/DocItem/DocPage';
import { PageLoader } from '../../components/ErrorScreens';
import { rootRoute } from '../__root';
import { loadDocsRoute } from '../-components/resolve';

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
