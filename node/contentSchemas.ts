/**
 * The schemas of what authors write beside their markdown: a page's front matter and a folder's
 * `_category_.json`. `sources.ts` validates with them and words each issue with the file and the
 * line of its field; the types the build reads are derived from them.
 */
import * as v from 'valibot';
import { imageUrlProblem } from './siteConfigFile';
import { tagSlug } from './tags';

/** Route segments a slug or id may not have: they would leave the docs folder or break the URL. */
function badSegment(value: string): string | null {
  for (const segment of value.split('/')) {
    // `%`: a host decodes `%2e%2e` to `..`, so such a route is never reached as written.
    if (segment === '.' || segment === '..' || /[\\?#%\u0000-\u001f\u007f]/.test(segment)) return segment;
  }
  return null;
}

// A type's message says what the field must be ("a number"); `sources.ts` adds the field and the value
// it got. A check's message is the whole statement about the value.

const text = v.string('a string');
// YAML reads `.inf` and `.nan` as numbers.
const finite = v.custom<number>((value) => typeof value === 'number' && Number.isFinite(value), 'a number');
const flag = v.boolean('true or false');
const docIdOrNull = v.nullable(v.string('a doc id or null'));
const routeSegments = v.pipe(
  text,
  v.check(
    (value) => badSegment(value) === null,
    (issue) =>
      `is \`${String(issue.input)}\`, whose part \`${badSegment(String(issue.input))}\` is no route segment. Use letters, digits, \`-\` and \`/\` (no \`.\` or \`..\` parts, \`\\\`, \`?\`, \`#\` or \`%\`).`,
  ),
);

/** Front matter fields this site understands (Docusaurus's names), in the order messages list them. */
export const FrontMatterSchema = v.object({
  id: v.optional(routeSegments),
  title: v.optional(text),
  sidebar_label: v.optional(text),
  sidebar_position: v.optional(finite),
  slug: v.optional(routeSegments),
  description: v.optional(text),
  keywords: v.optional(v.array(v.string('a list of strings'), 'a list of strings')),
  image: v.optional(
    v.pipe(
      text,
      v.check(
        (value) => imageUrlProblem(value) === null,
        (issue) => imageUrlProblem(String(issue.input)) ?? '',
      ),
    ),
  ),
  hide_table_of_contents: v.optional(flag),
  toc_min_heading_level: v.optional(finite),
  toc_max_heading_level: v.optional(finite),
  draft: v.optional(flag),
  pagination_prev: v.optional(docIdOrNull),
  pagination_next: v.optional(docIdOrNull),
  pagination_label: v.optional(text),
  hide_title: v.optional(flag),
  sidebar_class_name: v.optional(text),
  // Docusaurus's hook for swizzled sidebar items, which this site has not: accepted and not shown.
  sidebar_custom_props: v.optional(v.record(v.string(), v.unknown(), 'an object')),
  displayed_sidebar: v.optional(v.nullable(v.string('a sidebar id or null'))),
  unlisted: v.optional(flag),
  custom_edit_url: v.optional(v.nullable(v.string('a URL or null'))),
  // Inline tags only: a label (its page's slug made from it), or a label with its own permalink below the tags folder.
  tags: v.optional(
    v.array(
      v.union(
        [
          v.pipe(
            text,
            v.check(
              (value) => tagSlug(value) !== '',
              "has a tag whose label has no letter or digit to make its page's route of. Give it `{ label, permalink }`.",
            ),
          ),
          v.object({ label: text, permalink: routeSegments, description: v.optional(text) }),
        ],
        'a list of tags (labels, or `{ label, permalink }` objects)',
      ),
      'a list of tags (labels, or `{ label, permalink }` objects)',
    ),
  ),
});

/** A page's validated front matter. */
export type FrontMatter = v.InferOutput<typeof FrontMatterSchema>;

/** Docusaurus front matter keys that are accepted and ignored. */
export const IGNORED_FRONT_MATTER = new Set(['last_update', 'parse_number_prefixes']);

/** A category's own page: a generated index of its items, or a doc. */
const CategoryLinkSchema = v.variant('type', [
  v.object({
    type: v.literal('generated-index'),
    slug: v.optional(
      v.pipe(
        v.string(),
        v.check((value) => badSegment(value) === null),
      ),
    ),
    description: v.optional(v.string()),
    title: v.optional(v.string()),
  }),
  v.object({ type: v.literal('doc'), id: v.string() }),
]);

/**
 * A `_category_.json`. Its link is a generated index or a doc; fields Docusaurus knows and this site
 * does not (`className`, `customProps`) are let through.
 */
export const CategorySchema = v.object({
  label: v.optional(v.string()),
  position: v.optional(v.number()),
  collapsed: v.optional(v.boolean()),
  collapsible: v.optional(v.boolean()),
  link: v.optional(v.nullable(CategoryLinkSchema)),
});

/** What a `_category_.json` says of its folder. */
export type Category = v.InferOutput<typeof CategorySchema>;

/** `versions.json`: the names of the versions, newest first, as `docusaurus docs:version` writes them. */
export const VersionsFileSchema = v.array(
  v.pipe(
    v.string('a version name'),
    v.regex(/^(?!\.\.?$)(?!current$)[^/\\?#%\s]+$/, 'a version name is a word such as `1.0`, without `/`, `\\`, `?`, `#`, `%` or spaces, and not `current`'),
    // Its folder and sidebar file are named after it (`version-<name>-sidebars.json`), and a file name holds 255 bytes.
    v.maxBytes(200, 'a version name has at most 200 bytes, so that its folder and sidebar file can be named after it'),
  ),
  'a list of version names',
);

// The items of a sidebars file (Docusaurus's), by `type`; `sidebars.ts` reads the shorthands (a doc id, an object of
// categories) into them first. `customProps` and `key` are Docusaurus's hooks for swizzled components and
// translations, which this site has not: they are let through and not shown.
const className = v.optional(text);
const customProps = v.optional(v.record(v.string(), v.unknown(), 'an object'));
const key = v.optional(text);

/** A `doc` item, or a `ref` (a link to a doc that does not make it belong to the sidebar). */
export const SidebarDocItemSchema = v.object({
  type: v.picklist(['doc', 'ref']),
  id: v.string('a doc id'),
  label: v.optional(text),
  className,
  customProps,
  key,
});

/** A `link` item: a URL or a route. */
export const SidebarLinkItemSchema = v.object({
  type: v.literal('link'),
  href: v.string('a URL or a route'),
  label: text,
  description: v.optional(text),
  className,
  customProps,
  key,
});

/** An `html` item: markup shown as it is (once sanitized). */
export const SidebarHtmlItemSchema = v.object({
  type: v.literal('html'),
  value: v.string('a string of HTML'),
  defaultStyle: v.optional(flag),
  className,
  customProps,
  key,
});

/** A `category` item; its `items` are read one by one. */
export const SidebarCategoryItemSchema = v.object({
  type: v.literal('category'),
  label: text,
  items: v.optional(v.array(v.unknown(), 'a list of items'), []),
  collapsed: v.optional(flag),
  collapsible: v.optional(flag),
  description: v.optional(text),
  link: v.optional(v.nullable(CategoryLinkSchema)),
  className,
  customProps,
  key,
});

/** An `autogenerated` item: the docs of a folder, as the generated sidebar has them. */
export const SidebarAutogeneratedItemSchema = v.object({ type: v.literal('autogenerated'), dirName: text, className, customProps });
