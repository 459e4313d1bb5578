import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useOfflineUpdates } from '../../hooks/useOfflineUpdates';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';
import '../Offline/offline.css';

/**
 * The update notices: 'This page was updated' after a content-only
 * deploy, with a button that swaps the new content in place, and 'A new
 * version is available' after a shell deploy, with Reload. The live region is
 * always rendered, so screen readers announce what appears in it.
 */
export function UpdateNotices() {
  const { content, shell } = useOfflineUpdates();
  const t = useTranslate(useSite().site);
  const queryClient = useQueryClient();
  const router = useRouter();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showContent = content !== null && content.contentHash !== dismissed;
  const swap = async () => {
    if (!content) return;
    setBusy(true);
    try {
      await (await import('../../data/updatesCheck')).applyUpdate(queryClient, router, content, true);
    } catch {
      // The new page could not be fetched (offline again): the notice stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="update-notices" role="status" aria-live="polite">
      {shell && (
        <div className="update-notice">
          <p>{t('shell.updates.newVersion')}</p>
          <button type="button" className="inline-button" onClick={shell}>
            {t('shell.common.reload')}
          </button>
        </div>
      )}
      {showContent && (
        <div className="update-notice">
          <p>{t('shell.updates.pageUpdated')}</p>
          <button type="button" className="inline-button" disabled={busy} onClick={() => void swap()}>
            {t('shell.updates.showUpdate')}
          </button>
          <button type="button" className="icon-button" aria-label={t('shell.updates.dismissAriaLabel')} onClick={() => setDismissed(content.contentHash)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
