import { createRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../../components/DocItem/DocPage';
import { rootRoute } from '../../__root';
import { loadCategory } from '../../-components/resolve';

/** Generated category indexes: `/docs/category/fundamentals`. */
export const categoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/category/$category',
  loader: ({ context, params }) => loadCategory(context.queryClient, `/docs/category/${params.category}`),
  component: function CategoryView() {
    const { manifest, category } = categoryRoute.useLoaderData();
    return <CategoryPage manifest={manifest} category={category} />;
  },
});
