import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/ErrorScreens';
import { rootRoute } from './__root';
import { loadOther, OtherView } from './$';

/** `/`: the home page, or the docs' root when the docs are served at the base (`routeBasePath: '/'`). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => loadOther(context.queryClient, '/'),
  pendingComponent: PageLoader,
  component: function IndexView() {
    return <OtherView data={indexRoute.useLoaderData()} />;
  },
});
