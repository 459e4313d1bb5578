/**
 * What `npm run import:docusaurus` makes of a Docusaurus configuration, once `docusaurusEval.mjs` has evaluated
 * it: the `site.config.json` this build reads, where the docs and the sidebars are, and a note for each setting
 * or plugin that cannot be carried, saying what the author can do. Pure: it reads the evaluated value only.
 */
import { posix } from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import { unified } from 'unified';
import * as v from 'valibot';
import { ADMONITIONS } from '../manifest/admonitions';
import {
  AdmonitionKeywordSchema,
  MagicCommentSchema,
  SiteConfigSchema,
  type LinkInput,
  type MagicComment,
  type SiteConfigInput,
} from '../manifest/siteConfigSchema';

/** A value as the evaluator wrote it: JSON, with stand-ins (`$missing`) and functions (`$function`) named. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The docs plugin instance this build takes, as the importer needs it. */
export interface ImportedDocs {
  /** Its folder, relative to the site folder. */
  path: string;
  /** The sidebars file it names, relative to the site folder (a key of the evaluator's `sidebars`), or null. */
  sidebarPath: string | null;
  /** Which markdown files are docs: Docusaurus's `include` and `exclude` globs, below the docs folder. */
  include: string[];
  exclude: string[];
}

/** The result of `importConfig`. */
export interface ImportedConfig {
  site: SiteConfigInput;
  docs: ImportedDocs;
  /** One line per setting or plugin not carried, with what the author can do. */
  notes: string[];
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const bool = (value: Json | undefined): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const strings = (value: Json | undefined): string[] => list(value).filter((item): item is string => typeof item === 'string');

/**
 * An announcement bar's content as this site's bar shows it: Docusaurus's is HTML, this site's is text and one
 * link. The text is the HTML's text; its first link to another site becomes the bar's link, taken out of the text
 * when nothing but punctuation follows it (the usual "… give it a star on <a>GitHub</a>! ⭐️"). `html` says whether the content had markup.
 */
export function announcementFromHtml(content: string): { content: string; link?: { label: string; href: string }; html: boolean } {
  const tree = unified()
    .use(rehypeRaw)
    .runSync({ type: 'root', children: [{ type: 'raw', value: content }] } as Root) as Root;
  let html = false;
  let link: { label: string; href: string; at: number; end: number } | undefined;
  let out = '';
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') out += node.value;
      else if (node.type === 'element') {
        html = true;
        const start = out.length;
        walk((node as Element).children);
        const href = node.tagName === 'a' ? node.properties.href : undefined;
        if (!link && typeof href === 'string' && /^(https?:|mailto:)/.test(href) && out.length > start)
          link = { label: out.slice(start).trim(), href, at: start, end: out.length };
      }
    }
  };
  walk(tree.children as ElementContent[]);
  const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
  if (!link || !link.label) return { content: squash(out), html };
  // Only punctuation or symbols after the link: the bar ends with it (after its text), so the text stops before it.
  const after = out.slice(link.end);
  const last = !/[\p{L}\p{N}]/u.test(after);
  return {
    content: squash(last ? out.slice(0, link.at) : out),
    link: { label: squash(link.label), href: link.href },
    html,
  };
}

