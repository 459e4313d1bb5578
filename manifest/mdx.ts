/**
 * MDX as Docusaurus reads it, turned into the markdown tree the rest of the pipeline renders: imports name the
 * theme components, expressions are read as literal values (nothing runs), JSX elements become the site's own
 * markup (tabs, details, admonitions, code blocks, an inline table of contents, links) or the HTML element written,
 * which the sanitizer then holds to the site's policy. What cannot be shown is reported with its line.
 */
import type { ImportDeclaration, Program } from 'estree';
import type { Code, Link, Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement, MdxjsEsm } from 'mdast-util-mdx';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Processor } from 'unified';
import { CONTINUE, SKIP, visit } from 'unist-util-visit';
import { find, html as htmlSchema } from 'property-information';
import { escapeHtml } from './escapeHtml';
import { relativeRoute } from './links';
import type { CategoryCard } from './types';
import { SITE_PROPERTY, type SiteComponentFound, type SiteComponents } from './siteComponents';
import { expressionValue, LITERAL_HINT, namesRead, RefusedExpression, TOC, type MdxScope, type MdxValue } from './mdxValues';

/** How `.md` and `.mdx` files are read, as Docusaurus's `markdown.format`: all as MDX, all as CommonMark, or by extension. */
export type MarkdownFormat = 'mdx' | 'md' | 'detect';

/** Whether the source at `rel` is read as MDX under `format`. */
export function isMdxSource(rel: string, format: MarkdownFormat): boolean {
  return format === 'mdx' || (format === 'detect' && /\.mdx$/i.test(rel));
}

/** A problem an MDX page has, for the build to report with the page's file. */
export interface MdxProblem {
  /** 1-based line in the markdown. */
  line: number;
  message: string;
  /** True when the page cannot be built as written. */
  error: boolean;
}

/** What the MDX step takes. */
export interface MdxOptions {
  scope: MdxScope;
  /** The source's path below `content/` (`docs/guides/x.mdx`): relative imports resolve from its folder. */
  source: string;
  /** Receives each problem. */
  onProblem: (problem: MdxProblem) => void;
  /**
   * The markdown of a partial (`_x.md` / `_x.mdx`) by its path below `content/`, or null when there is none; the
   * partial is inlined where its component is used. Absent: partials are not inlined (the shell's fallback).
   */
  readPartial?: (source: string) => string | null;
  /** Parses a partial's markdown with the page's pipeline, up to (not including) this step. */
  parsePartial?: (markdown: string) => Root;
  /**
   * The site's components, bundled (`node/siteComponents.ts`): one a page uses is marked for the renderer to render
   * into the page and the shell to hydrate. Absent: a site component shows its children (the shell's fallback).
   */
  siteComponents?: SiteComponents;
}

/** The theme components and Docusaurus modules a page may import, by the name of what they export. */
const THEME_MODULES: Record<string, ThemeName> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Details': 'Details',
  '@theme/Admonition': 'Admonition',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/TOCInline': 'TOCInline',
  '@theme/DocCardList': 'DocCardList',
  '@theme/DocCard': 'DocCard',
  '@docusaurus/Link': 'Link',
  '@docusaurus/useBaseUrl': 'useBaseUrl',
  '@theme/ThemedImage': 'ThemedImage',
};

type ThemeName = 'Tabs' | 'TabItem' | 'Details' | 'Admonition' | 'CodeBlock' | 'TOCInline' | 'DocCardList' | 'DocCard' | 'Link' | 'useBaseUrl' | 'ThemedImage';

/** What a component name of the page stands for. */
type Component =
  | { kind: 'theme'; name: ThemeName }
  | { kind: 'partial'; source: string }
  /** `name`: what the import takes of the module (`default`, an export's name), null for the module as a whole. */
  | { kind: 'site'; from: string; name: string | null };

