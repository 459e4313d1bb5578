import { useEffect, useState } from 'react';
import { useOfflineState } from '../../hooks/useOfflineState';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/**
 * Offline honesty: while the browser is offline, everything on
 * screen comes from what this device saved, and the notice says so, with when.
 */
export function OfflineNotice() {
  const { online } = useOfflineState();
  const { site } = useSite();
  const t = useTranslate(site);
  const { locale } = useLocale(site);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (!online) void import('../../data/persistOfflineActions').then((m) => m.contentSavedAt()).then(setSavedAt, () => setSavedAt(null));
  }, [online]);
  if (online) return null;
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
