/**
 * Site configuration: what authors write in `content/site.config.json`
 * (`SiteConfigInput`, derived from its schema in `manifest/siteConfigSchema.ts`) and what the
 * shell reads from the manifest (`SiteConfig`, every default filled in).
 */
import { admonitionKeywords } from './admonitions';
import { DEFAULT_MAGIC_COMMENTS } from './magicComments';
import { docsRouteBase } from './paths';
import type { LinkInput, MagicComment, SiteConfigInput } from './siteConfigSchema';

export type { SiteConfigInput } from './siteConfigSchema';

/** A resolved navbar entry: every target is a route path or an absolute URL. */
interface NavbarItem {
  /** Text shown. */
  label: string;
  /** Route path (starting with `/`) or absolute URL. */
  href: string;
  /** Whether `href` leaves the site. */
  external: boolean;
  /** Which side of the navbar. */
  position: 'left' | 'right';
  /** For `docSidebar` items: the sidebar whose docs make the item active. */
  sidebarId: string | null;
}

/** A resolved link: route path or absolute URL. */
interface SiteLink {
  /** Text shown. */
  label: string;
  /** Route path or absolute URL. */
  href: string;
  /** Whether `href` leaves the site. */
  external: boolean;
}

/** Home page texts, as the author wrote them (`Home` fills in what is missing). */
type HomeConfig = NonNullable<SiteConfigInput['home']>;

/** Algolia DocSearch settings, every default filled in. */
export type SearchConfig = Required<SiteConfigInput['search']>;

/** A closeable bar above the navbar. */
interface AnnouncementBar {
  /** Changing the id shows the bar again to readers who closed it. */
  id: string;
  /** Text shown. */
  content: string;
  /** Optional link after the text. */
  link: SiteLink | null;
  /** Whether the reader may close it. */
  isCloseable: boolean;
}

/** Colour mode settings, every default filled in. */
export type ColorModeConfig = Required<NonNullable<SiteConfigInput['colorMode']>>;

/** The docs plugin settings, every default filled in. */
type DocsConfig = Required<Omit<NonNullable<SiteConfigInput['docs']>, VersionFields>>;

/**
 * The version and sidebar settings of `docs`: the build turns them into `ManifestRoot.versions` and their sidebars, so
 * the resolved configuration leaves them out.
 */
type VersionFields = 'lastVersion' | 'versions' | 'onlyIncludeVersions' | 'sidebarPath';

/** The resolved configuration that ships in the manifest. */
export interface SiteConfig {
  /** Site title, after the `|` in every document title. */
  title: string;
  /** One-line tagline. */
  tagline: string;
  /** Production origin, such as `https://antosubash.github.io`. */
  url: string;
  /** Base path with both slashes: `/abp-react/`. */
  baseUrl: string;
  /** Favicon path below the base. */
  favicon: string;
  /** GitHub organisation. */
  organizationName: string;
  /** GitHub project. */
  projectName: string;
  /** Social card image below the base. */
  image: string;
  /** Browser theme colour. */
  themeColor: string;
  /** Base URL for "Edit this page" links (the doc's path below `content/` is appended), or null. */
  editUrl: string | null;
  /** Footer copyright line. */
  copyright: string;
  /** Extra `<meta>` tags. */
  metadata: { name: string; content: string }[];
  /** Colour mode. */
  colorMode: ColorModeConfig;
  /**
   * Navbar. `versionDropdown`: the side of a `docsVersionDropdown` item, when the configuration has one (a site with
   * several versions shows the dropdown on the right without one). The language switcher is always there.
   */
  navbar: { title: string; logo: { src: string; alt: string }; hideOnScroll: boolean; items: NavbarItem[]; versionDropdown?: 'left' | 'right' };
  /** Footer. */
  footer: { style: 'dark' | 'light'; logo: { src: string; alt: string } | null; links: { title: string; items: SiteLink[] }[] };
  /** Announcement bar, or null. */
  announcementBar: AnnouncementBar | null;
  /** Search. */
  search: SearchConfig;
  /** Docs plugin. */
  docs: DocsConfig;
  /** The default locale, served at the site root. */
  locale: { code: string; label: string; direction: 'ltr' | 'rtl' };
  /** Every locale of `i18n.locales`, the default one first, with what `<html>`, hreflang and the language switcher need. */
  locales: SiteLocale[];
  /** Offline-mode activation strategies: installed app, standalone window, `?offlineMode=true`. */
  offlineModeActivationStrategies: ('appInstalled' | 'standalone' | 'queryString')[];
  /**
   * How pages are read: `format` as Docusaurus's `markdown.format` (`mdx` by default), the magic comments of code
   * blocks (`DEFAULT_MAGIC_COMMENTS` unless the site names its own), and every keyword read as an admonition.
   */
  markdown: {
    format: 'mdx' | 'md' | 'detect';
    magicComments: MagicComment[];
    admonitions: string[];
    /** The site's own markdown plugins (`markdown.remarkPlugins`, `rehypePlugins`), by package name; the build runs them. */
    remarkPlugins: PluginRef[];
    rehypePlugins: PluginRef[];
  };
  /** What a broken link does to the build, as Docusaurus's `onBrokenLinks`. */
  onBrokenLinks: 'throw' | 'warn' | 'ignore';
  /** Home page. */
  home: HomeConfig;
}