/** What a stand-in or function in the configuration was: `the missing package x`, `a function`. */
function described(value: Json | undefined): string {
  if (isObject(value) && typeof value.$missing === 'string') return value.$missing;
  if (isObject(value) && '$function' in value) return value.$function ? `function ${String(value.$function)}` : 'an inline function';
  if (isObject(value) && typeof value.name === 'string') return value.name;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A plugin or preset entry's name and options (`'name'`, `['name', options]`, a module, a function). */
function entry(item: Json): { name: string; options: JsonObject } {
  const [head, options] = Array.isArray(item) ? [item[0], item[1]] : [item, undefined];
  return { name: described(head ?? null), options: isObject(options) ? options : {} };
}

const PRESETS = new Set(['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic']);
const DOCS_PLUGINS = new Set(['content-docs', '@docusaurus/plugin-content-docs', 'docusaurus-plugin-content-docs']);
/** Plugins and themes whose work this build does itself, so nothing is lost without them. */
const BUILT_IN = new Set([
  '@docusaurus/theme-mermaid',
  'docusaurus-plugin-sass',
  '@docusaurus/plugin-sitemap',
  '@docusaurus/plugin-pwa',
  '@docusaurus/theme-search-algolia',
  '@docusaurus/plugin-content-pages',
]);
/** Remark plugins whose syntax the markdown build reads by itself. */
const BUILT_IN_REMARK = new Set(['@docusaurus/remark-plugin-npm2yarn']);

/** A route of the site as the schema takes it: `/blog` for Docusaurus's `blog` or `/blog`. */
const route = (to: string) => `/${to.replace(/^\/+/, '')}`;
/** A file below the static folder, as this site's config names it (no leading slash). */
const staticPath = (src: string) => src.replace(/^\/+/, '');
const EXTERNAL = /^(https?:|mailto:)/;

/** A Docusaurus link (`to` or `href`, a label or an aria-label), or null when it has neither target nor text. */
function link(item: JsonObject): LinkInput | null {
  const label = text(item.label) ?? text(item['aria-label']) ?? text(item.title);
  const target = text(item.href) ?? text(item.to);
  if (!label || !target) return null;
  return EXTERNAL.test(target) ? { label, href: target } : { label, to: route(target) };
}

type NavbarItem = SiteConfigInput['navbar']['items'][number];

/** The navbar items this build has, from Docusaurus's; the others are noted. */
function navbarItems(items: Json[], notes: string[]): NavbarItem[] {
  const out: NavbarItem[] = [];
  items.forEach((raw, index) => {
    if (!isObject(raw)) return;
    const where = `themeConfig.navbar.items[${index}]`;
    const position = raw.position === 'left' || raw.position === 'right' ? raw.position : undefined;
    const type = text(raw.type) ?? 'default';
    if (raw.docsPluginId !== undefined && raw.docsPluginId !== 'default') {
      notes.push(`${where} (${text(raw.label) ?? type}) opens the docs plugin \`${String(raw.docsPluginId)}\`, which is not imported; the item is left out.`);
      return;
    }
    switch (type) {
      case 'doc':
        if (typeof raw.docId === 'string') out.push({ type: 'doc', docId: raw.docId, label: text(raw.label), position });
        return;
      case 'docSidebar':
        if (typeof raw.sidebarId === 'string') out.push({ type: 'docSidebar', sidebarId: raw.sidebarId, label: text(raw.label) ?? raw.sidebarId, position });
        return;
      case 'docsVersionDropdown':
        out.push({ type: 'docsVersionDropdown', position });
        if (list(raw.dropdownItemsAfter).length + list(raw.dropdownItemsBefore).length > 0)
          notes.push(`${where}: the version dropdown's extra links (dropdownItemsAfter/Before) are not carried; link archived versions from a page.`);
        return;
      case 'localeDropdown':
        out.push({ type: 'localeDropdown', position });
        return;
      case 'search':
        // The shell's search button is always in the navbar.
        return;
      case 'dropdown':
      case 'default': {
        if (Array.isArray(raw.items)) {
          notes.push(`${where}: the dropdown "${text(raw.label) ?? ''}" is not carried (the navbar has no dropdowns); put its links in the footer.`);
          return;
        }
        const made = link(raw);
        if (made) out.push({ ...made, position });
        else notes.push(`${where}: a link with no target or no label is left out.`);
        return;
      }
      default:
        notes.push(`${where}: navbar items of type \`${type}\` are not carried.`);
    }
  });
  return out;
}

/** The footer's columns: Docusaurus has columns of items, or one row of links. */
function footerLinks(links: Json[], notes: string[]): SiteConfigInput['footer']['links'] {
  const itemsOf = (items: Json[], where: string) =>
    items.flatMap((item, index) => {
      if (!isObject(item)) return [];
      if (typeof item.html === 'string') {
        notes.push(`${where}[${index}]: an HTML footer item is not carried; write it as a link.`);
        return [];
      }
      return link(item) ?? [];
    });
  if (links.every((column) => isObject(column) && Array.isArray(column.items))) {
    return links
      .filter(isObject)
      .map((column, i) => ({ title: text(column.title) ?? '', items: itemsOf(list(column.items), `themeConfig.footer.links[${i}].items`) }));
  }
  return [{ title: '', items: itemsOf(links, 'themeConfig.footer.links') }];
}

/** The keys of a docs version this build reads. */
function versions(value: Json | undefined): NonNullable<SiteConfigInput['docs']>['versions'] {
  if (!isObject(value)) return undefined;
  const out: NonNullable<NonNullable<SiteConfigInput['docs']>['versions']> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!isObject(raw)) continue;
    const banner = raw.banner === 'none' || raw.banner === 'unreleased' || raw.banner === 'unmaintained' ? raw.banner : undefined;
    out[name] = {
      label: text(raw.label),
      path: text(raw.path)?.replace(/^\/+|\/+$/g, ''),
      banner,
      badge: bool(raw.badge),
      noIndex: bool(raw.noIndex),
      className: text(raw.className),
    };
  }
  return out;
}