/** Components a page may use without importing them, as Docusaurus's MDX scope has them. */
const GLOBAL: Record<string, ThemeName> = { Admonition: 'Admonition', Details: 'Details' };

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A node the pipeline turns into the HTML element `hName` (mdast-util-to-hast's handling of unknown nodes). */
interface ElementNode extends Parent {
  type: 'mdxElement';
}

declare module 'mdast' {
  interface RootContentMap {
    mdxElement: ElementNode;
  }
  interface BlockContentMap {
    mdxElement: ElementNode;
  }
  interface PhrasingContentMap {
    mdxElement: ElementNode;
  }
}

const lineOf = (node: { position?: { start: { line: number } } | undefined }) => node.position?.start.line ?? 0;

/** `path` joined to `dir` below `content/`, or null when it climbs out of it. */
function joinContent(dir: string, path: string): string | null {
  const parts = dir ? dir.split('/') : [];
  for (const part of path.split('/')) {
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The prefix of an import from the site's root, which is the content folder (Docusaurus's `@site` alias). */
const SITE_ALIAS = '@site/';

/** Whether an import names a file of the site: a relative path or one from its root (`@site/…`). */
const isSiteSpecifier = (specifier: string): boolean => specifier.startsWith('.') || specifier.startsWith(SITE_ALIAS);

/**
 * The path below the content folder that `specifier`, imported by the file at `from` (also below it), names: a
 * relative path from the file's folder, `@site/…` from the content folder's root; null when it climbs out of the
 * content folder or names no file of the site (a package, `@theme/…`).
 */
export function partialTarget(from: string, specifier: string): string | null {
  if (specifier.startsWith(SITE_ALIAS)) return joinContent('', specifier.slice(SITE_ALIAS.length));
  if (!specifier.startsWith('.')) return null;
  return joinContent(from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '', specifier);
}

/** The components an import declaration names, or a problem. */
function importedComponents(declaration: ImportDeclaration, source: string): { names: [string, Component][]; problem?: string } {
  const from = String(declaration.source.value);
  const locals = declaration.specifiers.map((s) => s.local.name);
  const site = (): [string, Component][] =>
    declaration.specifiers.map((s) => [
      s.local.name,
      {
        kind: 'site',
        from,
        name:
          s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : s.type === 'ImportSpecifier'
              ? s.imported.type === 'Identifier'
                ? s.imported.name
                : String(s.imported.value)
              : null,
      },
    ]);
  const theme = THEME_MODULES[from];
  if (theme) return { names: locals.map((name) => [name, { kind: 'theme', name: theme }]) };
  if (from.startsWith('/'))
    return { names: [], problem: `imports \`${from}\`, a path outside the content folder. Import components from \`@theme/…\` or \`@site/src/components/…\`.` };
  if (isSiteSpecifier(from)) {
    const target = partialTarget(source, from);
    if (target === null) {
      return { names: [], problem: `imports \`${from}\`, which is outside the content folder. Keep what a page imports inside \`content/\`.` };
    }
    // A markdown file imported as a component is a partial, whatever its name.
    if (/\.mdx?$/.test(target)) return { names: locals.map((name) => [name, { kind: 'partial', source: target }]) };
    return { names: site() };
  }
  return { names: site() };
}

/** `items={useCurrentSidebarCategory().items}`, the items `<DocCardList>` lists without any. */
const isCurrentCategoryItems = (attribute: JsxElement['attributes'][number]) =>
  attribute.type === 'mdxJsxAttribute' &&
  attribute.name === 'items' &&
  typeof attribute.value === 'object' &&
  attribute.value !== null &&
  attribute.value.value.replace(/\s+/g, '') === 'useCurrentSidebarCategory().items';

/** The attributes of a JSX element read as values; a refused one is reported and left out. */
function attributesOf(node: JsxElement, state: State): Record<string, MdxValue> {
  const { options } = state;
  const out: Record<string, MdxValue> = {};
  for (const attribute of node.attributes as (MdxJsxAttribute | MdxJsxExpressionAttribute)[]) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      options.onProblem({
        line: lineOf(node),
        message: `\`<${node.name}>\` spreads \`${attribute.value}\` into its props, which runs code. Write each prop with ${LITERAL_HINT}.`,
        error: true,
      });
      continue;
    }
    const { value } = attribute;
    if (value === null || value === undefined) out[attribute.name] = true;
    else if (typeof value === 'string') out[attribute.name] = value;
    else {
      try {
        out[attribute.name] = expressionValue(value.data?.estree, options.scope) ?? null;
      } catch (error) {
        if (!(error instanceof RefusedExpression)) throw error;
        const site = siteImportsRead(value.data?.estree, state);
        if (site) {
          options.onProblem({
            line: lineOf(attribute.position ? attribute : node),
            message: `prop \`${attribute.name}={${value.value}}\` of \`<${node.name}>\` ${siteImportsLeftOut(site)}`,
            error: false,
          });
          continue;
        }
        if (error.reference) {
          options.onProblem({
            line: lineOf(attribute.position ? attribute : node),
            message: `prop \`${attribute.name}={${value.value}}\` of \`<${node.name}>\` names ${error.message}, which the build cannot know without running code: the page is built without it. Write the value itself.`,
            error: false,
          });
          continue;
        }
        options.onProblem({
          line: lineOf(attribute.position ? attribute : node),
          message: `prop \`${attribute.name}={${value.value}}\` of \`<${node.name}>\` is ${error.message}, and pages never run code. Write ${LITERAL_HINT}.`,
          error: true,
        });
      }
    }
  }
  return out;
}

