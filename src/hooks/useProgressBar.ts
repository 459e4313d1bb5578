import { useRouterState } from '@tanstack/react-router';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { PROGRESS_BAR } from '../../manifest/constants';

NProgress.configure({ showSpinner: false, minimum: PROGRESS_BAR.minimum, speed: PROGRESS_BAR.speed, trickleSpeed: PROGRESS_BAR.trickleSpeed });

/** Shows the route-change bar once loading has lasted `PROGRESS_BAR.delay` ms, so a fast navigation shows none. */
export function useProgressBar(): void {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  useEffect(() => {
    if (!loading) return undefined;
    let trickle: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      NProgress.start();
      trickle = setInterval(() => NProgress.inc(PROGRESS_BAR.trickleRate), PROGRESS_BAR.trickleSpeed);
    }, PROGRESS_BAR.delay);
    return () => {
      clearTimeout(start);
      if (trickle) clearInterval(trickle);
      NProgress.done();
    };
  }, [loading]);
}
