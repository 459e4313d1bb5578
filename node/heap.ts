/** How the build's processes let V8's heap grow. */
import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent. By default it
 * grows the limit up to fourfold while a process allocates fast, so a cold build of a large site peaks
 * at several times what it keeps, and a dev server's RSS climbs from rebuild to rebuild with garbage
 * it has not collected yet. Not a cap: a site that needs more heap gets it. ARCHITECTURE.md ("Build
 * session") has the measurements.
 */
const HEAP_GROWING_PERCENT = 30;

/** Sets `HEAP_GROWING_PERCENT` for this process: the CLI build and the dev server call it first. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