const stringProp = (attrs: Record<string, MdxValue>, name: string): string | null => {
  const value = attrs[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
};

/** CSS properties whose numbers have no unit; React gives every other number `px`, and so does `styleText`. */
const UNITLESS = new Set([
  'flex',
  'flexGrow',
  'flexShrink',
  'fontWeight',
  'lineHeight',
  'opacity',
  'order',
  'zIndex',
  'zoom',
  'columnCount',
  'tabSize',
  'orphans',
  'widows',
]);

/** A CSS declaration list from a `style={{ … }}` object (React's camelCase names to CSS's). */
function styleText(style: Record<string, MdxValue>): string {
  return Object.entries(style)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => {
      const value = typeof v === 'number' && v !== 0 && !UNITLESS.has(k) && !k.startsWith('--') ? `${v}px` : String(v);
      return `${k.startsWith('--') ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value}`;
    })
    .join('; ');
}

/** hast properties of an HTML element written in JSX (`className`, `style={{…}}`, `aria-*`), as the sanitizer reads them. */
function htmlProperties(attrs: Record<string, MdxValue>): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const property = find(htmlSchema, name === 'class' ? 'className' : name).property;
    if (property === 'style' && value && typeof value === 'object' && !Array.isArray(value)) out.style = styleText(value);
    else if (property === 'className' && typeof value === 'string') out.className = value.split(/\s+/).filter(Boolean);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[property] = value;
  }
  return out;
}

const element = (hName: string, hProperties: Record<string, unknown>, children: RootContent[], at?: { position?: Parent['position'] }): ElementNode => ({
  type: 'mdxElement',
  children: children as ElementNode['children'],
  data: { hName, hProperties: hProperties as never },
  ...(at?.position ? { position: at.position } : {}),
});

const text = (value: string): Text => ({ type: 'text', value });

/** Blank text between a component's children, which MDX keeps and HTML ignores. */
const isBlank = (node: RootContent) =>
  (node.type === 'text' && !node.value.trim()) || (node.type === 'paragraph' && !toString(node).trim() && !node.children.length);

/** Elements HTML does not let a paragraph hold. */
const BLOCK_TAGS = new Set([
  'div',
  'details',
  'summary',
  'table',
  'section',
  'figure',
  'ul',
  'ol',
  'dl',
  'pre',
  'blockquote',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
]);

const isBlock = (node: RootContent) =>
  node.type === 'code' ||
  node.type === 'containerDirective' ||
  ((node.type as string) === 'mdxElement' && BLOCK_TAGS.has(String((node as unknown as ElementNode).data?.hName)));

/** A tab of `<Tabs>`: its value, label and content, and whether it is the default one. */
interface Tab extends TabContent {
  isDefault: boolean;
}

/** A page's MDX step: its components, counters for unique ids, and its options. */
interface State {
  options: MdxOptions;
  components: Map<string, Component>;
  tabs: number;
  /** Partials being inlined, to refuse one that includes itself. */
  inlining: string[];
}

/** The tabs pattern: a tablist of buttons and a panel per tab, the default one shown; `src/markdown/tabs.ts` makes them switch. */
function renderTabs(node: JsxElement, attrs: Record<string, MdxValue>, state: State): ElementNode {
  const values = Array.isArray(attrs.values) ? attrs.values : [];
  const labels = new Map<string, string>();
  for (const v of values) {
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.value === 'string') labels.set(v.value, typeof v.label === 'string' ? v.label : v.value);
  }
  const tabs: Tab[] = [];
  // A `<TabItem>` written on one line is MDX's text, in a paragraph of its own.
  const items = (node.children as RootContent[]).flatMap((c) =>
    c.type === 'paragraph' && c.children.every((i) => i.type === 'mdxJsxTextElement' || isBlank(i)) ? c.children : [c],
  );
  for (const child of items) {
    if (isBlank(child)) continue;
    const item = (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && componentOf(child.name, state);
    if (!item || item.kind !== 'theme' || item.name !== 'TabItem') {
      state.options.onProblem({
        line: lineOf(child),
        message: `\`<Tabs>\` holds something other than \`<TabItem>\`, which is left out. Put each tab's content in a \`<TabItem value="…">\`.`,
        error: false,
      });
      continue;
    }
    const itemAttrs = attributesOf(child as JsxElement, state);
    const value = stringProp(itemAttrs, 'value') ?? stringProp(itemAttrs, 'label') ?? String(tabs.length + 1);
    tabs.push({
      value,
      label: labels.get(value) ?? stringProp(itemAttrs, 'label') ?? value,
      isDefault: itemAttrs.default === true,
      children: transformChildren((child as JsxElement).children as RootContent[], state),
      at: child as JsxElement,
    });
  }
  const chosen = stringProp(attrs, 'defaultValue');
  const selected = tabs.find((t) => t.value === chosen) ?? tabs.find((t) => t.isDefault) ?? tabs[0];
  const groupId = stringProp(attrs, 'groupId');
  const query = attrs.queryString === true ? groupId : stringProp(attrs, 'queryString');
  return tabsElement(tabs, selected?.value ?? null, `tabs-${++state.tabs}`, { groupId, query, at: node });
}

