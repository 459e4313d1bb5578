/**
 * The site-wide files of a build: sitemap, robots.txt, the web app manifest,
 * llms.txt with each doc's markdown, and the content folder's own files,
 * which may never replace a file the build or the shell writes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITEMAP } from '../manifest/constants';
import { absoluteUrl, withBase } from '../manifest/paths';
import type { Manifest } from '../manifest/types';
import { isDoc, type DocEntry, type DocsModel, type RoutePlan } from './docs';
import { alternatesOf, docsVersionOf } from '../manifest/lookup';
import { displayPath, type ProblemLog } from './problems';

import { docMarkdown, llmsFiles, llmsRebuild, markdownFileOf } from './llms';
import { generatedAt, staticMayTake, type OutputData } from './output';
import type { ContentSources, SourceFile } from './sources';
import type { BuildSession } from './session';
import { STATIC_FOLDER } from './staticFiles';
import { escapeHtml } from '../manifest/escapeHtml';

/** The sitemap: a session product keyed by the hash of its URL, base and routes, so that a rebuild that adds no route makes none. */
function sitemap(
  url: string,
  base: string,
  paths: string[],
  session: BuildSession,
  alternates?: (path: string) => { hreflang: string; path: string }[],
): string {
  const key = createHash('sha256')
    .update(`${url}\n${base}\n${paths.join('\n')}\n${alternates ? 'alternates' : ''}`)
    .digest('hex');
  const loc = (p: string) => escapeHtml(absoluteUrl(url, p, base));
  // On a site with several locales, each page names its copies in the others (`xhtml:link`), as Docusaurus's sitemap does.
  const links = (p: string) =>
    (alternates?.(p) ?? []).map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${loc(a.path)}"/>`).join('');
  const xmlns = alternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return session.product(
    'sitemap',
    key,
    () =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xmlns}>\n${paths.map((p) => `<url><loc>${loc(p)}</loc><changefreq>${SITEMAP.changefreq}</changefreq><priority>${SITEMAP.priority}</priority>${links(p)}</url>`).join('\n')}\n</urlset>\n`,
    { bytes: (xml) => xml.length },
  );
}

/**
 * Writes the site-wide files into `files`; a content file over a generated one fails the build. `large`: see `LARGE_SITE_ROUTES`.
 * `published` is a source's markdown as the build publishes it (`publishedMarkdown`).
 */
export function siteFiles(
  files: Map<string, OutputData>,
  src: ContentSources,
  plan: RoutePlan,
  model: DocsModel,
  manifest: Manifest,
  shellFiles: ReadonlySet<string>,
  large: boolean,
  log: ProblemLog,
  published: (file: SourceFile) => string,
  session: BuildSession,
): void {
  const { site, routes, docs } = plan;
  const { assets, contentDir } = src;
  const base = site.baseUrl;
  const manifestDocs = manifest.docs;
  // The pages of versions configured with `noIndex` stay out of the sitemap, and so do unlisted docs.
  const unindexed = (path: string) => {
    const target = routes[path];
    return (target?.kind === 'doc' && manifestDocs[target.id]?.unlisted === true) || docsVersionOf(manifest, path)?.noIndex === true;
  };
  // Sitemap, robots, web app manifest, assets.
  files.set(
    'sitemap.xml',
    sitemap(
      site.url,
      base,
      // Tags pages list what the docs' own URLs already give.
      Object.keys(routes).filter((p) => !['search', 'tags', 'tag'].includes(routes[p]!.kind) && !unindexed(p)),
      session,
      site.locales.length > 1
        ? (path) =>
            alternatesOf(manifest, path).flatMap(({ locale, path: there }) => [
              { hreflang: locale.htmlLang, path: there },
              ...(locale === site.locales[0] ? [{ hreflang: 'x-default', path: there }] : []),
            ])
        : undefined,
    ),
  );
  // A site's own robots.txt, in its static folder, is published in place of this one (Docusaurus writes none).
  if (!src.fileTable.published.includes('robots.txt'))
    files.set(
      'robots.txt',
      `User-agent: *\nAllow: /\n${site.locales.map(({ path }) => `Disallow: ${withBase(`${path}/${site.search.searchPagePath}`, base)}\n`).join('')}\nSitemap: ${site.url}${withBase('/sitemap.xml', base)}\n`,
    );
  files.set(
    'manifest.webmanifest',
    JSON.stringify(
      {
        name: `${site.title} Documentation`,
        short_name: site.title,
        description: site.tagline,
        start_url: base,
        scope: base,
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: site.themeColor,
        icons: [
          { src: withBase('/img/icon-192.png', base), sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
          { src: withBase('/img/icon-512.png', base), sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        ],
      },
      null,
      2,
    ),
  );
  // llms.txt, llms-full.txt and each doc's markdown at its route + `.md` (`llms.ts`).
  // A rebuild that changes a few docs of a large site remakes their lines only (`llmsRebuild`). The docs' entries
  // read the docs model, the site, the link tables and the versions besides their sources.
  const keys = { whole: JSON.stringify([model.key, site, plan.links.tables, plan.versions]), each: plan.keys };
  // llms.txt and llms-full.txt cover the listed docs of the last version in the default locale; the other docs have their
  // markdown beside their pages.
  const inLlms = (d: DocEntry) => d.version.isLast && !d.version.locale && d.file.data.unlisted !== true;
  const changedOf = (rels: string[]) =>
    rels.flatMap((rel) => {
      const entry = plan.bySource.get(rel)!;
      return isDoc(entry) && inLlms(entry) ? [{ doc: manifestDocs[entry.id]!, body: published(entry.file) }] : [];
    });
  const llms =
    (large ? llmsRebuild(site, keys, changedOf, session) : null) ??
    llmsFiles(
      site,
      model.sidebar,
      docs.filter(inLlms).map((d) => ({ doc: manifestDocs[d.id]!, body: published(d.file) })),
      { pageLinks: large, keys, session },
    );
  for (const [path, text] of llms) files.set(path, text);
  if (!large) for (const d of docs) if (!inLlms(d)) files.set(markdownFileOf(d.path), docMarkdown({ doc: manifestDocs[d.id]!, body: published(d.file) }));
  // Assets go where they are, but never over a file the build or the shell writes.
  for (const a of assets) {
    if (files.has(a) || shellFiles.has(a) || generatedAt(a) !== null) {
      log.error(displayPath(contentDir, a), 0, `would replace \`${a}\`, which the build writes itself. Rename or move the file.`);
    } else files.set(a, readFileSync(join(contentDir, a)));
  }
  // The static folder's files go to the site's root, never over a file the build or the shell writes.
  for (const rel of src.fileTable.published) {
    const shown = displayPath(contentDir, `${STATIC_FOLDER}/${rel}`);
    const generated = files.has(rel)
      ? `\`${rel}\`, which the build writes`
      : shellFiles.has(rel)
        ? `the shell's \`${rel}\``
        : staticMayTake(rel)
          ? null
          : generatedAt(rel);
    if (generated !== null) log.error(shown, 0, `would replace ${generated}. Rename or move the file.`);
    else files.set(rel, readFileSync(join(contentDir, STATIC_FOLDER, rel)));
  }
  log.throwIfAny((n) => `Cannot build: ${n} file${n === 1 ? '' : 's'} in content would replace generated files:`);
}
