/**
 * Whether the reader has shown they mean to read on, the signal the service
 * worker waits for before it fills its precache: a page view of a second page,
 * on this visit (a client navigation) or on an earlier one (the first page's
 * path is remembered on this device). A reader who opens one page from a search
 * engine never shows it, and so pays for that page only. Offline mode, asked
 * for or implied by an installed app, fills the precache by itself.
 */
import { siteLocalStore } from './siteStorage';
import { createStore } from './updatesStore';

/** Local-storage key of the first page the reader opened on this device (its path). */
const FIRST_PAGE_KEY = 'docs-first-page';
/** Local-storage key set once the reader has opened a second page. */
const INTENT_KEY = 'docs-reader-intent';

/** Whether the reader has opened a second page of the site, on this visit or an earlier one. */
export const readerIntent = createStore<{ shown: boolean }>({ shown: false });

/**
 * Notes a page view: the first on this device is remembered, any page after it
 * (another path) is the signal. Called with the path of every page shown.
 */
export function notePageView(path: string): void {
  if (readerIntent.get().shown) return;
  const first = siteLocalStore.get(FIRST_PAGE_KEY);
  if (siteLocalStore.get(INTENT_KEY) === '1' || (first !== null && first !== path)) {
    siteLocalStore.set(INTENT_KEY, '1');
    readerIntent.set({ shown: true });
  } else if (first === null) {
    siteLocalStore.set(FIRST_PAGE_KEY, path);
  }
}
