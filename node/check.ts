/**
 * The checks of a build that need the rendered pages: every page has a title,
 * every link leads somewhere (a broken page link or image fails the build;
 * a missing anchor or markdown file only warns, naming the page), and directives that are
 * no admonition are reported.
 */
import type { LinkContext } from '../manifest/links';
import { docsPath } from '../manifest/paths';
import { remembered } from './memo';
import type { PageTexts, RoutePlan } from './docs';
import { displayPath, type ProblemLog } from './problems';
import type { Rendered } from './render';
import { renderingKey } from './renderPool';
import { keyLine, type ContentSources, type SourceFile } from './sources';
import { imageProblem } from './staticFiles';
import { changedEntries, slot, type BuildSession, type EntryKeys } from './session';

/** The admonition keywords, as a warning lists them. */
const admonitionList = (keywords: readonly string[]) => keywords.map((n) => `\`:::${n}\``).join(', ');

/**
 * Every page has a title: its front matter's, its first `# heading` or its id's; only a `title` field written
 * empty leaves it blank, which builds as Docusaurus does and is named (a lookup per page, which needs no memory
 * of the last build).
 */
export function checkTitles(plan: Pick<RoutePlan, 'docs' | 'pages'>, texts: PageTexts, log: ProblemLog): void {
  for (const entries of [plan.docs, plan.pages])
    for (const { file } of entries) {
      if (!texts.titleOf(file).trim())
        log.warn(
          file.display,
          keyLine(file.raw, 'title'),
          'has an empty `title`: its tab, sidebar and search show no name. Write the title in its front matter.',
        );
    }
}

/** A page's link and image problems that hold while its rendering, route and the link tables do, and its anchor links. */
/** One problem of a page's links; `toNoPage` marks what `onBrokenLinks` may let through: a link to no page, an image at a site-root path no file has. */
interface LinkReport {
  error: boolean;
  line: number;
  message: string;
  toNoPage?: true;
}

interface PageLinkProblems {
  problems: LinkReport[];
  anchors: { line: number; url: string; path: string; hash: string }[];
}

/** The heading ids of each rendering. */
const HEADING_IDS = slot<WeakMap<Rendered, Set<string>>>('check:headingIds');

