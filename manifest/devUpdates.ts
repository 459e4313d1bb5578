/**
 * The seam between `npm run dev`'s page script (`scripts/dev.ts`) and the
 * shell. After a content-only rebuild the script dispatches
 * `DEV_CONTENT_EVENT` on `window`. A shell that can take the new content in
 * place cancels the event and puts its promise in `detail.taken`; the script
 * reloads the page when no one cancels it, or when the promise resolves false
 * or rejects. Production shells never listen.
 */

/** The event's name. */
export const DEV_CONTENT_EVENT = 'docs:dev-content';

/** The event's `detail`. */
export interface DevContentDetail {
  /** `contentHash` of the manifest the rebuild wrote. */
  contentHash: string;
  /** The new article of each route whose article changed: the page on screen fetches its own while the manifest loads. */
  articles: Record<string, string>;
  /** Set by the shell that takes the update: true once the page on screen shows the new content. */
  taken?: Promise<boolean>;
}
