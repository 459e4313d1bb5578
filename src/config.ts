/**
 * The one shell build constant: the base path the site is served under. Everything
 * else about the site (title, navbar, search keys…) arrives in the manifest.
 */
export const BASE_URL = '/abp-react/';

/** The base path without its trailing slash, as the router wants it. */
export const BASE_PATH = BASE_URL.replace(/\/$/, '');

/** URL of a file below the base path. */
export const assetUrl = (file: string) => BASE_URL + file.replace(/^\//, '');
