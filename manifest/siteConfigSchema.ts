/**
 * The schema of `content/site.config.json`: the one declaration of what authors may write there.
 * The build validates with it (`node/siteConfigFile.ts`), `SiteConfigInput` and the parts of the
 * resolved `SiteConfig` are derived from it, and `manifest/site.schema.json`, which editors read
 * through the file's `$schema`, is generated from it (`npm run schema:site`). The shell imports
 * only types from here, so the schema library stays out of its bundle.
 */
import * as v from 'valibot';

/**
 * A `RegExp` written as the text JSON Schema and the build's messages show. `source` escapes every
 * `/` (`^\/docs`); both show the pattern as authored instead.
 */
export function patternText(pattern: RegExp): string {
  return pattern.source.replace(/\\\//g, '/');
}

/** A route of this site, such as `/docs/intro`; `//host` would leave the site. */
const ROUTE = /^\/(?![/\\])/;
/** A route segment below the base, without a leading slash and without `.` or `..` parts. */
const BELOW_BASE = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[^\\?#\s]+$/;
/** An http(s) URL. */
const HTTP = /^https?:\/\//;

/** A link an author writes: `to` for a route of this site, `href` for anywhere else. */
const LinkSchema = v.strictObject({
  label: v.pipe(v.string(), v.minLength(1), v.description('Text shown.')),
  to: v.optional(v.pipe(v.string(), v.regex(ROUTE), v.description('Route of this site, such as /docs/intro (not //host, which would leave the site).'))),
  href: v.optional(v.pipe(v.string(), v.regex(/^(https?:|mailto:)/), v.description('Absolute URL.'))),
});

/** A logo. */
const ImageSchema = v.strictObject({ src: v.string(), alt: v.string() });

const position = v.optional(v.picklist(['left', 'right']));

/**
 * A navbar entry (the Docusaurus item types this site supports): a sidebar's first doc, one doc, a link,
 * the version dropdown or the language switcher. Fields other than these are let through, as Docusaurus
 * configurations carry more.
 */
const NavbarItemSchema = v.variant('type', [
  v.object({ type: v.literal('docSidebar'), sidebarId: v.string(), label: v.string(), position }),
  v.object({ type: v.literal('docsVersionDropdown'), position }),
  v.object({ type: v.literal('localeDropdown'), position }),
  v.object({ type: v.literal('doc'), docId: v.string(), label: v.optional(v.string()), position }),
  v.object({
    type: v.optional(v.literal('default')),
    label: v.string(),
    to: v.optional(v.pipe(v.string(), v.regex(ROUTE), v.description('Route of this site, such as /docs/intro.'))),
    href: v.optional(v.pipe(v.string(), v.regex(/^(https?:|mailto:)/), v.description('Absolute http(s) or mailto URL.'))),
    position,
  }),
]);

/** Colour mode settings: the default mode, the toggle, and whether the system preference is followed. */
const ColorModeSchema = v.strictObject({
  defaultMode: v.optional(v.pipe(v.picklist(['light', 'dark']), v.description('Mode used with no stored choice and no system preference.'))),
  disableSwitch: v.optional(v.pipe(v.boolean(), v.description('Hide the toggle.'))),
  respectPrefersColorScheme: v.optional(v.pipe(v.boolean(), v.description('Follow prefers-color-scheme when the reader has not chosen.'))),
});

/** A word or phrase of a synonym. */
const SynonymText = v.pipe(v.string(), v.regex(/\S/));

/** One of Algolia's synonyms: every word stands for every other (`synonym`), or `input` for each of `synonyms` (`oneWaySynonym`). */
const SynonymSchema = v.variant('type', [
  v.strictObject({
    objectID: v.optional(v.pipe(v.string(), v.description('Its id in Algolia; default: made from its position.'))),
    type: v.literal('synonym'),
    synonyms: v.pipe(v.array(SynonymText), v.minLength(2), v.description('Words or phrases that each find the others.')),
  }),
  v.strictObject({
    objectID: v.optional(v.pipe(v.string(), v.description('Its id in Algolia; default: made from its position.'))),
    type: v.literal('oneWaySynonym'),
    input: v.pipe(SynonymText, v.description('The word or phrase a reader types.')),
    synonyms: v.pipe(v.array(SynonymText), v.minLength(1), v.description('What it finds besides itself.')),
  }),
]);

/** Algolia DocSearch settings. */
const SearchSchema = v.strictObject({
  appId: v.pipe(v.string(), v.description('Algolia application id; YOUR_APP_ID keeps search on the local index.')),
  apiKey: v.pipe(v.string(), v.description('Algolia search-only API key.')),
  indexName: v.string(),
  contextualSearch: v.optional(v.pipe(v.boolean(), v.description("Filter hits by language and docs version, as DocSearch's contextual search does."))),
  searchPagePath: v.optional(
    v.pipe(v.string(), v.regex(BELOW_BASE), v.description('Route of the search page below the base, without a leading slash: search.')),
  ),
  hosts: v.optional(
    v.pipe(v.union([v.array(v.string()), v.null()]), v.description("Algolia-compatible hosts (host[:port], or http://host:port) to use instead of Algolia's.")),
  ),
  insights: v.optional(v.pipe(v.boolean(), v.description('Send Algolia Insights click, view and conversion events. Off by default.'))),
  synonyms: v.optional(
    v.pipe(v.array(SynonymSchema), v.description("Synonyms in Algolia's shape, for the local index and for Algolia (`npm run search:upload` sends them).")),
  ),
  feedbackUrl: v.optional(
    v.pipe(
      v.union([v.pipe(v.string(), v.regex(/^(https?:|mailto:|\/(?![/\\]))/)), v.null()]),
      v.description("Where 'Let us know.' points: an http(s) or mailto URL, or a route of this site."),
    ),
  ),
});

/** One docs version's settings (Docusaurus's `versions` option of the docs plugin). */
const VersionSchema = v.strictObject({
  label: v.optional(v.pipe(v.string(), v.minLength(1), v.description('Label in the version dropdown and badge. Default: the name, `Next` for current.'))),
  path: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[^\\?#\s]*$/),
      v.description(
        'Route below the docs route: `1.0` serves /docs/1.0/…; empty for the docs route itself. Default: the name, `next` for current, empty for the last version.',
      ),
    ),
  ),
  banner: v.optional(
    v.pipe(
      v.picklist(['none', 'unreleased', 'unmaintained']),
      v.description(
        'Banner above each page: unreleased (default for current when a release exists), unmaintained (default for versions older than the last), none.',
      ),
    ),
  ),
  badge: v.optional(v.pipe(v.boolean(), v.description('Show the version badge on each page. Default: true when there are several versions.'))),
  noIndex: v.optional(v.pipe(v.boolean(), v.description('Keep search engines away: noindex on its pages, none of them in the sitemap.'))),
  className: v.optional(v.string()),
});

/** The docs plugin settings. */
const DocsSchema = v.strictObject({
  routeBasePath: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        new RegExp(`^/$|${BELOW_BASE.source}`),
        'must be the route of the docs below the base: a path without a leading slash (`docs`), or `/` for docs at the base itself (no separate home page)',
      ),
      v.description('Route of the docs below the base, without a leading slash: docs; / serves the docs at the base, with no separate home page.'),
    ),
  ),
  sidebarId: v.optional(v.pipe(v.string(), v.description('Id of the sidebar generated from the folders when the site has no sidebars file: tutorialSidebar.'))),
  sidebarPath: v.optional(
    v.pipe(
      v.union([v.literal(false), v.pipe(v.string(), v.regex(BELOW_BASE))]),
      v.description(
        'The sidebars file below the content folder (sidebars.js, .cjs, .mjs, .ts or .json), as Docusaurus names it; false generates the sidebar from the folders. Default: the sidebars file at the content root, if any.',
      ),
    ),
  ),
  versionLabel: v.optional(v.pipe(v.string(), v.description('Label of version current: Next.'))),
  mainDocId: v.optional(v.pipe(v.string(), v.description('Doc shown at /docs: intro.'))),
  lastVersion: v.optional(
    v.pipe(v.string(), v.description('Version served at /docs: `current` or a name of versions.json. Default: the first of versions.json, else current.')),
  ),
  versions: v.optional(
    v.pipe(
      v.record(v.string(), VersionSchema),
      v.description("Settings of each version by name (`current` for content/docs), as Docusaurus's docs plugin has them."),
    ),
  ),
  onlyIncludeVersions: v.optional(
    v.pipe(v.array(v.string()), v.description('Build only these versions (names, `current` included), for fast local builds. It must hold lastVersion.')),
  ),
});

