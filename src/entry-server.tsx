/**
 * The server-render bundle's entry. The shell build bundles it for
 * Node beside the browser bundle; the content build loads the bundle that
 * belongs to the shell it deploys and renders every route's markup with it,
 * so the static HTML is exactly what the browser then hydrates.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { RenderRequest, ServerRenderer } from '../manifest/serverRender';
import { seedArticle } from './data/blob';
import { manifestQueryOptions, seedShards } from './data/manifestQueries';
import { basePath, setBaseUrl } from './config';
import { App, createAppRouter } from './router';

/** How React's server renderer marks a Suspense boundary it left for the client to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** Where this bundle is: the build's document worker loads it from there (`ServerRenderer`). */
export const bundleUrl = import.meta.url;

/** Links and history follow the root's `baseUrl` (`ServerRenderer`). */
export const baseFromSite = true;

/** The markup of `#root` for a route (`ServerRenderer`). Lazy parts are awaited, so the markup is complete. */
export const renderRoute: ServerRenderer['renderRoute'] = async ({ root, shards, path, article }: RenderRequest) => {
  // The markup's links and the router's history are below the base the content was built for.
  setBaseUrl(root.site.baseUrl);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(manifestQueryOptions().queryKey, root);
  seedShards(queryClient, shards);
  if (article) seedArticle(queryClient, article.name, article.html);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [basePath() + path] }));
  await router.load();
  const app = <App queryClient={queryClient} router={router} />;
  // renderToString is synchronous and faster, but renders a boundary
  // whose lazy part has not loaded yet as its fallback (`<!--$!-->`); then prerender awaits it, and the
  // next routes find it loaded.
  let html = renderToString(app);
  // A part that throws is left for the browser to render, where it throws again: the route has no page to give.
  const errors: unknown[] = [];
  if (html.includes(CLIENT_RENDERED_BOUNDARY))
    html = await new Response((await prerender(app, { onError: (error) => void errors.push(error) })).prelude).text();
  // Drops the cache's garbage-collection timers, which would keep the build's process alive.
  queryClient.clear();
  if (errors.length) throw errors[0];
  return html;
};
