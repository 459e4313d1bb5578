import { lastVersion, versionsIn, versionTargets, type DocVersion, type Manifest } from '../../../manifest';
import { usePreferredVersion } from '../../hooks/usePreferredVersion';
import { Link } from '@tanstack/react-router';
import { useTranslate } from '../../hooks/useTranslate';

/**
 * The notice above a page of an unreleased or unmaintained version, in Docusaurus's words, with a link to
 * the same page in the last version (its main doc when it lacks the page); following it makes the last
 * version the preferred one.
 */
export function VersionBanner({ manifest, path, version }: { manifest: Manifest; path: string; version: DocVersion }) {
  const [, setPreferred] = usePreferredVersion(versionsIn(manifest, version.locale));
  const t = useTranslate(manifest.site);
  if (version.banner !== 'unreleased' && version.banner !== 'unmaintained') return null;
  const last = lastVersion(manifest, version.locale);
  const latest = versionTargets(manifest, path).find((target) => target.version === last)!.path;
  const values = { siteTitle: manifest.site.title, versionLabel: version.label };
  // The link sits where the sentence names it, in any language.
  const [before, after = ''] = t('theme.docs.versions.latestVersionSuggestionLabel', {
    versionLabel: last.label,
  }).split('{latestVersionLink}');
  return (
    <div className="version-banner" role="note" aria-label={t('shell.versionBanner.ariaLabel')}>
      <p>
        {version.banner === 'unreleased' ? t('theme.docs.versions.unreleasedVersionLabel', values) : t('theme.docs.versions.unmaintainedVersionLabel', values)}
      </p>
      <p>
        {before}
        <b>
          <Link to={latest} activeOptions={{ exact: true }} onClick={() => setPreferred(last.name)}>
            {t('theme.docs.versions.latestVersionLinkLabel')}
          </Link>
        </b>
        {after}
      </p>
    </div>
  );
}
