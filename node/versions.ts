/**
 * Docs versions in Docusaurus's layout: `versions.json` (names, newest first), each version's docs in
 * `versioned_docs/version-<name>/` and its sidebar in `versioned_sidebars/version-<name>-sidebars.json`, and
 * the docs plugin's `lastVersion`, `versions` and `onlyIncludeVersions` in `site.config.json`. Each version
 * is a docs tree of its own below its route; the current docs stay in `docs/`.
 */
import { findNodeAtLocation } from 'jsonc-parser';
import * as v from 'valibot';
import { joinPath } from '../manifest/links';
import { docsPath, docsRouteBase } from '../manifest/paths';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { VersionsFileSchema } from './contentSchemas';
import { displayPath, type ProblemLog } from './problems';
import { jsonTree, lineAt, readJsonFile } from './siteConfigFile';

/** The file listing the versions, below `content/`. */
export const VERSIONS_FILE = 'versions.json';

/** Docusaurus's sidebars file at the root of a site (`sidebarsFile.ts` reads it). */
const DOCUSAURUS_SIDEBARS = /^sidebars\.(js|cjs|mjs|ts|json)$/;

/** Files of `content/` that configure the docs (versions, sidebars) rather than being served. */
export const isDocsConfigFile = (rel: string): boolean => rel === VERSIONS_FILE || rel.startsWith('versioned_sidebars/') || DOCUSAURUS_SIDEBARS.test(rel);

/** One docs version the build makes. */
export interface DocsVersion {
  /** `current` for `docs/`, else the name in `versions.json`. */
  name: string;
  label: string;
  /** Folder of its markdown below `content/`, with a trailing slash: `docs/`, `versioned_docs/version-1.0/`. */
  folder: string;
  /** Its route below the base, without slashes at either end: `docs`, `docs/next`, `docs/1.0`. */
  routeBase: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  /** The version at the docs route itself, which version-neutral links open. */
  isLast: boolean;
  /**
   * What its doc ids and category slugs are prefixed with in the manifest, where every version's pages sit
   * side by side: nothing for the current docs (so a site without versions has the ids it always had),
   * `version-1.0/` for the others.
   */
  keyPrefix: string;
  /** A locale other than the default one (`locales.ts`): its docs are translations of `sourceFolder`'s. Unset in the default locale. */
  locale?: string;
  /** In another locale: the version's own folder, whose docs it serves where `folder` has no translation. */
  sourceFolder?: string;
}

/** The version a source file (relative to `content/`) belongs to, or undefined when it is no doc. */
export function versionOfSource(versions: readonly DocsVersion[], rel: string): DocsVersion | undefined {
  return versions.find((version) => rel.startsWith(version.folder));
}

/**
 * The versions to build, in Docusaurus's order (current first, then `versions.json`'s, newest first),
 * checked against the files and the configuration; problems go to `log` with file and line.
 */