/**
 * Docusaurus's `editUrl` is joined with the docs folder's path below the site folder and the doc's path; this
 * site's with the doc's path below the content folder (`docs/…`): the same URL, from the docs folder's parent.
 */
function editUrl(base: string, docsPath: string): string | undefined {
  try {
    return new URL('./', new URL(`${posix.normalize(docsPath).replace(/\/?$/, '/')}`, base.replace(/\/?$/, '/'))).href;
  } catch {
    return undefined;
  }
}

/** The i18n settings this build reads, from Docusaurus's. */
function i18n(value: Json | undefined, notes: string[]): SiteConfigInput['i18n'] {
  if (!isObject(value) || typeof value.defaultLocale !== 'string') return undefined;
  const locales = strings(value.locales);
  if (locales.length <= 1 && locales[0] === value.defaultLocale && !isObject(value.localeConfigs)) return undefined;
  const configs: NonNullable<NonNullable<SiteConfigInput['i18n']>['localeConfigs']> = {};
  for (const [code, raw] of Object.entries(isObject(value.localeConfigs) ? value.localeConfigs : {})) {
    if (!isObject(raw)) continue;
    const direction = raw.direction === 'ltr' || raw.direction === 'rtl' ? raw.direction : undefined;
    configs[code] = { label: text(raw.label), direction, htmlLang: text(raw.htmlLang), calendar: text(raw.calendar), path: text(raw.path) };
    if (raw.baseUrl !== undefined || raw.url !== undefined)
      notes.push(`i18n.localeConfigs.${code}: its own url/baseUrl is not carried; the locale is served below /${code}/.`);
  }
  return { defaultLocale: value.defaultLocale, locales: locales.length > 0 ? locales : [value.defaultLocale], localeConfigs: configs, path: text(value.path) };
}

/**
 * `themeConfig.prism.magicComments` as `markdown.magicComments`, when the site sets it: its list replaces the defaults
 * in both builds. An entry this build cannot read is left out and noted.
 */
