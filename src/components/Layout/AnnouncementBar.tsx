import { ANNOUNCEMENT_DISMISSED_KEY, setRootFlag } from '../../../manifest';
import { siteLocalStore } from '../../data/siteStorage';
import { useLocalStorage } from '../../hooks/useLocalStorage';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';

/** The optional, closeable bar above the navbar. */
export function AnnouncementBar() {
  const { site } = useSite();
  const t = useTranslate(site);
  const [dismissed, setDismissed] = useLocalStorage(ANNOUNCEMENT_DISMISSED_KEY, siteLocalStore);
  const bar = site.announcementBar;
  if (!bar || dismissed === bar.id) return null;
  return (
    <div className="announcement-bar" role="region" aria-label={t('shell.announcementBar.ariaLabel')}>
      <p>
        {bar.content}
        {bar.link && (
          <>
            {' '}
            <SmartLink href={bar.link.href}>{bar.link.label}</SmartLink>
          </>
        )}
      </p>
      {bar.isCloseable && (
        <button
          type="button"
          className="icon-button announcement-bar__close"
          aria-label={t('theme.AnnouncementBar.closeButtonAriaLabel')}
          onClick={() => {
            setDismissed(bar.id);
            setRootFlag(document.documentElement, 'announcementDismissed', true);
          }}
        >
          ✕
        </button>
      )}
    </div>
  );
}
