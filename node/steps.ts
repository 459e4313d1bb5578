/**
 * Where a build's time goes: each step's milliseconds, in the order
 * the steps ran. `npm run dev -- --timings` prints them after every rebuild.
 */

/** Milliseconds by step name, in the order the steps first ran. */
export type StepTimes = Record<string, number>;

/** A stopwatch: `lap(name)` charges the time since the previous lap to `name`; `add` takes a sub-step's times as they are. */
export function stepTimer(): { steps: StepTimes; lap(name: string): void; add(times: StepTimes): void } {
  const steps: StepTimes = {};
  let last = performance.now();
  const charge = (name: string, ms: number) => (steps[name] = (steps[name] ?? 0) + ms);
  return {
    steps,
    lap(name) {
      const now = performance.now();
      charge(name, now - last);
      last = now;
    },
    add(times) {
      for (const [name, ms] of Object.entries(times)) charge(name, ms);
      last = performance.now();
    },
  };
}
