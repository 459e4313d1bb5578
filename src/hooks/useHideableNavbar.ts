import { useEffect, useState } from 'react';

/** Whether the fixed navbar is visible: hidden while scrolling down, shown when scrolling up or near the top. */
export function useHideableNavbar(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!enabled) return undefined;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 64) setVisible(true);
      else if (Math.abs(y - last) > 4) setVisible(y < last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return visible;
}
