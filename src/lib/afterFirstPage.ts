/** Generic: imports nothing of the shell. */

/**
 * How long after the load work that serves later reading waits (the worker's
 * registration, the saved query cache, the offline panel), unless it is needed
 * sooner: until then the first page has the network and the CPU to itself, and
 * a reader who leaves within seconds never loads it.
 */
export const LATER_WORK_MS = 5000;

/**
 * How long after the first page a reader who has shown no intent to read on (a second page, offline mode, leaving the
 * tab) waits before the shell keeps copies of what it fetched in browser storage: a reader who reads one page for
 * half a minute and leaves never loads the storage code.
 */
export const KEEP_COPIES_MS = 60_000;

/**
 * Runs `task` once the first page has loaded, `delayMs` more have passed and
 * the browser is idle, or `maxWaitMs` after that at the latest: a browser that
 * produces no frames (a hidden or headless tab) may report no idle period for a long while.
 */
export function afterFirstPage(task: () => void, maxWaitMs = 2000, delayMs = 0): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: maxWaitMs });
    else setTimeout(task, Math.min(maxWaitMs, 200));
  };
  const later = () => (delayMs > 0 ? setTimeout(idle, delayMs) : idle());
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