/** One tab of a tab set: its value, label, content and where it was written. */
export interface TabContent {
  value: string;
  label: string;
  children: RootContent[];
  at?: { position?: Parent['position'] };
}

/**
 * The markup of a tab set, for MDX's `<Tabs>` and the code-block tabs alike: a tablist of buttons and a panel per tab,
 * `selected` shown. `id` prefixes the tabs' and panels' ids, unique within the page.
 */
export function tabsElement(
  tabs: TabContent[],
  selected: string | null,
  id: string,
  { groupId = null, query = null, at }: { groupId?: string | null; query?: string | null; at?: { position?: Parent['position'] } } = {},
): ElementNode {
  const idOf = (i: number, what: 'tab' | 'panel') => `${id}-${what}-${i + 1}`;
  const list = element(
    'div',
    { role: 'tablist', className: ['tabs'], ariaOrientation: 'horizontal' },
    tabs.map((tab, i) =>
      element(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: idOf(i, 'tab'),
          ariaSelected: tab.value === selected ? 'true' : 'false',
          ariaControls: idOf(i, 'panel'),
          tabIndex: tab.value === selected ? 0 : -1,
          className: ['tabs__tab'],
          dataValue: tab.value,
        },
        [text(tab.label)],
      ),
    ),
  );
  const panels = tabs.map((tab, i) =>
    element(
      'div',
      {
        role: 'tabpanel',
        id: idOf(i, 'panel'),
        ariaLabelledBy: idOf(i, 'tab'),
        tabIndex: 0,
        className: ['tabs__panel'],
        dataValue: tab.value,
        ...(tab.value === selected ? {} : { hidden: true }),
      },
      tab.children,
      tab.at,
    ),
  );
  return element(
    'div',
    { className: ['tabs-container'], dataTabs: '', ...(groupId ? { dataGroupId: groupId } : {}), ...(query ? { dataQueryString: query } : {}) },
    [list, ...panels],
    at,
  );
}

/** `<details>` and `<Details summary="…">`: a disclosure with its summary first. */
function renderDetails(node: JsxElement, attrs: Record<string, MdxValue>, state: State): ElementNode {
  let summary: RootContent[] | null = null;
  const rest: RootContent[] = [];
  const isSummary = (n: RootContent): n is JsxElement => (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name === 'summary';
  for (const child of node.children as RootContent[]) {
    if (summary === null && isSummary(child)) summary = transformChildren(child.children as RootContent[], state);
    else if (summary === null && child.type === 'paragraph' && child.children.some((c) => isSummary(c))) {
      const inner = child.children.find((c) => isSummary(c)) as JsxElement;
      summary = transformChildren(inner.children as RootContent[], state);
      const others = child.children.filter((c) => c !== inner && !isBlank(c));
      if (others.length) rest.push({ ...child, children: others });
    } else rest.push(child);
  }
  const props = htmlProperties(attrs);
  delete props.summary;
  const title = stringProp(attrs, 'summary');
  const className = ['details', ...(Array.isArray(props.className) ? props.className : [])];
  return element('details', { ...props, className }, [
    element('summary', {}, summary ?? [text(title ?? 'Details')]),
    element('div', { className: ['details__content'] }, transformChildren(rest, state)),
  ]);
}

/** `<Admonition type="tip" title="…">`: the directive the admonition step renders. */
function renderAdmonition(node: JsxElement, attrs: Record<string, MdxValue>, state: State): ContainerDirective {
  const title = stringProp(attrs, 'title');
  const children = transformChildren(node.children as RootContent[], state) as ContainerDirective['children'];
  const label: Paragraph[] = title ? [{ type: 'paragraph', children: [text(title)], data: { directiveLabel: true } }] : [];
  return {
    type: 'containerDirective',
    name: stringProp(attrs, 'type') ?? 'note',
    attributes: {},
    children: [...label, ...children],
    ...(node.position ? { position: node.position } : {}),
  };
}

/** `<CodeBlock language title showLineNumbers>` as the fenced code block it stands for. */
function renderCodeBlock(node: JsxElement, attrs: Record<string, MdxValue>, state: State): Code {
  let value = '';
  for (const child of node.children as RootContent[]) {
    if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
      const read = readExpression(child, state);
      if (typeof read === 'string') value += read;
    } else if (child.type === 'paragraph') {
      for (const c of child.children) {
        if (c.type === 'mdxTextExpression') {
          const read = readExpression(c, state);
          if (typeof read === 'string') value += read;
        } else value += toString(c);
      }
    } else value += toString(child);
  }
  const title = stringProp(attrs, 'title');
  const meta = [title ? `title="${title.replace(/"/g, '')}"` : '', attrs.showLineNumbers ? 'showLineNumbers' : '', stringProp(attrs, 'metastring') ?? '']
    .filter(Boolean)
    .join(' ');
  return {
    type: 'code',
    lang: stringProp(attrs, 'language') ?? null,
    meta: meta || null,
    value: value.replace(/^\n/, '').replace(/\s+$/, ''),
    ...(node.position ? { position: node.position } : {}),
  };
}

