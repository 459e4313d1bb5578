import { useEffect, useMemo, useState } from 'react';
import type { ManifestHeading } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** The id of the heading currently in view: the last one above the upper third of the viewport. */
function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!ids.length) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | null = null;
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top < window.innerHeight / 3) current = id;
      }
      setActive(current ?? ids[0] ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // First measure in the next frame, where the layout is done anyway (not a forced layout during the commit).
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}

/** Table of contents, levels 2–3 by default, with the heading in view highlighted. */
export function TOC({ headings }: { headings: ManifestHeading[] }) {
  // The same list for the same headings, a new one when an update taken in place changes them.
  const idList = headings.map((h) => h.id).join('\n');
  const ids = useMemo(() => (idList ? idList.split('\n') : []), [idList]);
  const active = useActiveHeading(ids);
  const t = useTranslate(useSite().site);
  if (!headings.length) return null;
  const min = Math.min(...headings.map((h) => h.depth));
  return (
    <nav className="toc" aria-label={t('theme.TOCCollapsible.toggleButtonLabel')}>
      <p className="toc__title">{t('theme.TOCCollapsible.toggleButtonLabel')}</p>
      <ul>
        {headings.map((h) => (
          <li key={h.id} style={{ paddingInlineStart: `${(h.depth - min) * 0.9}rem` }}>
            <a href={`#${h.id}`} className={`toc__link${active === h.id ? ' toc__link--active' : ''}`} aria-current={active === h.id ? 'location' : undefined}>
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
