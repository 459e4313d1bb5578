import { useEffect, useState } from 'react';
import { useHydrated } from '../../hooks/useHydrated';
import { useOfflineState } from '../../hooks/useOfflineState';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/**
 * Offline honesty: while the browser is offline, everything on
 * screen comes from what this device saved, and the notice says so, with when.
 * The build's HTML is written online: a page opened offline shows the notice from
 * the render after hydration, which then finds the markup the build wrote.
 */
export function OfflineNotice() {
  const { online } = useOfflineState();
  const hydrated = useHydrated();
  return !online && hydrated ? <SavedCopyNotice /> : null;
}

/** The notice itself: the page is a copy saved on this device, and when it was saved once that is known. */
export function SavedCopyNotice() {
  const { site } = useSite();
  const t = useTranslate(site);
  const { locale } = useLocale(site);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useEffect(() => {
    void import('../../data/persistOfflineActions').then((m) => m.contentSavedAt()).then(setSavedAt, () => setSavedAt(null));
  }, []);
  // The date sits where the sentence names it, in any language.
  const [before = '', after = ''] = t('shell.offlineNotice.savedOn').split('{date}');
  return (
    <div className="offline-notice" role="status">
      {savedAt ? (
        <>
          {before}
          <time dateTime={savedAt.toISOString()}>{savedAt.toLocaleString(locale.htmlLang, { dateStyle: 'long', timeStyle: 'short' })}</time>
          {after}
        </>
      ) : (
        t('shell.offlineNotice.savedCopy')
      )}
    </div>
  );
}
