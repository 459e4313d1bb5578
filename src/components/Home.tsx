import { preferredHref, versionsIn, type Manifest } from '../../manifest';
import { useLocale, useLocalizedHref } from '../hooks/useLocale';
import { usePreferredVersion } from '../hooks/usePreferredVersion';
import { useDocumentTitle } from './DocItem/DocPage';
import { SmartLink } from '../markdown/SmartLink';
import { useTranslate } from '../hooks/useTranslate';

/**
 * The home page: hero, features, figures and a getting-started block, all from the site configuration. A site
 * that names none of them (a Docusaurus site's is a React page) gets its title, tagline and a button to the docs.
 */
export function Home({ manifest }: { manifest: Manifest }) {
  const { site } = manifest;
  const home = site.home;
  const t = useTranslate(site);
  const actions = home.actions ?? [{ label: t('shell.home.docsLink'), to: `/${site.docs.routeBasePath}` }];
  const features = home.features ?? [];
  const stats = home.stats ?? [];
  const { code } = useLocale(manifest.site);
  const localized = useLocalizedHref(manifest);
  const [preferred] = usePreferredVersion(versionsIn(manifest, code));
  useDocumentTitle(null, `${site.title} ${'|'} ${site.tagline}`);
  return (
    <main id="main" className="main home" tabIndex={-1}>
      <div className="hero">
        <div className="container">
          <h1 className="hero__title">{home.heading ?? site.title}</h1>
          <p className="hero__lead">{home.lead ?? site.tagline}</p>
          <div className="hero__actions">
            {actions.map((action, i) => (
              <SmartLink
                key={action.label}
                className={`button ${i === 0 ? 'button--primary' : 'button--secondary'}`}
                href={action.to ? preferredHref(manifest, action.to, preferred, code) : (action.href ?? '/')}
              >
                {action.label}
              </SmartLink>
            ))}
          </div>
        </div>
      </div>
      {features.length > 0 && (
        <section className="container home__section" aria-labelledby="features-heading">
          <h2 id="features-heading">{home.featuresHeading}</h2>
          <ul className="card-grid">
            {features.map((feature) => (
              <li key={feature.title} className="card card--static">
                <h3 className="card__title">{feature.title}</h3>
                <p className="card__description">{feature.description}</p>
                <SmartLink href={feature.link.to ? localized(feature.link.to) : (feature.link.href ?? '/')}>
                  {feature.link.label} <span className="arrow">→</span>
                </SmartLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stats.length > 0 && (
        <section className="container home__section" aria-labelledby="stats-heading">
          <h2 id="stats-heading">{home.statsHeading}</h2>
          <dl className="stats">
            {stats.map((stat) => (
              <div key={stat.label} className="stats__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {home.ctaHeading !== undefined && (
        <section className="container home__section home__cta" aria-labelledby="cta-heading">
          <h2 id="cta-heading">{home.ctaHeading}</h2>
          {home.ctaText !== undefined && <p>{home.ctaText}</p>}
          {home.ctaCommands && home.ctaCommands.length > 0 && (
            <pre className="home__commands" tabIndex={0}>
              <code>{home.ctaCommands.join('\n')}</code>
            </pre>
          )}
        </section>
      )}
    </main>
  );
}
