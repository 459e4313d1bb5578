import { assetUrl } from '../../config';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';
import { useLocalizedHref } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';

/** Link columns, logo and copyright. */
export function Footer() {
  const manifest = useSite();
  const { site } = manifest;
  const { footer } = site;
  const localized = useLocalizedHref(manifest);
  const t = useTranslate(site);
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__links">
        {footer.links.map((column) => (
          <div key={column.title} className="footer__col">
            <h2 className="footer__title">{t(`footer.link.title.${column.title}`, column.title)}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.label}>
                  <SmartLink className="footer__link" href={localized(item.href)}>
                    {t(`footer.link.item.label.${item.label}`, item.label)}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {footer.logo && <img className="footer__logo" src={assetUrl(footer.logo.src)} alt={footer.logo.alt} width={48} height={48} loading="lazy" />}
      <p className="footer__copyright">{t('footer.copyright', site.copyright)}</p>
    </footer>
  );
}
