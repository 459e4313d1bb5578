/**
 * Browser storage for content (IndexedDB through localforage), loaded lazily so
 * it never delays a first page. Every call tolerates storage being unavailable
 * (private mode, blocked): the site then works online from memory. Each site
 * of an origin has its own database (`siteKey`); the one every site shared
 * before is still read, never written, for what this site's lacks.
 */
import { assetUrl } from '../config';
import { afterFirstPage, KEEP_COPIES_MS } from '../lib/afterFirstPage';
import { CHUNK_LOAD_MS, within } from '../lib/fetchBody';
import { textMatchesName } from '../sw/contentHash';
import { fetchText } from './fetchText';
import { offline } from './persistOffline';
import { readerIntent } from './readerIntent';
import { siteKey } from './siteStorage';

type Store = { getItem<T>(key: string): Promise<T | null>; setItem<T>(key: string, value: T): Promise<T>; removeItem(key: string): Promise<void> };

/** The database without the site's scope, shared by every site of the origin; what readers stored in it is still read. */
const SHARED_DB = 'abp-react-docs';

/** The name of this site's database. */
const STORE_NAME = siteKey(SHARED_DB);

/** A database, or null when localforage could not load (in `CHUNK_LOAD_MS`) or IndexedDB is unavailable. */
const open = (name: string): Promise<Store | null> =>
  within(import('localforage'), CHUNK_LOAD_MS, 'Browser storage')
    .then((mod) => mod.default.createInstance({ name, storeName: 'content' }) as Store)
    .catch(() => null);

let storePromise: Promise<Store | null> | null = null;
let sharedPromise: Promise<Store | null> | null = null;

function store(): Promise<Store | null> {
  storePromise ??= open(STORE_NAME).then((opened) => {
    // Not kept: the next use tries again (the network may be back).
    if (!opened) storePromise = null;
    return opened;
  });
  return storePromise;
}

/** The shared database of earlier shells, when there is one (opening a missing database would make it). */
function sharedStore(): Promise<Store | null> {
  sharedPromise ??= (async () => ((await indexedDB.databases()).some((db) => db.name === SHARED_DB) ? open(SHARED_DB) : null))().catch(() => null);
  return sharedPromise;
}

/** Reads a stored value (this site's, else the shared database's), or null when missing or storage is unavailable. */
export async function readStored<T>(key: string): Promise<T | null> {
  try {
    return (await (await store())?.getItem<T>(key)) ?? (await (await sharedStore())?.getItem<T>(key)) ?? null;
  } catch {
    return null;
  }
}

let wanted: Promise<void> | null = null;

/**
 * Resolves once copies are worth what opening the database costs (a chunk): a copy serves a later visit or a
 * failing network, which a reader who opened one page may never have. So, once the reader opens a second page
 * (`readerIntent`), turns offline mode on or leaves the tab, else on an idle `KEEP_COPIES_MS` after the first page.
 */
function copiesWanted(): Promise<void> {
  wanted ??= new Promise((resolve) => {
    if (readerIntent.get().shown || offline.get().enabled) return resolve();
    const done = () => {
      stopIntent();
      stopOffline();
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    };
    const onHidden = () => document.visibilityState === 'hidden' && done();
    const stopIntent = readerIntent.subscribe(() => readerIntent.get().shown && done());
    const stopOffline = offline.subscribe(() => offline.get().enabled && done());
    document.addEventListener('visibilitychange', onHidden);
    afterFirstPage(done, 2000, KEEP_COPIES_MS);
  });
  return wanted;
}

/** Stores a value once copies are wanted (`copiesWanted`); failures (quota, blocked) are ignored here and reported by the offline feature. */
export async function writeStored<T>(key: string, value: T): Promise<boolean> {
  try {
    await copiesWanted();
    const s = await store();
    if (!s) return false;
    await s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fetches a file named by its hash and keeps a copy under `key`; when the
 * network fails, answers from that copy (the name guarantees it is current).
 * `take` makes what is answered of the file, and the key it is kept under
 * (null: not kept). A copy of a file named by its content is checked against
 * the name before it is answered, as the network's answer was before it was
 * kept: one that does not match (kept by an older shell) is dropped.
 */
export async function fetchTextOrStored(
  file: string,
  key: string,
  take: (text: string) => { text: string; key: string | null } = (text) => ({ text, key }),
): Promise<string> {
  try {
    const taken = take(await fetchText(file));
    if (taken.key !== null) void writeStored(taken.key, taken.text);
    return taken.text;
  } catch (error) {
    const stored = await readStored<string>(key);
    if (stored !== null && (await textMatchesName(assetUrl(file), stored))) return stored;
    if (stored !== null) void (await store())?.removeItem(key).catch(() => undefined);
    throw error;
  }
}
