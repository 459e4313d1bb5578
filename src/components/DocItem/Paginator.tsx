import type { DocLink } from '../../../manifest';
import { SmartLink } from '../../markdown/SmartLink';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** Previous / next cards. */
export function Paginator({ previous, next }: { previous: DocLink | null; next: DocLink | null }) {
  const t = useTranslate(useSite().site);
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={t('theme.docs.paginator.navAriaLabel')}>
      {previous ? (
        <SmartLink className="pagination-nav__link pagination-nav__link--prev" href={previous.path}>
          <span className="pagination-nav__sublabel">{t('theme.docs.paginator.previous')}</span>
          <span className="pagination-nav__label">{previous.title}</span>
        </SmartLink>
      ) : (
        <span />
      )}
      {next && (
        <SmartLink className="pagination-nav__link pagination-nav__link--next" href={next.path}>
          <span className="pagination-nav__sublabel">{t('theme.docs.paginator.next')}</span>
          <span className="pagination-nav__label">{next.title}</span>
        </SmartLink>
      )}
    </nav>
  );
}
