import { createRoute, notFound } from '@tanstack/react-router';
import { CategoryPage } from '../../../components/DocItem/DocPage';
import { ensureManifestFor, ensureSidebarShard } from '../../../data/manifestQueries';
import { rootRoute } from '../../__root';

/** Generated category indexes: `/docs/category/fundamentals`. */
export const categoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/category/$category',
  loader: async ({ context, params }) => {
    const manifest = await ensureManifestFor(context.queryClient, `/docs/category/${params.category}`);
    const category = manifest.categories[params.category];
    if (!category) throw notFound();
    await ensureSidebarShard(context.queryClient, manifest, category.sidebarTop);
    return { manifest, category };
  },
  component: function CategoryView() {
    const { manifest, category } = categoryRoute.useLoaderData();
    return <CategoryPage manifest={manifest} category={category} />;
  },
});