/** One locale's settings (Docusaurus's `i18n.localeConfigs`). */
const LocaleConfigSchema = v.strictObject({
  label: v.optional(v.pipe(v.string(), v.minLength(1), v.description('Name in the language switcher, in that language: Français.'))),
  direction: v.optional(v.pipe(v.picklist(['ltr', 'rtl']), v.description('Writing direction: ltr, or rtl (the page is laid out mirrored).'))),
  htmlLang: v.optional(v.pipe(v.string(), v.description("BCP 47 tag of <html lang> and hreflang: fr-FR. Default: the locale's name."))),
  calendar: v.optional(v.string()),
  path: v.optional(v.string()),
});

/** Languages, as Docusaurus's `i18n` option has them. */
const I18nSchema = v.strictObject({
  defaultLocale: v.pipe(v.string(), v.minLength(1), v.description('The locale served at the site root: en.')),
  locales: v.pipe(v.array(v.string()), v.minLength(1), v.description('Every locale, the default one included: ["en", "fr"].')),
  localeConfigs: v.optional(v.record(v.string(), LocaleConfigSchema)),
  path: v.optional(v.string()),
});

/**
 * Home page texts. Every part is optional, as a Docusaurus site has none of them: the heading and lead default
 * to the title and tagline, the buttons to one that opens the docs, and a section without its items is left out.
 */