/**
 * `<DocCardList />` as the rendered HTML holds it until the build puts the cards of the doc's category in its place
 * (`docCardListHtml`).
 */
export const DOC_CARD_LIST_MARK = '<div class="doc-card-list" data-doc-card-list=""></div>';

/**
 * The cards `<DocCardList />` shows on the doc at route `at`, in the markup of the category pages' cards
 * (`CategoryCards`): a route's link relative to the doc, as the article's other links are.
 */
export function docCardListHtml(cards: readonly CategoryCard[], at: string): string {
  if (cards.length === 0) return '';
  const items = cards.map(({ title, path, description }) => {
    const href = path.startsWith('/') ? relativeRoute(at, path) : path;
    return `<li><a class="card" href="${escapeHtml(href)}"><h2 class="card__title">${escapeHtml(title)}</h2><p class="card__description">${escapeHtml(description)}</p></a></li>`;
  });
  return `<ul class="card-grid doc-card-list">${items.join('')}</ul>`;
}

/** The `<TOCInline>` placeholder, filled with the page's headings once they have ids (`fillInlineTocs`). */
function renderTocInline(node: JsxElement, attrs: Record<string, MdxValue>): ElementNode {
  const level = (name: string, fallback: number) => (typeof attrs[name] === 'number' ? (attrs[name] as number) : fallback);
  const toc = element('div', { className: ['toc-inline'] }, [], node);
  toc.data = { ...toc.data, tocLevels: [level('minHeadingLevel', 2), level('maxHeadingLevel', 3)] } as never;
  return toc;
}

/** `<Link to>` / `<a href>` as a markdown link, so the build checks and resolves it as any other. */
function renderLink(node: JsxElement, attrs: Record<string, MdxValue>, state: State, url: string): Link {
  const props = htmlProperties(attrs);
  delete props.href;
  delete props.to;
  const title = typeof props.title === 'string' ? props.title : null;
  delete props.title;
  return {
    type: 'link',
    url,
    title,
    children: transformChildren(node.children as RootContent[], state) as PhrasingContent[],
    data: { hProperties: props as never },
    ...(node.position ? { position: node.position } : {}),
  };
}

/** What a component name stands for: an import, a component every page has, or nothing known. */
function componentOf(name: string | null, state: State): Component | null {
  if (!name) return null;
  const imported = state.components.get(name);
  if (imported) return imported;
  if (Object.hasOwn(GLOBAL, name)) return { kind: 'theme', name: GLOBAL[name]! };
  return null;
}

/**
 * The names an expression reads when each is a page's import from the site (`@site/…` or a relative path), as a
 * phrase for a message; null when it reads anything else. Such an expression is the site's code, like a site
 * component: the build does not run it and leaves it out, with a warning.
 */
function siteImportsRead(estree: unknown, state: State): string | null {
  const names = estree ? namesRead(estree as Program) : null;
  if (!names?.size) return null;
  for (const name of names) {
    const component = state.components.get(name);
    if (component?.kind !== 'site' || !/^(@site\/|\.)/.test(component.from)) return null;
  }
  const quoted = [...names].map((name) => `\`${name}\``);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]!}`;
}

/** A warning that an expression over the site's imports is left out. */
const siteImportsLeftOut = (names: string): string => `uses ${names}, imported from the site, which this build does not run: it is left out.`;

/** The value of an expression node, reporting one that would run code; undefined for a comment. */
function readExpression(
  node: { data?: { estree?: unknown } | undefined; value: string; position?: RootContent['position'] },
  state: State,
): MdxValue | undefined {
  try {
    return expressionValue(node.data?.estree as never, state.options.scope);
  } catch (error) {
    if (!(error instanceof RefusedExpression)) throw error;
    const site = siteImportsRead(node.data?.estree, state);
    state.options.onProblem(
      site
        ? { line: lineOf(node), message: `\`{${node.value.trim()}}\` ${siteImportsLeftOut(site)}`, error: false }
        : { line: lineOf(node), message: `\`{${node.value.trim()}}\` is ${error.message}, and pages never run code. Write ${LITERAL_HINT}.`, error: true },
    );
    return undefined;
  }
}

