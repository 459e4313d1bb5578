import { lastVersion, versionsIn, versionTargets, type DocVersion, type Manifest } from '../../../manifest';
import { usePreferredVersion } from '../../hooks/usePreferredVersion';
import { Link } from '@tanstack/react-router';

/**
 * The notice above a page of an unreleased or unmaintained version, in Docusaurus's words, with a link to
 * the same page in the last version (its main doc when it lacks the page); following it makes the last
 * version the preferred one.
 */
export function VersionBanner({ manifest, path, version }: { manifest: Manifest; path: string; version: DocVersion }) {
  const [, setPreferred] = usePreferredVersion(versionsIn(manifest, version.locale));
  if (version.banner !== 'unreleased' && version.banner !== 'unmaintained') return null;
  const last = lastVersion(manifest, version.locale);
  const latest = versionTargets(manifest, path).find((target) => target.version === last)!.path;
  const title = manifest.site.title;
  return (
    <div className="version-banner" role="note" aria-label="Version notice">
      <p>
        {version.banner === 'unreleased'
          ? `This is unreleased documentation for ${title} ${version.label} version.`
          : `This is documentation for ${title} ${version.label}, which is no longer actively maintained.`}
      </p>
      <p>
        For up-to-date documentation, see the{' '}
        <b>
          <Link to={latest} activeOptions={{ exact: true }} onClick={() => setPreferred(last.name)}>
            latest version
          </Link>
        </b>{' '}
        ({last.label}).
      </p>
    </div>
  );
}
