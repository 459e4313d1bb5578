import { preferredHref, versionsIn, type Manifest } from '../../manifest';
import { useLocale, useLocalizedHref } from '../hooks/useLocale';
import { usePreferredVersion } from '../hooks/usePreferredVersion';
import { useDocumentTitle } from './DocItem/DocPage';
import { SmartLink } from '../markdown/SmartLink';

/** The home page: hero, features, figures and a getting-started block, all from the site configuration. */
export function Home({ manifest }: { manifest: Manifest }) {
  const { site } = manifest;
  const home = site.home;
  const { code } = useLocale(manifest.site);
  const localized = useLocalizedHref(manifest);
  const [preferred] = usePreferredVersion(versionsIn(manifest, code));
  useDocumentTitle(null, `${site.title} ${'|'} ${site.tagline}`);
  return (
    <main id="main" className="main home" tabIndex={-1}>
      <div className="hero">
        <div className="container">
          <h1 className="hero__title">{home.heading}</h1>
          <p className="hero__lead">{home.lead}</p>
          <div className="hero__actions">
            {home.actions.map((action, i) => (
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
      <section className="container home__section" aria-labelledby="features-heading">
        <h2 id="features-heading">{home.featuresHeading}</h2>
        <ul className="card-grid">
          {home.features.map((feature) => (
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
      <section className="container home__section" aria-labelledby="stats-heading">
        <h2 id="stats-heading">{home.statsHeading}</h2>
        <dl className="stats">
          {home.stats.map((stat) => (
            <div key={stat.label} className="stats__item">
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="container home__section home__cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">{home.ctaHeading}</h2>
        <p>{home.ctaText}</p>
        <pre className="home__commands" tabIndex={0}>
          <code>{home.ctaCommands.join('\n')}</code>
        </pre>
      </section>
    </main>
  );
}
