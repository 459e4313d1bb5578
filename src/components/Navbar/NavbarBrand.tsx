import { assetUrl } from '../../config';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';
import { useLocalizedHref } from '../../hooks/useLocale';

/** The site's logo and title, linking home: in the navbar and at the top of the mobile menu. */
export function NavbarBrand() {
  const manifest = useSite();
  const { site } = manifest;
  const localized = useLocalizedHref(manifest);
  return (
    <SmartLink className="navbar__brand" href={localized('/')} exact>
      <img className="navbar__logo" src={assetUrl(site.navbar.logo.src)} alt={site.navbar.logo.alt} width={32} height={32} />
      <span className="navbar__title">{site.navbar.title}</span>
    </SmartLink>
  );
}
