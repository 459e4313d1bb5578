import { useEffect, type DependencyList, type RefObject } from 'react';
import { SITE_COMPONENT_ATTRIBUTE } from '../../manifest/siteComponents';

/**
 * The site's own components in the article (`manifest/siteComponents.ts`), made interactive once it shows any: the
 * code that hydrates them loads then, so a site without components carries none of it. A chunk that cannot be had
 * (offline, before it was ever loaded) leaves the build's markup as it is, which reads the same.
 */
export function useSiteComponents(ref: RefObject<HTMLElement | null>, deps: DependencyList): void {
  useEffect(() => {
    const marks = ref.current ? [...ref.current.querySelectorAll<HTMLElement>(`[${SITE_COMPONENT_ATTRIBUTE}]`)] : [];
    if (!marks.length) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./hydrateSiteComponents')
      .then((m) => {
        if (!stopped) stop = m.hydrateSiteComponents(marks);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [ref, ...deps]);
}