/** An expression in the text as what it shows: a string or number as text, a comment as nothing. */
function renderExpression(
  node: { data?: { estree?: unknown } | undefined; value: string; position?: RootContent['position'] },
  state: State,
  flow: boolean,
): RootContent[] {
  const value = readExpression(node, state);
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const shown = text(String(value));
    return flow ? [{ type: 'paragraph', children: [shown] }] : [shown];
  }
  state.options.onProblem({
    line: lineOf(node),
    message: `\`{${node.value.trim()}}\` is a list, an object or \`toc\`, which cannot be shown as text. Pass it to a component's prop instead.`,
    error: false,
  });
  return [];
}

/** A partial's tree, inlined where its component is used. */
function inlinePartial(node: JsxElement, component: { source: string }, state: State): RootContent[] {
  const { readPartial, parsePartial } = state.options;
  const name = node.name ?? '';
  if (!readPartial || !parsePartial) return [];
  if (state.inlining.includes(component.source)) {
    state.options.onProblem({ line: lineOf(node), message: `\`<${name}>\` includes \`${component.source}\` inside itself. Remove the loop.`, error: true });
    return [];
  }
  const markdown = readPartial(component.source);
  if (markdown === null) {
    state.options.onProblem({
      line: lineOf(node),
      message: `\`<${name}>\` is the partial \`${component.source}\`, which does not exist. Fix the import's path.`,
      error: true,
    });
    return [];
  }
  const tree = parsePartial(markdown);
  unwrapMdxCodeBlocks(tree, parsePartial);
  // A partial's lines are its own: its problems are reported at the line that uses it.
  const line = lineOf(node);
  const inner: State = {
    ...state,
    components: new Map(),
    inlining: [...state.inlining, component.source],
    options: {
      ...state.options,
      source: component.source,
      onProblem: (p) => state.options.onProblem({ ...p, line, message: `in partial \`${component.source}\`: ${p.message}` }),
    },
  };
  collectImports(tree, inner);
  stripPositions(tree);
  const children = transformChildren(tree.children, inner);
  state.tabs = inner.tabs;
  return children;
}

/** Drops the positions of a partial's nodes, which are lines of another file. */
function stripPositions(node: { position?: unknown; children?: unknown[] }): void {
  delete node.position;
  for (const child of node.children ?? []) stripPositions(child as { position?: unknown; children?: unknown[] });
}