export function readVersions(contentDir: string, input: SiteConfigInput, listed: ReadonlySet<string>, configText: string, log: ProblemLog): DocsVersion[] {
  const routeBase = docsRouteBase(input.docs?.routeBasePath);
  const configDisplay = displayPath(contentDir, 'site.config.json');
  const configLine = (...path: string[]) => {
    const tree = jsonTree(configText, []);
    const node = tree && tree !== 'too deep' ? findNodeAtLocation(tree, ['docs', ...path]) : undefined;
    return node ? lineAt(configText, node.parent?.type === 'property' ? node.parent.offset : node.offset) : 1;
  };
  const names = listed.has(VERSIONS_FILE) ? readNames(contentDir, log) : [];
  // The version folders that hold a file.
  const folders = new Set<string>();
  if (names.length) for (const f of listed) folders.add(/^versioned_docs\/version-[^/]+\//.exec(f)?.[0] ?? '');
  for (const name of names) {
    const folder = `versioned_docs/version-${name}/`;
    if (!folders.has(folder)) {
      log.error(
        displayPath(contentDir, VERSIONS_FILE),
        1,
        `lists version \`${name}\`, whose docs folder \`${folder}\` is missing or empty. Run \`npm run docs:version -- ${name}\` or remove it from the list.`,
      );
    }
  }
  const all = ['current', ...names];
  const docs = input.docs ?? {};
  const last = docs.lastVersion ?? names[0] ?? 'current';
  const known = (what: string, name: string, line: number) => {
    if (all.includes(name)) return true;
    log.error(
      configDisplay,
      line,
      `${what} names version \`${name}\`, which does not exist. Versions: ${all.map((n) => `\`${n}\``).join(', ')} (\`${VERSIONS_FILE}\` lists all but current).`,
    );
    return false;
  };
  if (docs.lastVersion !== undefined) known('`docs.lastVersion`', docs.lastVersion, configLine('lastVersion'));
  for (const name of Object.keys(docs.versions ?? {})) known('`docs.versions`', name, configLine('versions', name));
  const only = docs.onlyIncludeVersions;
  if (only) {
    for (const name of only) known('`docs.onlyIncludeVersions`', name, configLine('onlyIncludeVersions'));
    if (!only.includes(last)) {
      log.error(
        configDisplay,
        configLine('onlyIncludeVersions'),
        `\`docs.onlyIncludeVersions\` leaves out \`${last}\`, the last version, which the docs route shows. Add it to the list.`,
      );
    }
  }
  const several = all.length > 1;
  const lastIndex = names.indexOf(last);
  const versions = all
    .filter((name) => !only || only.includes(name))
    .map((name): DocsVersion => {
      const options = docs.versions?.[name] ?? {};
      const isLast = name === last;
      const current = name === 'current';
      const path = options.path ?? (isLast ? '' : current ? 'next' : name);
      // Docusaurus's defaults: the current docs are unreleased once a release exists, releases older than the last are unmaintained.
      const banner = isLast ? 'none' : current ? 'unreleased' : lastIndex >= 0 && names.indexOf(name) > lastIndex ? 'unmaintained' : 'none';
      return {
        name,
        label: options.label ?? (current ? (docs.versionLabel ?? 'Next') : name),
        folder: current ? 'docs/' : `versioned_docs/version-${name}/`,
        routeBase: joinPath(routeBase, path),
        banner: options.banner ?? banner,
        badge: options.badge ?? several,
        noIndex: options.noIndex ?? false,
        isLast,
        keyPrefix: current ? '' : `version-${name}/`,
      };
    });
  const byRoute = new Map<string, string>();
  for (const version of versions) {
    const other = byRoute.get(version.routeBase);
    if (other) {
      log.error(
        configDisplay,
        configLine('versions'),
        `versions \`${other}\` and \`${version.name}\` both have the route \`${docsPath(version.routeBase)}\`. Give one of them another \`path\` in \`docs.versions\`.`,
      );
    }
    byRoute.set(version.routeBase, version.name);
  }
  return versions;
}

/** The names `versions.json` lists. */
function readNames(contentDir: string, log: ProblemLog): string[] {
  const display = displayPath(contentDir, VERSIONS_FILE);
  const parsed = readJson(contentDir, VERSIONS_FILE, log);
  if (parsed === undefined) return [];
  const result = v.safeParse(VersionsFileSchema, parsed);
  if (!result.success) {
    log.error(display, 1, `must be a list of version names, newest first, such as \`["2.0", "1.0"]\`: ${result.issues[0].message}`);
    return [];
  }
  const seen = new Set<string>();
  for (const name of result.output) {
    if (seen.has(name)) log.error(display, 1, `lists version \`${name}\` twice.`);
    seen.add(name);
  }
  return [...seen];
}

/** A JSON file's value, or undefined after reporting why it cannot be read. */
const readJson = (contentDir: string, rel: string, log: ProblemLog): unknown => readJsonFile(contentDir, rel, log)?.json;
