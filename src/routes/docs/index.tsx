import { createRoute } from '@tanstack/react-router';
import { DocPage } from '../../components/DocItem/DocPage';
import { PageLoader } from '../../components/ErrorScreens';
import { rootRoute } from '../__root';
import { loadPage } from '../-components/resolve';

/** `/docs`: the main doc (`intro`). */
export const docsIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs',
  loader: ({ context }) => loadPage(context.queryClient, '/docs', ['docsRoot']),
  pendingComponent: PageLoader,
  component: function DocsIndexView() {
    const { manifest, page } = docsIndexRoute.useLoaderData();
    return <DocPage manifest={manifest} doc={manifest.docs[page.id]!} />;
  },
});