/** One JSX element as the nodes it renders. */
function renderElement(node: JsxElement, state: State): RootContent[] {
  const { name } = node;
  if (name === null) return transformChildren(node.children as RootContent[], state);
  const component = componentOf(name, state);
  if (/^[a-z]/.test(name) && !name.includes('.') && !component) {
    if (name === 'head') {
      state.options.onProblem({
        line: lineOf(node),
        message:
          "`<head>` sets the document's head in Docusaurus; here a page's title and description come from its front matter (`title`, `description`), so it is left out.",
        error: false,
      });
      return [];
    }
    const attrs = attributesOf(node, state);
    if (name === 'details') return [renderDetails(node, attrs, state)];
    if (name === 'a' && typeof attrs.href === 'string') return [renderLink(node, attrs, state, attrs.href)];
    if (name === 'img' && typeof attrs.src === 'string') {
      const props = htmlProperties(attrs);
      delete props.src;
      delete props.alt;
      return [
        {
          type: 'image',
          url: attrs.src,
          alt: stringProp(attrs, 'alt') ?? '',
          title: null,
          data: { hProperties: props as never },
          ...(node.position ? { position: node.position } : {}),
        },
      ];
    }
    return [element(name, htmlProperties(attrs), transformChildren(node.children as RootContent[], state), node)];
  }
  if (component?.kind === 'partial') return inlinePartial(node, component, state);
  // The cards of the category this doc is the page of, which the build knows once every page is read; `items`
  // written as Docusaurus's own hook for them says the same.
  if (component?.kind === 'theme' && component.name === 'DocCardList' && node.attributes.every(isCurrentCategoryItems))
    return [element('div', { className: ['doc-card-list'], dataDocCardList: '' }, [], node)];
  if (component?.kind === 'theme') {
    const attrs = attributesOf(node, state);
    switch (component.name) {
      case 'Tabs':
        return [renderTabs(node, attrs, state)];
      case 'Details':
        return [renderDetails(node, attrs, state)];
      case 'Admonition':
        return [renderAdmonition(node, attrs, state)];
      case 'CodeBlock':
        return [renderCodeBlock(node, attrs, state)];
      case 'TOCInline':
        return [renderTocInline(node, attrs)];

      case 'Link': {
        const to = stringProp(attrs, 'to') ?? stringProp(attrs, 'href');
        if (to !== null) {
          const link = renderLink(node, attrs, state, to);
          return node.type === 'mdxJsxFlowElement' ? [{ type: 'paragraph', children: [link] }] : [link];
        }
        break;
      }
      case 'TabItem':
        return [element('div', {}, transformChildren(node.children as RootContent[], state), node)];
      case 'ThemedImage': {
        const sources = attrs.sources;
        if (sources && typeof sources === 'object' && !Array.isArray(sources)) {
          const images = (['light', 'dark'] as const).flatMap((mode) => {
            const url = (sources as Record<string, MdxValue>)[mode];
            if (typeof url !== 'string') return [];
            const image: PhrasingContent = {
              type: 'image',
              url,
              alt: stringProp(attrs, 'alt') ?? '',
              title: null,
              data: { hProperties: { className: [`themed-image--${mode}`] } as never },
              ...(node.position ? { position: node.position } : {}),
            };
            return [image];
          });
          // Both are written; the stylesheet shows the one of the colour mode on screen.
          if (images.length) {
            const both = element('span', { className: ['themed-image'] }, images as RootContent[], node);
            return node.type === 'mdxJsxFlowElement' ? [{ type: 'paragraph', children: [both] }] : [both];
          }
        }
        break;
      }
      default:
        break;
    }
  }
  if (component?.kind === 'site') {
    const marked = siteComponentMark(node, component, state);
    if (marked) return [marked];
  }
  // Its props are not read: the component is not rendered, so nothing of them is shown or run.
  const why =
    component?.kind === 'site'
      ? `is a component of the site (\`${component.from}\`), which this build does not render${siteComponentReason(component, state)}`
      : component?.kind === 'theme'
        ? `(\`${component.name}\`) is a theme component this build does not render`
        : 'is a component no import names and this build does not know';
  state.options.onProblem({ line: lineOf(node), message: `\`<${name}>\` ${why}: the page shows its children in its place.`, error: false });
  const children = transformChildren(node.children as RootContent[], state);
  // One without children leaves nothing, not an empty block (which a table's rows could not even hold).
  if (node.type !== 'mdxJsxFlowElement') return children;
  if (children.every(isBlank)) return [];
  return [element('div', { className: ['mdx-component'] }, children, node)];
}

/** The bundled component an import of the site names, if the build has one. */
function bundledComponent(component: { from: string }, state: State): SiteComponentFound | undefined {
  const found = state.options.siteComponents?.byTarget;
  const target = found && partialTarget(state.options.source, component.from);
  return target !== null && target !== undefined && Object.hasOwn(found!, target) ? found![target] : undefined;
}

/** Why a component of the site is not rendered, in parentheses after "which this build does not render". */
function siteComponentReason(component: { from: string; name: string | null }, state: State): string {
  const found = bundledComponent(component, state);
  if (!found) return '';
  if ('error' in found) return ` (${found.error})`;
  return component.name === null ? ' (a whole module is no component: import its default or a named export)' : '';
}

/**
 * A component of the site, bundled, as the mark the renderer renders it into (`render.ts`): its chunk and export,
 * its props as JSON and its children, rendered here. Null when it cannot be: no bundle, or props that would run code.
 */
function siteComponentMark(node: JsxElement, component: { from: string; name: string | null }, state: State): ElementNode | null {
  const found = bundledComponent(component, state);
  if (!found || 'error' in found || component.name === null) return null;
  const problems: MdxProblem[] = [];
  const attrs = attributesOf(node, { ...state, options: { ...state.options, onProblem: (p) => problems.push(p) } });
  const refused = problems.find((p) => p.error);
  if (refused) {
    state.options.onProblem({ ...refused, error: false, message: `${refused.message.replace(/\.$/, '')}; the component is not rendered.` });
    return null;
  }
  for (const p of problems) state.options.onProblem(p);
  const children = transformChildren(node.children as RootContent[], state).filter((c) => !isBlank(c));
  return element(
    node.type === 'mdxJsxFlowElement' ? 'div' : 'span',
    { [SITE_PROPERTY.mark]: `${found.chunk}#${component.name}`, [SITE_PROPERTY.props]: JSON.stringify(attrs), [SITE_PROPERTY.name]: node.name ?? '' },
    children,
    node,
  );
}

