/** How the build's processes let V8's heap grow. */
import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent. By default it
 * grows the limit up to fourfold while a process allocates fast, so a cold build of a large site peaks
 * at several times what it keeps, and a dev server's RSS climbs from rebuild to rebuild with garbage
 * it has not collected yet. Not a cap: a site that needs more heap gets it. `npm run bench`
 * reports the peak it gives.
 */
const HEAP_GROWING_PERCENT = 30;

/**
 * The same for the dev server, which keeps a site's build for its life and makes a few megabytes of garbage per
 * rebuild: a tighter limit collects it every few rebuilds, so its RSS stays within a tenth of the first build's
 * rather than climbing a third above it between collections. A cold build would spend longer in collections.
 */
export const DEV_HEAP_GROWING_PERCENT = 10;

/** Sets how far the heap may grow (`HEAP_GROWING_PERCENT` unless told): the CLI build and the dev server call it first. */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
