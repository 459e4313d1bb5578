import { createRoute } from '@tanstack/react-router';
import { CategoryPage, DocPage } from '../../components/DocItem/DocPage';
import { TagsView } from '../../components/Tags/TagsView';
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
    if (data.kind === 'tags') return <TagsView manifest={data.manifest} page={data.tags} />;
    return <DocPage manifest={data.manifest} doc={data.manifest.docs[data.page.id]!} />;
  },
});
