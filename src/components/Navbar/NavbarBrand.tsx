import { assetUrl } from '../../config';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';
import { useLocalizedHref } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';

/** The site's logo and title, linking home: in the navbar and at the top of the mobile menu. */
export function NavbarBrand() {
  const manifest = useSite();
  const { site } = manifest;
  const localized = useLocalizedHref(manifest);
  const t = useTranslate(site);
  return (
    <SmartLink className="navbar__brand" href={localized('/')} exact>
      <img className="navbar__logo" src={assetUrl(site.navbar.logo.src)} alt={site.navbar.logo.alt} width={32} height={32} />
      <span className="navbar__title">{t('navbar.title', site.navbar.title)}</span>
    </SmartLink>
  );
}