function magicComments(themeConfig: JsonObject, notes: string[]): MagicComment[] | undefined {
  const prism = isObject(themeConfig.prism) ? themeConfig.prism : {};
  if (prism.magicComments === undefined) return undefined;
  const out: MagicComment[] = [];
  list(prism.magicComments).forEach((raw, index) => {
    const read = v.safeParse(MagicCommentSchema, raw);
    if (read.success) out.push(read.output);
    else {
      const [issue] = read.issues;
      const path = v.getDotPath(issue);
      notes.push(`themeConfig.prism.magicComments[${index}] is left out: ${path ? `\`${path}\`` : 'it'} ${issue.message}; its comments show as code.`);
    }
  });
  return out;
}

/**
 * The docs plugin's `admonitions` as `markdown.admonitions`, when it changes the keywords: the ones a directive name
 * cannot be are left out and noted. (`admonitions: false` turns them off in Docusaurus; here they stay.)
 */
function admonitions(value: Json | undefined, notes: string[]): { keywords?: string[]; extendDefaults?: boolean } | undefined {
  if (value === false) notes.push('docs admonitions: false is not carried: `:::note` and the other keywords are admonitions.');
  if (!isObject(value)) return undefined;
  const keywords = strings(value.keywords).filter((k) => {
    const read = v.safeParse(AdmonitionKeywordSchema, k);
    if (!read.success) notes.push(`docs admonitions keyword \`${k}\` is left out: it ${read.issues[0].message}.`);
    return read.success;
  });
  const extendDefaults = typeof value.extendDefaults === 'boolean' ? value.extendDefaults : undefined;
  // With the defaults kept, a default named again adds nothing.
  const listed = extendDefaults === false ? keywords : keywords.filter((k) => !(k in ADMONITIONS));
  if (listed.length === 0 && extendDefaults !== false) return undefined;
  return { keywords: listed.length > 0 ? listed : undefined, extendDefaults };
}

/** Drops the keys whose value is undefined, so the written file holds what the author set only. */
function defined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The site configuration and docs settings of a Docusaurus configuration (`config`, as evaluated), checked
 * against this build's schema; throws naming the setting when even the schema's required fields cannot be had.
 */
