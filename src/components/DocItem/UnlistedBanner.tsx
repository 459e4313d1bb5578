import { useEffect } from 'react';
import type { SiteConfig } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';

/**
 * Asks search engines to keep away while the page is on screen: the build writes the same tag into the route's HTML,
 * and this one covers a crawler that reaches the page by client navigation.
 */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** The notice above an unlisted doc (front matter `unlisted`), in Docusaurus's words: only a direct link leads here. */
export function UnlistedBanner({ site }: { site: SiteConfig }) {
  const t = useTranslate(site);
  useNoIndex();
  const title = t('theme.contentVisibility.unlistedBanner.title');
  return (
    <div className="version-banner unlisted-banner" role="note" aria-label={title}>
      <p className="unlisted-banner__title">
        <strong>{title}</strong>
      </p>
      <p>{t('theme.contentVisibility.unlistedBanner.message')}</p>
    </div>
  );
}
