import { SmartLink } from '../../markdown/SmartLink';
import { useLocalizedHref } from '../../hooks/useLocale';
import { useSite } from '../SiteContext';

/** Home › categories › page. */
export function Breadcrumbs({ trail, title }: { trail: string[]; title: string }) {
  const localized = useLocalizedHref(useSite());
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <SmartLink href={localized('/')} aria-label="Home page" exact>
            Home
          </SmartLink>
        </li>
        {trail.map((label) => (
          <li key={label}>{label}</li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}
