import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../../../components/ErrorScreens';
import { TagsView } from '../../../components/Tags/TagsView';
import { rootRoute } from '../../__root';
import { loadTags } from '../../-components/resolve';

/** A tag's page: `/docs/tags/getting-started`. */
export const tagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/tags/$tag',
  loader: ({ context, params }) => loadTags(context.queryClient, `/docs/tags/${params.tag}`),
  pendingComponent: PageLoader,
  component: function TagRouteView() {
    const { manifest, tags } = tagRoute.useLoaderData();
    return <TagsView manifest={manifest} page={tags} />;
  },
});
