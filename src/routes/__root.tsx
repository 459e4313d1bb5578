import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { localeStringsQueryOptions, manifestQueryOptions, viewOf } from '../data/manifestQueries';
import { localeAt, stripBase } from '../../manifest';
import { useTranslate } from '../hooks/useTranslate';
import { AnnouncementBar } from '../components/Layout/AnnouncementBar';
import { Footer } from '../components/Layout/Footer';
import { Navbar } from '../components/Navbar/Navbar';
import { NotFound, RouteError } from '../components/ErrorScreens';
import { SiteProvider } from '../components/SiteContext';
import { ColorModeProvider } from '../hooks/useColorMode';
import { useProgressBar } from '../hooks/useProgressBar';
import { OfflineControl } from '../components/Offline/OfflineControl';
import { OfflineNotice } from '../components/Offline/OfflineNotice';
import { UpdateNotices } from '../components/Updates/UpdateNotices';
import { useUpdatesGeneration } from '../hooks/useOfflineUpdates';
import { useDocumentLocale } from '../hooks/useLocale';

/** What every route's loader gets. */
export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  const { data: root } = useSuspenseQuery(manifestQueryOptions());
  const manifest = viewOf(root);
  useProgressBar();
  useDocumentLocale(manifest.site);
  const t = useTranslate(manifest.site);
  // A content swap that replaces the page on screen remounts the outlet.
  const generation = useUpdatesGeneration();
  return (
    <SiteProvider manifest={manifest}>
      <ColorModeProvider config={manifest.site.colorMode}>
        <a
          className="skip-link"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          {t('theme.common.skipToMainContent')}
        </a>
        <AnnouncementBar />
        <Navbar />
        <OfflineNotice />
        <Outlet key={generation} />
        <OfflineControl />
        <Footer />
        <UpdateNotices />
      </ColorModeProvider>
    </SiteProvider>
  );
}

/** The manifest, and the strings of the route's locale, which every component may show (English when they cannot be had). */
async function loadRoot(queryClient: QueryClient, pathname: string) {
  const root = await queryClient.ensureQueryData(manifestQueryOptions());
  const strings = localeAt(root.site, stripBase(pathname, root.site.baseUrl) ?? pathname).strings;
  if (strings) await queryClient.ensureQueryData(localeStringsQueryOptions(strings)).catch(() => null);
  return root;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  loader: ({ context, location }) => loadRoot(context.queryClient, location.pathname),
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});