/** A markdown plugin of the site: its package and the options it is given (none: undefined). */
export interface PluginRef {
  name: string;
  options?: unknown;
}

const pluginRef = (entry: string | [string, unknown]): PluginRef => (typeof entry === 'string' ? { name: entry } : { name: entry[0], options: entry[1] });

/** One locale of the site. */
export interface SiteLocale {
  /** Its name in `i18n.locales`: `fr`. */
  code: string;
  /** Name in the language switcher: `Français`. */
  label: string;
  direction: 'ltr' | 'rtl';
  /** BCP 47 tag of `<html lang>` and hreflang: `fr-FR`. */
  htmlLang: string;
  /** Route prefix below the base: `` for the default locale, `/fr` for the others. */
  path: string;
  /**
   * In the root manifest, a locale other than the default one: the file below `blobs/` (`<hash>.json`, a
   * `LocaleStrings`) that holds its translations of the shell's texts and its docs versions' sidebars, so a content
   * deploy adds a language without a new shell.
   */
  strings?: string;
}

/** Every locale, the default one first (only English, left to right, without `i18n`). */
function resolveLocales(i18n: SiteConfigInput['i18n']): SiteLocale[] {
  if (!i18n) return [{ code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: '' }];
  const codes = [i18n.defaultLocale, ...i18n.locales.filter((code) => code !== i18n.defaultLocale)];
  return codes.map((code) => {
    const config = i18n.localeConfigs?.[code] ?? {};
    return {
      code,
      label: config.label ?? (code === 'en' ? 'English' : code),
      direction: config.direction ?? 'ltr',
      htmlLang: config.htmlLang ?? code,
      path: code === i18n.defaultLocale ? '' : `/${code}`,
    };
  });
}

/** The site's locale: the default one of `i18n`, with its label and direction (English, left to right, without `i18n`). */
function resolveLocale(i18n: SiteConfigInput['i18n']): SiteConfig['locale'] {
  if (!i18n) return { code: 'en', label: 'English', direction: 'ltr' };
  const code = i18n.defaultLocale;
  const config = i18n.localeConfigs?.[code] ?? {};
  return { code, label: config.label ?? (code === 'en' ? 'English' : code), direction: config.direction ?? 'ltr' };
}

/** Placeholder credentials: with these the shell searches only the local index. */
export const PLACEHOLDER_APP_ID = 'YOUR_APP_ID';
/** Placeholder search-only key. */
export const PLACEHOLDER_API_KEY = 'YOUR_SEARCH_API_KEY';

/** Whether a link target leaves the site. */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Resolves `{ label, to | href }` into a link; throws with the item when it has no target. */
function resolveLink(input: LinkInput, where: string): SiteLink {
  const href = input.to ?? input.href;
  if (!href) {
    throw new Error(`${where}: item ${JSON.stringify(input)} has no target. Give it \`to\` (a route such as "/docs/intro") or \`href\` (an absolute URL).`);
  }
  return { label: input.label, href, external: isExternalHref(href) };
}

/**
 * Fills in every default and resolves navbar items. `docPath` maps a doc id to
 * its route and throws (listing the ids) for an unknown one; `sidebarPath` maps
 * a sidebar id to the route of its first page, throwing for an unknown one, or
 * gives null on a site whose one sidebar is generated (`docs.sidebarId`).
 */
