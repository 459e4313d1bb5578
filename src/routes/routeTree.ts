/**
 * The route tree, built by hand with one file per URL shape (TanStack's
 * file-based layout) because `@tanstack/router-plugin` is not in our package
 * list; switching to file-based routing later is mechanical.
 */
import { rootRoute } from './__root';
import { pageRoute } from './$';
import { categoryRoute } from './docs/category/$category';
import { docRoute } from './docs/$';
import { docsIndexRoute } from './docs/index';
import { tagRoute } from './docs/tags/$tag';
import { tagsRoute } from './docs/tags/index';
import { indexRoute } from './index';
import { searchRoute } from './search';

export const routeTree = rootRoute.addChildren([indexRoute, searchRoute, docsIndexRoute, categoryRoute, tagsRoute, tagRoute, docRoute, pageRoute]);
