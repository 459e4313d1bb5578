import { createRoute } from '@tanstack/react-router';
import { DocPage } from '../../components/DocItem/DocPage';
import { PageLoader } from '../../components/ErrorScreens';
import { rootRoute } from '../__root';
import { loadPage } from '../-components/resolve';

/** Every doc: `/docs/<id>`. */
export const docRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'docs/$',
  loader: ({ context, params }) => loadPage(context.queryClient, `/docs/${params._splat ?? ''}`, ['doc', 'docsRoot']),
  pendingComponent: PageLoader,
  component: function DocRouteView() {
    const { manifest, page } = docRoute.useLoaderData();
    const doc = manifest.docs[page.id]!;
    return <DocPage manifest={manifest} doc={doc} />;
  },
});
