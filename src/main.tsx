/**
 * The shell's entry. It evaluates the app in three tasks rather than one,
 * yielding to the browser between them: React DOM, then the router, then the
 * query cache, the components and the start (`boot.tsx`). Evaluating all of
 * them at once was one task of about 110 ms on a phone (Lighthouse's 4x slower
 * CPU), which blocked input; no step now takes much more than 50 ms there.
 */
import './styles.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  await import('./boot');
})();
