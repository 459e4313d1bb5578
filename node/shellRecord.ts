/** The record a shell build leaves beside its files (`shell.json`), which content builds and the shell cache read. */
import * as v from 'valibot';

/** What `shell.json` holds. */
export const ShellRecordSchema = v.object({
  /** Entry module below the base. */
  js: v.string(),
  /** Stylesheet below the base. */
  css: v.string(),
  /** Every file the shell build wrote, below `dist/`. */
  files: v.array(v.string()),
  /** The server-render bundle's entry below `dist/`; absent in sites built without one. */
  server: v.optional(v.string()),
  /** Hash of all shell files; the service worker revision. */
  hash: v.string(),
});
export type ShellRecord = v.InferOutput<typeof ShellRecordSchema>;