export function resolveSiteConfig(
  input: SiteConfigInput,
  docPath: (id: string) => string,
  sidebarPath: (id: string) => string | null = () => null,
): SiteConfig {
  const { lastVersion: _last, versions: _versions, onlyIncludeVersions: _only, sidebarPath: _sidebars, ...docsInput } = input.docs ?? {};
  const docs: DocsConfig = {
    sidebarId: 'tutorialSidebar',
    versionLabel: 'Next',
    mainDocId: 'intro',
    ...docsInput,
    routeBasePath: docsRouteBase(docsInput.routeBasePath),
  };
  const dropdown = input.navbar.items.find((item) => item.type === 'docsVersionDropdown');
  const navbarItems = input.navbar.items.flatMap((item, index): NavbarItem | [] => {
    const where = `navbar.items[${index}]`;
    if (item.type === 'docsVersionDropdown' || item.type === 'localeDropdown') return [];
    const position = item.position ?? 'left';
    if (item.type === 'docSidebar') {
      let href: string | null;
      try {
        href = sidebarPath(item.sidebarId);
      } catch (error) {
        throw new Error(`${where}: item ${JSON.stringify(item)}: ${(error as Error).message}`, { cause: error });
      }
      if (href === null && item.sidebarId !== docs.sidebarId) {
        throw new Error(`${where}: item ${JSON.stringify(item)} names sidebar \`${item.sidebarId}\`. Available sidebars:\n- ${docs.sidebarId}`);
      }
      return { label: item.label, href: href ?? docPath(docs.mainDocId), external: false, position, sidebarId: item.sidebarId };
    }
    if (item.type === 'doc') {
      const href = docPath(item.docId);
      return { label: item.label ?? item.docId, href, external: false, position, sidebarId: null };
    }
    const link = resolveLink(item, where);
    return { ...link, position, sidebarId: null };
  });
  const bar = input.announcementBar;
  return {
    title: input.title,
    tagline: input.tagline,
    url: input.url.replace(/\/+$/, ''),
    baseUrl: input.baseUrl,
    favicon: input.favicon ?? 'img/favicon.svg',
    organizationName: input.organizationName,
    projectName: input.projectName,
    image: input.image ?? 'img/social-card.png',
    themeColor: input.themeColor ?? '#4f5fd6',
    editUrl: input.editUrl ?? null,
    copyright: input.copyright,
    metadata: input.metadata ?? [],
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true, ...input.colorMode },
    navbar: {
      title: input.navbar.title,
      logo: input.navbar.logo,
      hideOnScroll: input.navbar.hideOnScroll ?? true,
      items: navbarItems,
      ...(dropdown ? { versionDropdown: dropdown.position ?? 'left' } : {}),
    },
    footer: {
      style: input.footer.style ?? 'dark',
      logo: input.footer.logo ?? null,
      links: input.footer.links.map((column, c) => ({
        title: column.title,
        items: column.items.map((item, i) => resolveLink(item, `footer.links[${c}].items[${i}]`)),
      })),
    },
    announcementBar: bar
      ? {
          id: bar.id,
          content: bar.content,
          link: bar.link ? resolveLink(bar.link, 'announcementBar.link') : null,
          isCloseable: bar.isCloseable ?? true,
        }
      : null,
    search: {
      contextualSearch: true,
      searchPagePath: 'search',
      hosts: null,
      insights: false,
      feedbackUrl: null,
      synonyms: [],
      ...input.search,
    },
    docs,
    locale: resolveLocale(input.i18n),
    locales: resolveLocales(input.i18n),
    offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString'],
    markdown: {
      format: input.markdown?.format ?? 'mdx',
      magicComments: input.markdown?.magicComments ?? DEFAULT_MAGIC_COMMENTS,
      admonitions: admonitionKeywords(input.markdown?.admonitions),
      remarkPlugins: (input.markdown?.remarkPlugins ?? []).map(pluginRef),
      rehypePlugins: (input.markdown?.rehypePlugins ?? []).map(pluginRef),
    },
    onBrokenLinks: input.onBrokenLinks ?? 'throw',
    home: input.home ?? {},
  };
}
