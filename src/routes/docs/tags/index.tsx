import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../../../components/ErrorScreens';
import { TagsView } from '../../../components/Tags/TagsView';
import { rootRoute } from '../../__root';
import { loadTags } from '../../-components/resolve';

/** The docs' tags page: `/docs/tags`. */
export const tagsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/tags',
  loader: ({ context }) => loadTags(context.queryClient, '/docs/tags'),
  pendingComponent: PageLoader,
  component: function TagsRouteView() {
    const { manifest, tags } = tagsRoute.useLoaderData();
    return <TagsView manifest={manifest} page={tags} />;
  },
});
