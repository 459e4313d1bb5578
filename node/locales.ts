/**
 * Locales in Docusaurus's layout: each locale of `i18n.locales` other than the default one gets a copy of every
 * docs version below `/<locale>/`, whose docs come from `i18n/<locale>/docusaurus-plugin-content-docs/<current or
 * version-<name>>/` where a translation exists and from the version's own folder where none does.
 */
import { findNodeAtLocation } from 'jsonc-parser';
import { joinPath } from '../manifest/links';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { displayPath, type ProblemLog } from './problems';
import { lineAt, readJsonFile } from './siteConfigFile';
import type { DocsVersion } from './versions';

/** The folder of a locale's translations of one version's docs, below `content/`. */
const translationFolder = (locale: string, version: string): string =>
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
        routeBase: joinPath(locale, version.routeBase),
        keyPrefix: `i18n-${locale}/${version.keyPrefix}`,
        locale,
        sourceFolder: version.folder,
      })),
    ),
  ];
}

/** A folder of standalone pages: `pages/`, or a locale's translations of them. */
export interface PageFolder {
  /** Below `content/`, with a trailing slash: `pages/`, `i18n/fr/docusaurus-plugin-content-pages/`. */
  folder: string;
  /** A locale other than the default one, whose pages these are (at `/<locale>/…`); unset for `pages/`. */
  locale?: string;
  /** In another locale: `pages/`, whose pages it serves where `folder` has no translation. */
  sourceFolder?: string;
}

/** The folder of the default locale's standalone pages, below `content/`. */
const PAGES_FOLDER = 'pages/';

/**
 * The folders of standalone pages: `pages/`, then each other locale's translations of them in Docusaurus's layout,
 * `i18n/<locale>/docusaurus-plugin-content-pages/`, at the same path below it as the page they translate.
 */
export function pageFolders(input: SiteConfigInput): PageFolder[] {
  return [
    { folder: PAGES_FOLDER },
    ...otherLocales(input).map((locale) => ({ folder: `i18n/${locale}/docusaurus-plugin-content-pages/`, locale, sourceFolder: PAGES_FOLDER })),
  ];
}

/** The page folder a source file (relative to `content/`) belongs to, or undefined when it is no standalone page. */
export function pageFolderOf(folders: readonly PageFolder[], rel: string): PageFolder | undefined {
  return folders.find(({ folder }) => rel.startsWith(folder));
}

/** The files of a locale that translate the shell's texts, below `content/`, and the prefix of their ids in the locale's strings. */
const STRING_FILES = [
  { file: (locale: string) => `i18n/${locale}/code.json`, prefix: '' },
  { file: (locale: string) => `i18n/${locale}/docusaurus-theme-classic/navbar.json`, prefix: 'navbar.' },
  { file: (locale: string) => `i18n/${locale}/docusaurus-theme-classic/footer.json`, prefix: 'footer.' },
];

/**
 * Each other locale's translations of the shell's texts, by id (`theme.docs.paginator.next`), from its `code.json`,
 * and of the navbar's and footer's labels (`navbar.item.label.Documentation`, `footer.link.title.Community`), from
 * `docusaurus-theme-classic/navbar.json` and `footer.json`, all in Docusaurus's format:
 * `{ "<id>": { "message": "…", "description": "…" } }`. A locale without these files has none.
 */
export function readLocaleStrings(
  contentDir: string,
  input: SiteConfigInput,
  listed: ReadonlySet<string>,
  log: ProblemLog,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const locale of otherLocales(input)) {
    const strings: Record<string, string> = {};
    for (const { file, prefix } of STRING_FILES) {
      const rel = file(locale);
      if (!listed.has(rel)) continue;
      const read = readJsonFile(contentDir, rel, log);
      if (!read) continue;
      const display = displayPath(contentDir, rel);
      if (typeof read.json !== 'object' || read.json === null || Array.isArray(read.json)) {
        log.error(display, 1, 'must be an object of translations, `{ "<id>": { "message": "…" } }`.');
        continue;
      }
      for (const [id, entry] of Object.entries(read.json as Record<string, unknown>)) {
        const message = (entry as { message?: unknown } | null)?.message;
        if (typeof message === 'string') {
          strings[prefix + id] = message;
          continue;
        }
        const node = findNodeAtLocation(read.tree, typeof entry === 'object' && entry !== null && 'message' in entry ? [id, 'message'] : [id]);
        log.error(
          display,
          node ? lineAt(read.text, node.parent?.offset ?? node.offset) : 1,
          `\`${id}\` must be \`{ "message": "…" }\` with the translated text as a string (a \`description\` may say where it shows).`,
        );
      }
    }
    if (Object.keys(strings).length) out[locale] = strings;
  }
  return out;
}
