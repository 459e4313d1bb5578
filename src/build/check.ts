/**
 * The checks of a build that need the rendered pages: every page has a title,
 * every link leads somewhere (a broken page link or image fails the build;
 * a missing anchor or markdown file warns, spec §4), and directives that are
 * no admonition are reported.
 */
import type { LinkContext } from '../../manifest/links';
import { imageTarget, linkTarget } from './linkMemo';
import { ADMONITIONS } from '../../manifest/markdown';
import type { PageTexts, RoutePlan } from './docs';
import { displayPath, type ProblemLog } from './errors';
import type { Rendered } from './render';
import type { ContentSources } from './sources';
import { imageProblem } from './staticFiles';

/** The admonition types, as a warning lists them. */
const ADMONITION_LIST = Object.keys(ADMONITIONS).map((n) => `\`:::${n}\``).join(', ');

/** Every page has a title: its front matter's, or its first `# heading`. */
export function checkTitles(plan: RoutePlan, texts: PageTexts, log: ProblemLog): void {
  for (const { file } of [...plan.docs, ...plan.pages]) {
    if (!texts.titleOf(file)) log.error(file.display, 1, 'has no title. Add a `# Heading` or a `title` field to its front matter.');
  }
}

/** Checks every link and image of the rendered pages: broken ones are thrown at once, warnings stay in `log`. */
export function checkLinks(src: ContentSources, plan: RoutePlan, renders: Map<string, Rendered>, log: ProblemLog): void {
  const all = [...plan.docs, ...plan.pages];
  const linkContext: LinkContext = plan.linkContext;

  // Links: broken page links fail the build; missing anchors and markdown files warn (spec §4).
  const headingIds = new Map<string, Set<string>>();
  for (const { file, path } of all) headingIds.set(path, new Set(renders.get(file.rel)!.headings.map((h) => h.id)));
  for (const { file, path } of all) {
    for (const link of renders.get(file.rel)!.links) {
      const line = file.bodyLine + link.line - 1;
      if (link.image) {
        // Images: a file next to the markdown or a static file, with a size (issue 16).
        const problem = imageProblem(link.url, imageTarget(link.url, file.rel, path, linkContext), src.fileTable, src.contentDir);
        if (problem) log.error(file.display, line, problem);
        continue;
      }
      const target = linkTarget(link.url, file.rel, path, linkContext);
      if (target.kind === 'missingPage') {
        log.error(file.display, line, `link to "${link.url}" matches no page. Link to an existing route such as \`/${src.routeBase}/${plan.site.docs.mainDocId}\`, or to a file with a relative \`.md\` path.`);
      } else if (target.kind === 'missingFile') {
        log.warn(file.display, line, `link to "${link.url}" names a markdown file that does not exist (\`${displayPath(src.contentDir, target.file)}\`).`);
      } else if (target.kind === 'route' && target.hash) {
        const ids = headingIds.get(target.path);
        if (ids && !ids.has(target.hash)) log.warn(file.display, line, `link to "${link.url}" names anchor \`#${target.hash}\`, which is no heading of \`${target.path}\`.`);
      }
    }
  }
  log.throwIfAny((n) => `${n} broken link${n === 1 ? '' : 's'} found:`);
  // Directives that are no admonition: shown as text, reported (issue 16).
  for (const { file } of all) {
    for (const d of renders.get(file.rel)!.unknownDirectives) {
      log.warn(file.display, file.bodyLine + d.line - 1, `\`${d.kind === 'container' ? ':::' : '::'}${d.name}\` is no admonition; its text is shown as it is. Use one of ${ADMONITION_LIST}.`);
    }
  }
}