const HomeSchema = v.strictObject({
  heading: v.optional(v.pipe(v.string(), v.description('Hero heading. Default: the site title.'))),
  lead: v.optional(v.pipe(v.string(), v.description('Hero sentence under the heading. Default: the tagline.'))),
  actions: v.optional(v.pipe(v.array(LinkSchema), v.description('Hero buttons, primary first. Default: one that opens the docs.'))),
  featuresHeading: v.optional(v.string()),
  features: v.optional(v.array(v.strictObject({ title: v.string(), description: v.string(), link: LinkSchema }))),
  statsHeading: v.optional(v.string()),
  stats: v.optional(v.pipe(v.array(v.strictObject({ value: v.string(), label: v.string() })), v.description('Figures such as "58 UI component files".'))),
  ctaHeading: v.optional(v.pipe(v.string(), v.description('Getting-started heading.'))),
  ctaText: v.optional(v.pipe(v.string(), v.description('Getting-started sentence.'))),
  ctaCommands: v.optional(v.pipe(v.array(v.string()), v.description('Shell commands shown in the getting-started block.'))),
});

/** What a magic comment says (`highlight-next-line`, `This will error`): text on one line, no space around it. */
const MagicWord = v.pipe(v.string(), v.regex(/^\S(?:[^\r\n]*\S)?$/, 'is text on one line, with no space at either end'));

/** A magic comment's fields, before the check that it names lines at all. */
const MagicCommentFields = v.strictObject({
  className: v.pipe(
    v.string(),
    v.regex(/^-?[A-Za-z_][\w-]*(?: -?[A-Za-z_][\w-]*)*$/, 'is one or more CSS class names, separated by spaces'),
    v.description(
      "The class of each line it names. The shell's stylesheet shows `theme-code-block-highlighted-line` as a highlighted line; another class is in the page's HTML, unstyled.",
    ),
  ),
  line: v.optional(v.pipe(MagicWord, v.description('A comment of this word on a line of its own names the line after it: `// highlight-next-line`.'))),
  block: v.optional(
    v.pipe(
      v.strictObject({ start: MagicWord, end: MagicWord }),
      v.description('Comments of these words on lines of their own name the lines between them: `// highlight-start` … `// highlight-end`.'),
    ),
  ),
});

/** A magic comment names lines by a comment before one, by two around them, or both. */
const NAMES_LINES = v.check(
  (comment: v.InferOutput<typeof MagicCommentFields>) => comment.line !== undefined || comment.block !== undefined,
  'needs `line`, `block` or both: a magic comment names lines',
);

/**
 * The editors' JSON Schema of a check of this schema, which the converter cannot derive from its function
 * (`scripts/siteSchema.ts`): `jsonSchema` with the check's rule added; undefined for any other action.
 */
export function checkJsonSchema<T extends object>(action: unknown, jsonSchema: T): (T & { anyOf: { required: string[] }[] }) | undefined {
  return action === NAMES_LINES ? { ...jsonSchema, anyOf: [{ required: ['line'] }, { required: ['block'] }] } : undefined;
}

/**
 * One magic comment, as Docusaurus's `themeConfig.prism.magicComments` has it: the lines it names get `className`.
 */
export const MagicCommentSchema = v.pipe(MagicCommentFields, NAMES_LINES);

/** One magic comment of a site's configuration. */
export type MagicComment = v.InferOutput<typeof MagicCommentSchema>;

/** A keyword of an admonition: the name of its directive. */
export const AdmonitionKeywordSchema = v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]*$/, 'is no directive name: a letter, then letters, digits, `_` or `-`'));

/** The admonition keywords a site reads, as the `admonitions` option of Docusaurus's docs and pages plugins. */
const AdmonitionsSchema = v.strictObject({
  keywords: v.optional(
    v.pipe(
      v.array(AdmonitionKeywordSchema),
      v.description(
        'Keywords read as admonitions (`:::discord` … `:::`) besides the defaults (note, tip, info, warning, danger, caution, important, secondary, success). One that is no default is drawn as info, titled with the keyword.',
      ),
    ),
  ),
  extendDefaults: v.optional(v.pipe(v.boolean(), v.description('false: only `keywords` are admonitions. Default: true, the defaults and `keywords`.'))),
});