export function importConfig(config: JsonObject): ImportedConfig {
  const notes: string[] = [];
  const themeConfig = isObject(config.themeConfig) ? config.themeConfig : {};

  // The docs: the classic preset's, else the first docs plugin instance without an id; other instances are noted.
  let docsOptions: JsonObject | null = null;
  for (const item of list(config.presets)) {
    const { name, options } = entry(item);
    if (!PRESETS.has(name)) {
      notes.push(`preset \`${name}\` is not carried; this build has the classic preset's docs, search and theme.`);
      continue;
    }
    if (isObject(options.docs)) docsOptions = options.docs;
    if (isObject(options.blog)) notes.push('the blog (preset classic `blog`) is not carried; links to it are broken links (see onBrokenLinks).');
    if (isObject(options.theme) && options.theme.customCss !== undefined)
      notes.push("custom CSS (theme.customCss) is not carried: the shell's stylesheet styles every page.");
    for (const tracker of ['gtag', 'googleAnalytics', 'googleTagManager'])
      if (options[tracker] !== undefined) notes.push(`analytics (\`${tracker}\`) is not carried; add its script to the shell's index.html if you need it.`);
  }
  for (const item of list(config.plugins)) {
    const { name, options } = entry(item);
    if (DOCS_PLUGINS.has(name)) {
      const id = text(options.id) ?? 'default';
      if (id === 'default' && !docsOptions) docsOptions = options;
      else
        notes.push(
          `docs plugin instance \`${id}\` (${text(options.path) ?? 'docs'}) is not imported: this build has one docs instance; move its docs into the main docs folder to keep them.`,
        );
    } else if (!BUILT_IN.has(name)) {
      notes.push(`plugin \`${name}\` is not carried; what it adds (pages, redirects, data) is not in the imported site.`);
    }
  }
  for (const item of list(config.themes)) {
    const { name } = entry(item);
    if (!BUILT_IN.has(name)) notes.push(`theme \`${name}\` is not carried; the shell's own components render every page.`);
  }
  const docs: JsonObject = docsOptions ?? {};
  if (config.presets !== undefined && docsOptions === null && !list(config.plugins).some((p) => DOCS_PLUGINS.has(entry(p).name))) {
    throw new Error('The configuration sets up no docs (neither the classic preset nor @docusaurus/plugin-content-docs): there is nothing to import.');
  }

  for (const [key, what] of [
    ['remarkPlugins', 'remark plugin'],
    ['rehypePlugins', 'rehype plugin'],
    ['beforeDefaultRemarkPlugins', 'remark plugin'],
    ['beforeDefaultRehypePlugins', 'rehype plugin'],
  ] as const) {
    for (const plugin of list(docs[key])) {
      const name = described(Array.isArray(plugin) ? (plugin[0] ?? null) : plugin);
      if (!BUILT_IN_REMARK.has(name))
        notes.push(
          `${what} \`${name}\` (docs ${key}) is not carried; the syntax it adds shows as written. A plugin published as a package runs once installed and named in \`markdown.${key.replace(/^beforeDefault(\w)/, (_, c: string) => c.toLowerCase())}\` of site.config.json.`,
        );
    }
  }
  if (isObject(docs.editUrl)) notes.push('docs editUrl is a function; write the base URL of "Edit this page" links in site.config.json (editUrl).');
  for (const key of ['scripts', 'stylesheets', 'clientModules', 'headTags'])
    if (list(config[key]).length > 0) notes.push(`\`${key}\` is not carried: the shell loads its own files only.`);
  const hooks = isObject(config.markdown) && isObject(config.markdown.hooks) ? config.markdown.hooks : {};
  if ((text(hooks.onBrokenMarkdownLinks) ?? text(config.onBrokenMarkdownLinks) ?? 'warn') !== 'warn')
    notes.push('onBrokenMarkdownLinks is not carried: a link to a missing markdown file is a warning.');

  const docsPath = text(docs.path) ?? 'docs';
  const routeBasePath = text(docs.routeBasePath);
  const title = text(config.title);
  const url = text(config.url);
  const baseUrl = text(config.baseUrl);
  if (!title || !url || !baseUrl)
    throw new Error(
      `The configuration lacks ${[!title && 'title', !url && 'url', !baseUrl && 'baseUrl'].filter(Boolean).join(', ')}, which Docusaurus requires too.`,
    );

  const navbar = isObject(themeConfig.navbar) ? themeConfig.navbar : {};
  const navbarLogo = isObject(navbar.logo) ? navbar.logo : null;
  const favicon = text(config.favicon);
  const footer = isObject(themeConfig.footer) ? themeConfig.footer : {};
  const footerLogo = isObject(footer.logo) ? footer.logo : null;
  const colorMode = isObject(themeConfig.colorMode) ? themeConfig.colorMode : null;
  const bar = isObject(themeConfig.announcementBar) ? themeConfig.announcementBar : null;
  const algolia = isObject(themeConfig.algolia) ? themeConfig.algolia : null;
  const announcement = bar && typeof bar.content === 'string' ? announcementFromHtml(bar.content) : null;
  if (announcement?.html)
    notes.push(
      `themeConfig.announcementBar.content is HTML; the bar shows its text${announcement.link ? ` and its link to ${announcement.link.href}` : ''} (this site's bar holds text and one link).`,
    );
  const format = isObject(config.markdown) ? config.markdown.format : undefined;
  const markdownFormat = format === 'mdx' || format === 'md' || format === 'detect' ? format : undefined;
  const codeComments = magicComments(themeConfig, notes);
  const keywords = admonitions(docs.admonitions, notes);
  const onBrokenLinks =
    config.onBrokenLinks === 'warn' || config.onBrokenLinks === 'ignore' || config.onBrokenLinks === 'throw' ? config.onBrokenLinks : undefined;
  const copyright = text(footer.copyright) ?? '';
  const metadata = list(themeConfig.metadata).flatMap((m) =>
    isObject(m) && typeof m.name === 'string' && typeof m.content === 'string' ? [{ name: m.name, content: m.content }] : [],
  );
  if (!navbarLogo) notes.push(`themeConfig.navbar.logo is not set; the navbar shows the favicon (${favicon ?? 'none'}).`);

  const site: SiteConfigInput = defined({
    title,
    tagline: text(config.tagline) ?? '',
    url: url.replace(/\/+$/, ''),
    baseUrl: baseUrl.replace(/\/?$/, '/'),
    favicon: favicon === undefined ? undefined : staticPath(favicon),
    organizationName: text(config.organizationName) ?? '',
    projectName: text(config.projectName) ?? '',
    image: text(themeConfig.image) === undefined ? undefined : staticPath(text(themeConfig.image)!),
    editUrl: text(docs.editUrl) === undefined ? undefined : editUrl(text(docs.editUrl)!, docsPath),
    copyright,
    metadata: metadata.length > 0 ? metadata : undefined,
    colorMode: colorMode
      ? {
          defaultMode: colorMode.defaultMode === 'dark' || colorMode.defaultMode === 'light' ? colorMode.defaultMode : undefined,
          disableSwitch: bool(colorMode.disableSwitch),
          respectPrefersColorScheme: bool(colorMode.respectPrefersColorScheme),
        }
      : undefined,
    navbar: {
      title: text(navbar.title) ?? '',
      logo: { src: staticPath(text(navbarLogo?.src) ?? favicon ?? ''), alt: text(navbarLogo?.alt) ?? title },
      hideOnScroll: bool(navbar.hideOnScroll),
      items: navbarItems(list(navbar.items), notes),
    },
    footer: {
      style: footer.style === 'dark' || footer.style === 'light' ? footer.style : undefined,
      logo: footerLogo && typeof footerLogo.src === 'string' ? { src: staticPath(footerLogo.src), alt: text(footerLogo.alt) ?? title } : undefined,
      links: footerLinks(list(footer.links), notes),
    },
    announcementBar: announcement
      ? { id: text(bar?.id) ?? 'announcement-bar', content: announcement.content, link: announcement.link, isCloseable: bool(bar?.isCloseable) }
      : undefined,
    search: algolia
      ? {
          appId: text(algolia.appId) ?? 'YOUR_APP_ID',
          apiKey: text(algolia.apiKey) ?? 'YOUR_SEARCH_API_KEY',
          indexName: text(algolia.indexName) ?? 'YOUR_INDEX_NAME',
          contextualSearch: bool(algolia.contextualSearch),
        }
      : { appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indexName: 'YOUR_INDEX_NAME' },
    docs: {
      routeBasePath: routeBasePath === undefined ? undefined : routeBasePath.replace(/^\/+|\/+$/g, '') || '/',
      lastVersion: text(docs.lastVersion),
      versions: versions(docs.versions),
      onlyIncludeVersions: docs.onlyIncludeVersions === undefined ? undefined : strings(docs.onlyIncludeVersions),
    },
    i18n: i18n(config.i18n, notes),
    markdown: markdownFormat || codeComments || keywords ? { format: markdownFormat, magicComments: codeComments, admonitions: keywords } : undefined,
    onBrokenLinks,
  });
  if (/<[a-z]/i.test(copyright)) notes.push('themeConfig.footer.copyright holds HTML, which the footer shows as text; write it as plain text.');

  const checked = v.safeParse(SiteConfigSchema, site);
  if (!checked.success) {
    const issue = checked.issues[0];
    throw new Error(`The imported configuration does not fit site.config.json at ${v.getDotPath(issue) ?? 'its root'}: ${issue.message}.`);
  }
  const sidebarPath = text(docs.sidebarPath);
  return {
    site: checked.output,
    docs: {
      path: docsPath,
      sidebarPath: sidebarPath === undefined || sidebarPath.startsWith('\0') ? null : sidebarPath,
      include: strings(docs.include).length > 0 ? strings(docs.include) : ['**/*.{md,mdx}'],
      exclude: strings(docs.exclude),
    },
    notes: [...new Set(notes)],
  };
}
