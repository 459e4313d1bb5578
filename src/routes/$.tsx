import { createRoute } from '@tanstack/react-router';
import { Article, useDocumentTitle } from '../components/DocItem/DocPage';
import { PageLoader } from '../components/ErrorScreens';
import { rootRoute } from './__root';
import { loadPage } from './-components/resolve';

/**
 * Standalone pages from `content/pages/` such as `/markdown-page`, looked up in
 * the manifest so authors add pages without a shell rebuild. Anything else is
 * not found.
 */
export const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: ({ context, params }) => loadPage(context.queryClient, `/${params._splat ?? ''}`, ['page']),
  pendingComponent: PageLoader,
  component: function PageView() {
    const { manifest, page } = pageRoute.useLoaderData();
    useDocumentTitle(page.title, manifest.site.title);
    return (
      <main id="main" className="main container" tabIndex={-1}>
        <article className="doc">
          <Article key={page.id} manifest={manifest} page={page} />
        </article>
      </main>
    );
  },
});