/** A markdown plugin by the name of its package, with its options: `"remark-math"` or `["remark-math", { … }]`. */
const PluginSchema = v.union([
  v.pipe(v.string(), v.minLength(1)),
  v.pipe(v.tuple([v.pipe(v.string(), v.minLength(1)), v.unknown()]), v.description('The package and the options it is given.')),
]);

/** How pages are read, as Docusaurus's `markdown` options. */
const MarkdownSchema = v.strictObject({
  format: v.optional(
    v.pipe(
      v.picklist(['mdx', 'md', 'detect']),
      v.description('mdx (the default): every page is MDX; md: every page is CommonMark; detect: .mdx files are MDX, .md files CommonMark.'),
    ),
  ),
  magicComments: v.optional(
    v.pipe(
      v.array(MagicCommentSchema),
      v.description(
        "The comments in code blocks that name lines to mark, in place of the defaults (`highlight-next-line`, `highlight-start`/`highlight-end`), as Docusaurus's `themeConfig.prism.magicComments`. The first one's class also marks the lines a fence's `{1,3-5}` names.",
      ),
    ),
  ),
  admonitions: v.optional(AdmonitionsSchema),
  remarkPlugins: v.optional(
    v.pipe(
      v.array(PluginSchema),
      v.description(
        'remark plugins the build runs on every page after its own, by package name (installed beside the content or in this project), with options: ["remark-math", ["remark-emoji", { "accessible": true }]].',
      ),
    ),
  ),
  rehypePlugins: v.optional(
    v.pipe(
      v.array(PluginSchema),
      v.description("rehype plugins the build runs on every page's HTML tree before the sanitizer, by package name, with options."),
    ),
  ),
});

/** `content/site.config.json`. */
export const SiteConfigSchema = v.pipe(
  v.strictObject({
    $schema: v.optional(v.string()),
    title: v.pipe(v.string(), v.minLength(1), v.description("Site title, shown after '|' in every document title.")),
    tagline: v.string(),
    url: v.pipe(v.string(), v.regex(HTTP), v.description('Production origin without the base path.')),
    baseUrl: v.pipe(v.string(), v.regex(/^\/(.*\/)?$/), v.description('Base path with leading and trailing slash: /abp-react/.')),
    favicon: v.optional(v.string()),
    organizationName: v.string(),
    projectName: v.string(),
    image: v.optional(v.pipe(v.string(), v.description('Social card image below the base path (1200x630).'))),
    themeColor: v.optional(v.string()),
    editUrl: v.optional(v.pipe(v.string(), v.regex(HTTP), v.description("Base of 'Edit this page' links; the doc's path below content/ is appended."))),
    copyright: v.string(),
    metadata: v.optional(v.array(v.strictObject({ name: v.string(), content: v.string() }))),
    colorMode: v.optional(ColorModeSchema),
    navbar: v.strictObject({
      title: v.string(),
      logo: ImageSchema,
      hideOnScroll: v.optional(v.boolean()),
      items: v.array(NavbarItemSchema),
    }),
    footer: v.strictObject({
      style: v.optional(v.picklist(['dark', 'light'])),
      logo: v.optional(ImageSchema),
      links: v.array(v.strictObject({ title: v.string(), items: v.array(LinkSchema) })),
    }),
    announcementBar: v.optional(
      v.union([
        v.strictObject({
          id: v.pipe(v.string(), v.minLength(1), v.description('Change it to show the bar again to readers who closed it.')),
          content: v.string(),
          link: v.optional(LinkSchema),
          isCloseable: v.optional(v.boolean()),
        }),
        v.null(),
      ]),
    ),
    search: SearchSchema,
    docs: v.optional(DocsSchema),
    i18n: v.optional(I18nSchema),
    markdown: v.optional(MarkdownSchema),
    onBrokenLinks: v.optional(
      v.pipe(
        v.picklist(['throw', 'warn', 'ignore']),
        v.description('What a link to no page of the site does to the build: throw (the default) stops it, warn reports it, ignore says nothing.'),
      ),
    ),
    home: v.optional(HomeSchema),
  }),
  v.metadata({ $id: 'https://antosubash.github.io/abp-react/site.schema.json' }),
  v.title('ABP React docs site configuration'),
  v.description('content/site.config.json: everything about the site that is not a page. Validated by the content build and shipped inside manifest.json.'),
);

/** The schemas `manifest/site.schema.json` names under `$defs` rather than writing them out at each use. */
export const SITE_CONFIG_DEFINITIONS = { link: LinkSchema, image: ImageSchema };

/** What authors write. Optional fields get the defaults of `resolveSiteConfig`. */
export type SiteConfigInput = v.InferOutput<typeof SiteConfigSchema>;

/** A link as authors write it: `to` for a route of this site, `href` for anywhere else. */
export type LinkInput = v.InferOutput<typeof LinkSchema>;
