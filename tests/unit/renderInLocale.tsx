/**
 * Renders a piece of the shell to HTML as a reader of a locale sees it: a site in English and French, the French
 * texts of the `localized-site` fixture's `code.json` (as the build ships them), the router at a page of the locale.
 */
import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Manifest } from '../../manifest';
import { SiteProvider } from '../../src/components/SiteContext';
import { setBaseUrl } from '../../src/config';
import { localeStringsQueryOptions, manifestQueryOptions } from '../../src/data/manifestQueries';
import { makeManifest } from '../helpers/manifestFixtures';

const CODE_JSON = new URL('../fixtures/localized-site/content/i18n/fr/code.json', import.meta.url);

/** The fixture's French texts by id. */
export const FRENCH: Record<string, string> = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(CODE_JSON, 'utf8')) as Record<string, { message: string }>).map(([id, entry]) => [id, entry.message]),
);

/** The blob that holds the French strings. */
const STRINGS_BLOB = 'f7e5c0de00000000.json';

/** A site in English (default) and French. */
export function localizedManifest(): Manifest {
  const manifest = makeManifest({
    site: { i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { fr: { label: 'Français', htmlLang: 'fr-FR' } } } },
  });
  const fr = manifest.site.locales.find((locale) => locale.code === 'fr')!;
  fr.strings = STRINGS_BLOB;
  return manifest;
}

/** The cache the shell has once the root route has loaded: the manifest and the locale's strings. */
export function localizedQueryClient(manifest: Manifest): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(manifestQueryOptions().queryKey, manifest as never);
  queryClient.setQueryData(localeStringsQueryOptions(STRINGS_BLOB).queryKey, { strings: FRENCH, sidebars: {} });
  return queryClient;
}

/**
 * The text `element` renders at route `path` (below the base: `/fr/docs/intro` for French), tags dropped and
 * entities decoded; `inSite: false` renders it outside the site's context, as error screens may be.
 */
export async function renderText(
  path: string,
  element: ReactNode,
  { manifest = localizedManifest(), queryClient = localizedQueryClient(manifest), inSite = true } = {},
): Promise<string> {
  // As the server render does: the shell's links are below the site's base.
  setBaseUrl(manifest.site.baseUrl);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => element }),
    history: createMemoryHistory({ initialEntries: [manifest.site.baseUrl.replace(/\/$/, '') + path] }),
  });
  await router.load();
  const app = <RouterProvider router={router} />;
  const html = renderToString(
    <QueryClientProvider client={queryClient}>{inSite ? <SiteProvider manifest={manifest}>{app}</SiteProvider> : app}</QueryClientProvider>,
  );
  queryClient.clear();
  return htmlText(html);
}

/** The text of some HTML, attributes' values in brackets (`[aria-label=…]`) so labels can be checked too. */
function htmlText(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[a-z][^>]*>/gi, (tag) =>
      [...tag.matchAll(/\s(aria-label|title|placeholder)="([^"]*)"/g)].map(([, name, value]) => `[${name}=${value}]`).join(''),
    )
    .replace(/<\/[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
