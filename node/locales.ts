/**
 * Locales in Docusaurus's layout: each locale of `i18n.locales` other than the default one gets a copy of every
 * docs version below `/<locale>/`, whose docs come from `i18n/<locale>/docusaurus-plugin-content-docs/<current or
 * version-<name>>/` where a translation exists and from the version's own folder where none does.
 */
import type { SiteConfigInput } from '../manifest/siteConfig';
import type { DocsVersion } from './versions';

/** The folder of a locale's translations of one version's docs, below `content/`. */
export const translationFolder = (locale: string, version: string): string =>
  `i18n/${locale}/docusaurus-plugin-content-docs/${version === 'current' ? 'current' : `version-${version}`}/`;

/** The locales other than the default one, in `i18n.locales`'s order. */
export function otherLocales(input: SiteConfigInput): string[] {
  const i18n = input.i18n;
  return i18n ? [...new Set(i18n.locales)].filter((code) => code !== i18n.defaultLocale) : [];
}

/**
 * The docs instances to build: each version in the default locale as it is, then each version again in each other
 * locale, with that locale's translation folder, a route and keys below the locale's.
 */
export function withLocales(versions: DocsVersion[], input: SiteConfigInput): DocsVersion[] {
  return [
    ...versions,
    ...otherLocales(input).flatMap((locale) =>
      versions.map((version): DocsVersion => ({
        ...version,
        folder: translationFolder(locale, version.name),
        routeBase: `${locale}/${version.routeBase}`,
        keyPrefix: `i18n-${locale}/${version.keyPrefix}`,
        locale,
        sourceFolder: version.folder,
      })),
    ),
  ];
}
