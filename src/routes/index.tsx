import { createRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Home } from '../components/Home';
import { manifestQueryOptions, viewOf } from '../data/manifestQueries';
import { rootRoute } from './__root';

/** `/`: the home page. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: function HomeView() {
    const manifest = viewOf(useSuspenseQuery(manifestQueryOptions()).data);
    return <Home manifest={manifest} />;
  },
});
