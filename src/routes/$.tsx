import { createRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { localeCodeAt, normalizeRoutePath } from '../../manifest';
import { CategoryPage, DocPage, PageArticle, UntranslatedNotice, useDocumentTitle } from '../components/DocItem/DocPage';
import { TagsView } from '../components/Tags/TagsView';
import { PageLoader } from '../components/ErrorScreens';
import { Home } from '../components/Home';
import { ensureManifestFor } from '../data/manifestQueries';
import { rootRoute } from './__root';
import { loadDocsRoute, loadPage } from './-components/resolve';
import { searchRoute } from './search';

/** The search page's view, below another locale's prefix as at `/search`. */
const SearchView = searchRoute.options.component!;

/**
 * What a path outside `/docs` shows: a standalone page, or, below another locale's prefix, its home, search page or
 * docs; docs at the base (`routeBasePath: '/'`) are here too, their root at `/` (`indexRoute`).
 */
export async function loadOther(queryClient: QueryClient, path: string) {
  const manifest = await ensureManifestFor(queryClient, normalizeRoutePath(path));
  const kind = manifest.routes[normalizeRoutePath(path)]?.kind;
  if (kind === 'home') return { kind: 'home' as const, manifest };
  if (kind === 'search') return { kind: 'search' as const, manifest };
  if (kind === 'doc' || kind === 'docsRoot' || kind === 'category' || kind === 'tags' || kind === 'tag') return loadDocsRoute(queryClient, path);
  return { kind: 'standalone' as const, ...(await loadPage(queryClient, path, ['page'])) };
}

/**
 * Standalone pages from `content/pages/` such as `/markdown-page`, and other locales' pages (`/fr`, `/fr/markdown-page`, `/fr/search`, `/fr/docs/intro`),
 * looked up in the manifest so authors add pages and languages without a shell rebuild. Anything else is not found.
 */
export const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: ({ context, params }) => loadOther(context.queryClient, `/${params._splat ?? ''}`),
  pendingComponent: PageLoader,
  component: function PageView() {
    return <OtherView data={pageRoute.useLoaderData()} />;
  },
});

/** The view of what `loadOther` loaded. */
export function OtherView({ data }: { data: Awaited<ReturnType<typeof loadOther>> }) {
  if (data.kind === 'home') return <Home manifest={data.manifest} />;
  if (data.kind === 'search') return <SearchView />;
  if (data.kind === 'category') return <CategoryPage manifest={data.manifest} category={data.category} />;
  if (data.kind === 'tags') return <TagsView manifest={data.manifest} page={data.tags} />;
  if (data.kind === 'page') return <DocPage manifest={data.manifest} doc={data.manifest.docs[data.page.id]!} />;
  return <StandalonePage manifest={data.manifest} page={data.page} />;
}

function StandalonePage({ manifest, page }: Awaited<ReturnType<typeof loadPage>>) {
  useDocumentTitle(page.title, manifest.site.title);
  return (
    <main id="main" className="main container" tabIndex={-1}>
      <article className="doc">
        {page.untranslated && <UntranslatedNotice manifest={manifest} locale={localeCodeAt(manifest.site, page.path)} />}
        <PageArticle manifest={manifest} page={page} />
      </article>
    </main>
  );
}
