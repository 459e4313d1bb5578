/**
 * The schemas of what authors write beside their markdown: a page's front matter and a folder's
 * `_category_.json`. `sources.ts` validates with them and words each issue with the file and the
 * line of its field; the types the build reads are derived from them.
 */
import * as v from 'valibot';
import { imageUrlProblem } from './siteConfigFile';

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
});

/** A page's validated front matter. */
export type FrontMatter = v.InferOutput<typeof FrontMatterSchema>;

/** Docusaurus front matter keys that are accepted and ignored. */
export const IGNORED_FRONT_MATTER = new Set([
  'tags',
  'custom_edit_url',
  'last_update',
  'sidebar_class_name',
  'sidebar_custom_props',
  'displayed_sidebar',
  'unlisted',
  'parse_number_prefixes',
  'hide_title',
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
  link: v.optional(
    v.nullable(
      v.variant('type', [
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
      ]),
    ),
  ),
});

/** What a `_category_.json` says of its folder. */
export type Category = v.InferOutput<typeof CategorySchema>;
