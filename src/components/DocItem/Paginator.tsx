import type { DocLink } from '../../../manifest';
import { SmartLink } from '../../markdown/SmartLink';

/** Previous / next cards. */
export function Paginator({ previous, next }: { previous: DocLink | null; next: DocLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <SmartLink className="pagination-nav__link pagination-nav__link--prev" href={previous.path}>
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{previous.title}</span>
        </SmartLink>
      ) : (
        <span />
      )}
      {next && (
        <SmartLink className="pagination-nav__link pagination-nav__link--next" href={next.path}>
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.title}</span>
        </SmartLink>
      )}
    </nav>
  );
}
