/** Generic: imports nothing of the shell. */

/**
 * Runs `task` once the first page has loaded and the browser is idle, or
 * `maxWaitMs` after the load at the latest: a browser that produces no frames
 * (a hidden or headless tab) may report no idle period for a long while.
 */
export function afterFirstPage(task: () => void, maxWaitMs = 2000): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: maxWaitMs });
    else setTimeout(task, Math.min(maxWaitMs, 200));
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
