/**
 * The base path the site is served under, as the page tells it (`<meta name="docs-base">`, written by the build from
 * `site.config.json`'s `baseUrl`): the shell bundle names no base, so one shell build serves content built for any.
 * Everything else about the site (title, navbar, search keys…) arrives in the manifest.
 */
import { BASE_META } from '../manifest/constants';

/** A base path as `baseUrl` has it: both slashes, `/` alone allowed. */
const BASE_SHAPE = /^\/(.*\/)?$/;

let base: string | undefined;

/** The page's base path, read once; `/` when the page names none (or not in a browser). */
export function baseUrl(): string {
  if (base === undefined) {
    const named = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${BASE_META}"]`)?.getAttribute('content');
    base = named && BASE_SHAPE.test(named) ? named : '/';
  }
  return base;
}

/** Sets the base path where no page names it: the server render, which has the site's configuration. */
export function setBaseUrl(url: string): void {
  if (!BASE_SHAPE.test(url)) throw new Error(`Base path "${url}" needs a leading and a trailing slash.`);
  base = url;
}

/** The base path without its trailing slash, as the router wants it (empty for `/`). */
export const basePath = (): string => baseUrl().replace(/\/$/, '');

/** URL of a file below the base path. */
export const assetUrl = (file: string): string => baseUrl() + file.replace(/^\//, '');
