/**
 * The shell's entry. It evaluates the app in two tasks rather than one: React
 * DOM first, then, after yielding to the browser, the router, the query cache,
 * the components and the start (`boot.tsx`). Evaluating all of them at once
 * is one long task on a phone, which blocks input; two tasks halve it.
 */
import './styles.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('./boot');
})();
