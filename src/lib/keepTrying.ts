/**
 * Retries a task that just failed, in the background, until it succeeds:
 * after `firstDelayMs`, then twice as long each time up to `maxDelayMs`, and at once when one of the
 * `wakeOn` events fires (the network came back, the reader returned to the
 * tab). One attempt runs at a time.
 *
 * Generic: imports nothing of the shell.
 */

/** Options of `keepTrying`. */
export interface KeepTryingOptions {
  /** Delay before the first retry. */
  firstDelayMs: number;
  /** Longest delay between attempts. */
  maxDelayMs: number;
  /** Where the wake events fire (`window`). */
  target: EventTarget;
  /** Events that start an attempt at once (`online`, `focus`). */
  wakeOn: string[];
}

/**
 * Runs `attempt` again and again until it resolves to true (a throw counts as
 * false). Returns a function that stops trying.
 */
export function keepTrying(attempt: () => Promise<boolean>, options: KeepTryingOptions): () => void {
  let delay = options.firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let done = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    for (const name of options.wakeOn) options.target.removeEventListener(name, run);
  };
  async function run(): Promise<void> {
    if (running || done) return;
    running = true;
    clearTimeout(timer);
    const ok = await attempt().catch(() => false);
    running = false;
    if (done) return;
    if (ok) return stop();
    schedule();
  }
  function schedule(): void {
    timer = setTimeout(() => void run(), delay);
    delay = Math.min(delay * 2, options.maxDelayMs);
  }
  for (const name of options.wakeOn) options.target.addEventListener(name, run);
  schedule();
  return stop;
}