/** `nodes` with every MDX node replaced by what it renders, recursively. */
function transformChildren(nodes: RootContent[], state: State): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'mdxjsEsm':
        break;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        out.push(...renderExpression(node, state, node.type === 'mdxFlowExpression'));
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        out.push(...renderElement(node, state));
        break;
      default:
        if ((node.type as string) === 'comment') {
          // An HTML comment (`@slorber/remark-comment`): the pipeline leaves it out, as it does in markdown.
          out.push({
            type: 'html',
            value: `<!--${(node as unknown as { commentValue: string }).commentValue}-->`,
            ...(node.position ? { position: node.position } : {}),
          });
          break;
        }
        if ('children' in node && Array.isArray(node.children))
          (node as Parent).children = transformChildren(node.children as RootContent[], state) as Parent['children'];
        // A block element written on one line (`<div>…</div>`) is MDX's text in a paragraph, which HTML cannot hold.
        if (node.type === 'paragraph' && node.children.some(isBlock) && node.children.every((c) => isBlock(c) || isBlank(c))) {
          out.push(...node.children.filter((c) => !isBlank(c)));
          break;
        }
        out.push(node);
    }
  }
  return out;
}

/** Reads the page's imports into `state.components`; reports exports (never run) and imports from outside the content. */
function collectImports(tree: Root, state: State): void {
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const esm = node as MdxjsEsm;
    for (const statement of esm.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        const { names, problem } = importedComponents(statement, state.options.source);
        if (problem) state.options.onProblem({ line: lineOf(esm), message: problem, error: true });
        for (const [name, component] of names) state.components.set(name, component);
      } else {
        state.options.onProblem({
          line: lineOf(esm),
          message: 'an MDX `export` is never run on this site: what it defines is not available to the page. Remove it, or write its value where it is used.',
          error: false,
        });
      }
    }
  }
}

/**
 * Replaces each ```` ```mdx-code-block ```` fence by the MDX it holds, as Docusaurus does: authors wrap JSX in one so
 * that tools which read plain markdown leave it alone. Its nodes get the lines they have in the page.
 */
function unwrapMdxCodeBlocks(tree: Root, parse: (markdown: string) => Root): void {
  visit(tree, 'code', (node, index, parent) => {
    if (node.lang !== 'mdx-code-block' || !parent || index === undefined) return CONTINUE;
    const inner = parse(node.value);
    unwrapMdxCodeBlocks(inner, parse);
    // The fence's first line comes before its content.
    const offset = node.position?.start.line ?? 0;
    visit(inner, (child) => {
      if (!child.position) return;
      child.position.start.line += offset;
      child.position.end.line += offset;
    });
    parent.children.splice(index, 1, ...(inner.children as never[]));
    return [SKIP, index + inner.children.length];
  });
}

/** The MDX step: a remark plugin for pages read as MDX (`remark-mdx` parses them). */
export function remarkMdxContent(this: Processor, options: MdxOptions) {
  const parse = (markdown: string) => this.parse(markdown) as Root;
  return (tree: Root) => {
    unwrapMdxCodeBlocks(tree, parse);
    const state: State = { options, components: new Map(), tabs: 0, inlining: [options.source] };
    collectImports(tree, state);
    tree.children = transformChildren(tree.children, state) as Root['children'];
  };
}

/** One heading for an inline table of contents. */
interface TocHeading {
  depth: number;
  id: string;
  text: string;
}

/** Nested lists of links to `headings` (already filtered), as Docusaurus's `TOCInline` shows them. */
function tocList(headings: TocHeading[]): RootContent {
  const root: ElementNode = element('ul', {}, []);
  const stack: { depth: number; list: ElementNode }[] = [{ depth: 0, list: root }];
  for (const h of headings) {
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= h.depth) stack.pop();
    const item = element('li', {}, [{ type: 'link', url: `#${h.id}`, title: null, children: [text(h.text)] }]);
    stack[stack.length - 1]!.list.children.push(item as never);
    const nested = element('ul', {}, []);
    item.children.push(nested as never);
    stack.push({ depth: h.depth, list: nested });
  }
  const prune = (node: ElementNode) => {
    node.children = node.children.filter(
      (c) => !(c.type === ('mdxElement' as string) && (c as unknown as ElementNode).data?.hName === 'ul' && !(c as unknown as ElementNode).children.length),
    );
    for (const c of node.children) if (c.type === ('mdxElement' as string)) prune(c as unknown as ElementNode);
  };
  prune(root);
  return root as unknown as RootContent;
}

/** Fills each `<TOCInline>` with the page's headings in its levels; runs once the headings have ids. */
export function fillInlineTocs(tree: Root, headings: TocHeading[]): void {
  const visit = (node: Parent) => {
    for (const child of node.children as RootContent[]) {
      const levels = (child.data as { tocLevels?: [number, number] } | undefined)?.tocLevels;
      if (child.type === ('mdxElement' as string) && levels) {
        (child as unknown as ElementNode).children = [tocList(headings.filter((h) => h.depth >= levels[0] && h.depth <= levels[1]))] as never;
      } else if ('children' in child) visit(child as Parent);
    }
  };
  visit(tree);
}
