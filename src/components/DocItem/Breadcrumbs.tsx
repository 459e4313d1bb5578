import { SmartLink } from '../../markdown/SmartLink';
import { useLocalizedHref } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** Home › categories › page. */
export function Breadcrumbs({ trail, title }: { trail: string[]; title: string }) {
  const manifest = useSite();
  const localized = useLocalizedHref(manifest);
  const t = useTranslate(manifest.site);
  return (
    <nav className="breadcrumbs" aria-label={t('theme.docs.breadcrumbs.navAriaLabel')}>
      <ol>
        <li>
          <SmartLink href={localized('/')} aria-label={t('theme.docs.breadcrumbs.home')} exact>
            {t('theme.docs.breadcrumbs.home.text')}
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
