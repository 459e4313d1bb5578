/**
 * The shell's Web Storage, by site: every name is scoped by the base path
 * (`siteStorageKey`), so sites sharing an origin keep their choices apart;
 * names stored unscoped are still read (`scopedStorage`).
 */
import { siteStorageKey } from '../../manifest/constants';
import { baseUrl } from '../config';
import { localStore, scopedStorage, sessionStore } from '../lib/storage';

/** A name scoped by this site's base path. */
export const siteKey = (name: string): string => siteStorageKey(name, baseUrl());

/** `localStorage`, by site. */
export const siteLocalStore = scopedStorage(localStore, siteKey);

/**
 * Where the reader's preferred docs version is kept (bare `localStorage`): Docusaurus's key for the default docs
 * plugin, so a reader's choice carries over.
 */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

/** `sessionStorage`, by site. */
export const siteSessionStore = scopedStorage(sessionStore, siteKey);