/** Checks every link and image of the rendered pages: broken ones are thrown at once, warnings stay in `log`. */
export function checkLinks(src: ContentSources, plan: RoutePlan, renders: Map<string, Rendered>, log: ProblemLog, session: BuildSession): void {
  const headingIdsMemo = session.memo(HEADING_IDS);
  const linkContext: LinkContext = plan.linkContext;
  // The messages name the content folder, the main doc's route and the admonition keywords too; how pages are read
  // (`markdown`) decides what a page's rendering reports, whose source did not change.
  const tables = `${plan.links.tables}\0${src.contentDir}\0${src.routeBase}\0${plan.site.docs.mainDocId}\0${JSON.stringify(plan.site.markdown)}`;

  // What a page's links say whatever the other pages' headings: a product of its rendering, route, name, first body
  // line and the link tables, so a rebuild checks again only the anchors of unchanged pages.
  const findings = (file: SourceFile, path: string, r: Rendered): PageLinkProblems =>
    session.keptProduct(
      'linkProblems',
      () => `${renderingKey(session, r)}\0${path}\0${file.display}\0${file.bodyLine}\0${tables}`,
      () => linkProblems(file, path, r),
      {
        bytes: (found) => 128 * (found.problems.length + found.anchors.length),
        owner: file.rel,
      },
    );
  const linkProblems = (file: SourceFile, path: string, r: Rendered): PageLinkProblems => {
    const found: PageLinkProblems = { problems: [], anchors: [] };
    for (const link of r.links) {
      const line = file.bodyLine + link.line - 1;
      if (link.image) {
        // Images: a file next to the markdown or a static file, with a size.
        const target = plan.links.image(link.url, file.rel, path);
        const problem = imageProblem(link.url, target, src.fileTable, src.contentDir);
        // An image at a path from the site root that no file has is left as written, as Docusaurus leaves it (the
        // host may serve it): `onBrokenLinks` decides. One next to the markdown must exist.
        if (problem)
          found.problems.push({
            error: true,
            line,
            message: problem,
            ...(target.kind === 'missingImage' && link.url.startsWith('/') ? { toNoPage: true as const } : {}),
          });
        continue;
      }
      const target = plan.links.link(link.url, file.rel, path);
      if (target.kind === 'missingPage') {
        found.problems.push({
          error: true,
          toNoPage: true,
          line,
          message: `link to "${link.url}" matches no page. Link to an existing route such as \`${docsPath(src.routeBase, plan.site.docs.mainDocId)}\`, or to a file with a relative \`.md\` path.`,
        });
      } else if (target.kind === 'missingFile') {
        found.problems.push({
          error: false,
          line,
          message: `link to "${link.url}" names a markdown file that does not exist (\`${displayPath(src.contentDir, target.file)}\`).`,
        });
      } else if (target.kind === 'route' && target.hash) {
        found.anchors.push({ line, url: link.url, path: target.path, hash: target.hash });
      }
    }
    return found;
  };

  // The heading ids of the doc or page at a route, looked up only for the routes anchor links name.
  const pagesById = new Map(plan.pages.map((p) => [p.id, p]));
  const headingIds = (path: string): Set<string> | undefined => {
    const target = plan.routes[path];
    const entry = target?.kind === 'doc' ? plan.docsById.get(target.id) : target?.kind === 'page' ? pagesById.get(target.id) : undefined;
    const r = entry && entry.path === path ? renders.get(entry.file.rel) : undefined;
    return r && remembered(headingIdsMemo, r, () => new Set(r.headings.map((h) => h.id)));
  };

  const keywords = admonitionList(plan.site.markdown.admonitions);
  // What the check says of one page: its link problems and missing anchors in line order, its unknown directives.
  const reportsOf = (file: SourceFile, path: string, index: number): PageReports => {
    const r = renders.get(file.rel)!;
    const { problems, anchors } = findings(file, path, r);
    const links = [
      ...problems,
      ...anchors.flatMap(({ line, url, path: to, hash }) => {
        const ids = headingIds(to);
        return ids && !ids.has(hash) ? [{ error: false, line, message: `link to "${url}" names anchor \`#${hash}\`, which is no heading of \`${to}\`.` }] : [];
      }),
    ];
    if (problems.length && anchors.length) links.sort((a, b) => a.line - b.line);
    const directives = [
      ...r.unknownDirectives.map((d) => ({
        error: false,
        line: file.bodyLine + d.line - 1,
        message: `\`${d.kind === 'container' ? ':::' : '::'}${d.name}\` is no admonition; its text is shown as it is. Use one of ${keywords}${d.kind === 'container' ? `, or add \`${d.name}\` to \`markdown.admonitions.keywords\` in \`site.config.json\`` : ''}.`,
      })),
      // Line 0: the page as a whole (what a site's plugin added has no line).
      ...(r.mdxProblems ?? []).map((p) => ({ error: p.error, line: p.line > 0 ? file.bodyLine + p.line - 1 : 0, message: p.message })),
      ...(r.unclosedFences ?? []).map((f) => ({
        error: false,
        line: file.bodyLine + f.line - 1,
        message: `opens a code block that no line closes, so all that follows it (in the file, or in its list item or quote) shows as code. Close it with a line of ${f.fence} (${f.fence.length} ${f.fence[0] === '~' ? 'tildes' : 'backticks'}).`,
      })),
    ].sort((a, b) => a.line - b.line);
    return { index, display: file.display, links, directives, anchorsTo: [...new Set(anchors.map((a) => a.path))] };
  };

  // With the last check's tables, the pages whose keys differ are checked again, and the pages with anchor links to them.
  const last = session.last(LAST_CHECK);
  session.forget(LAST_CHECK);
  const all = [...plan.docs, ...plan.pages];
  const keys: EntryKeys = { whole: tables, each: plan.keys };
  const changed = last && changedEntries(last.keys, keys);
  let state: CheckState;
  if (changed) {
    state = { ...last!, keys };
    const again = new Set<string>();
    for (const rel of changed) {
      again.add(rel);
      for (const from of state.anchorsFrom.get(plan.bySource.get(rel)!.path) ?? []) again.add(from);
    }
    for (const rel of again) {
      const index = state.indexOf.get(rel)!;
      const { file, path } = all[index]!;
      for (const to of state.anchorsTo.get(rel) ?? []) state.anchorsFrom.get(to)?.delete(rel);
      note(state, rel, reportsOf(file, path, index));
    }
  } else {
    state = { keys, reports: new Map(), anchorsTo: new Map(), anchorsFrom: new Map(), indexOf: new Map(all.map(({ file }, i) => [file.rel, i])) };
    all.forEach(({ file, path }, i) => note(state, file.rel, reportsOf(file, path, i)));
  }
  // Links: broken page links and site-root images no file has fail the build unless `onBrokenLinks` says to warn or
  // ignore them; other missing images fail it whatever it says; missing anchors and markdown files only warn.
  const pages = [...state.reports.values()].sort((a, b) => a.index - b.index);
  const onBroken = plan.site.onBrokenLinks;
  for (const { display, links } of pages) {
    for (const { error, toNoPage, line, message } of links) {
      if (!error) log.warn(display, line, message);
      else if (!toNoPage || onBroken === 'throw') log.error(display, line, message);
      else if (onBroken === 'warn') log.warn(display, line, message);
    }
  }
  checkSocialImages([...plan.docs, ...plan.pages], src.fileTable.files, log);
  log.throwIfAny((n) => `${n} broken link${n === 1 ? '' : 's'} found:`);
  // MDX that would run code or cannot be read stops the build; directives that are no admonition (shown as text),
  // code blocks left open, components shown as their children and markup the sanitizer removed are reported.
  for (const { display, directives } of pages) for (const { error, line, message } of directives) if (error) log.error(display, line, message);
  log.throwIfAny((n) => `Cannot build: ${n} MDX problem${n === 1 ? '' : 's'} in content:`);
  for (const { display, directives } of pages) for (const { error, line, message } of directives) if (!error) log.warn(display, line, message);
  session.remember(LAST_CHECK, state);
}

/**
 * A page's front matter `image` (its social card) names a file of the site by its path from the site root, as the
 * page's head links it, unless it is an http(s) URL: a file no static folder or content holds would be a broken
 * card on every share of the page.
 */
function checkSocialImages(entries: { file: SourceFile }[], files: Record<string, unknown>, log: ProblemLog): void {
  const named = new Set<string>();
  for (const { file } of entries) {
    const image = file.data.image?.trim();
    if (!image || /^[a-z][a-z0-9+.-]*:/i.test(image) || named.has(file.display)) continue;
    named.add(file.display);
    let path = image.replace(/^\/+/, '').replace(/[?#].*$/, '');
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not percent-encoded: taken as written.
    }
    if (Object.hasOwn(files, `/${path}`)) continue;
    log.error(
      file.display,
      keyLine(file.raw, 'image'),
      `front matter \`image\` "${image}" matches no file of the site. Put the image in \`content/static/\` (or the shell's \`public/\`) and write its path from the site root (\`img/social-card.png\`), or give its https:// URL.`,
    );
  }
}

/** What the link check says of one page (`checkLinks`). */
interface PageReports {
  /** The page's place among the docs and pages, for the order of the messages. */
  index: number;
  display: string;
  links: LinkReport[];
  directives: { error: boolean; line: number; message: string }[];
  /** The routes its anchor links name. */
  anchorsTo: string[];
}

/** The last link check that found no broken link: the keys it was made from, what it said of each page with something to say, and the anchor links between pages. */
interface CheckState {
  keys: EntryKeys;
  reports: Map<string, PageReports>;
  /** The routes each page's anchor links name, and the pages whose anchor links name each route. */
  anchorsTo: Map<string, string[]>;
  anchorsFrom: Map<string, Set<string>>;
  indexOf: Map<string, number>;
}

const LAST_CHECK = slot<CheckState>('check:last');

/** Records what the check says of the page at `rel`, and which routes its anchor links name. */
function note(state: CheckState, rel: string, reports: PageReports): void {
  if (reports.links.length || reports.directives.length) state.reports.set(rel, reports);
  else state.reports.delete(rel);
  if (reports.anchorsTo.length) state.anchorsTo.set(rel, reports.anchorsTo);
  else state.anchorsTo.delete(rel);
  for (const to of reports.anchorsTo) remembered(state.anchorsFrom, to, () => new Set<string>()).add(rel);
}
