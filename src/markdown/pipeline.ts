/**
 * Markdown to hast in the browser, with the build's pipeline. Results are kept
 * per blob, so a page warmed while the reader hovered its link (or while the
 * browser was idle) renders on click without parsing anything.
 */
import type { Root } from 'hast';
import { hrefFor, imageFor, resolveContentImage, resolveContentLink, type Manifest, type ManifestPage } from '../../manifest';
import { markdownProcessor, runMarkdown, sanitizeUrls } from '../../manifest/markdown';
import { admonitionKeywords } from '../../manifest/admonitions';
import { DEFAULT_MAGIC_COMMENTS } from '../../manifest/magicComments';
import { isMdxSource } from '../../manifest/mdx';
import { loadedGrammars } from '../data/blob';
import { linkContext } from '../data/manifestQueries';

/** Parsed pages kept in memory. */
const CACHE_SIZE = 24;
const cache = new Map<string, Root>();

/** The hast of a page's markdown, from the cache or parsed on the spot. */
export function pageHast(manifest: Manifest, page: ManifestPage, markdown: string): Root {
  const key = `${manifest.contentHash}:${page.blob}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const ctx = linkContext(manifest);
  // As the build reads it; what the build reported of its MDX it reported already, and the front matter and
  // partials the build had are not here: `frontMatter.x` shows nothing and a partial is left out.
  // A manifest saved by an older build of the same version has no `markdown` (or no `magicComments`, `admonitions`): the defaults.
  const mdx = isMdxSource(page.source, manifest.site.markdown?.format ?? 'mdx');
  const processor = markdownProcessor({
    ...(mdx ? { mdx: { scope: { frontMatter: {} }, source: page.source, onProblem: () => undefined } } : {}),
    grammars: loadedGrammars(),
    codeLines: { magicComments: manifest.site.markdown?.magicComments ?? DEFAULT_MAGIC_COMMENTS },
    admonitions: { keywords: manifest.site.markdown?.admonitions ?? admonitionKeywords(undefined) },
    resolveLink: (href) => hrefFor(resolveContentLink(href, page.source, page.path, ctx), manifest.site.baseUrl),
    // The build's image table (`manifest.files`): the same src, width and height as the static HTML.
    resolveImage: (src) => imageFor(resolveContentImage(src, page.source, page.path, ctx), manifest.site.baseUrl),
  });
  const tree = sanitizeUrls(runMarkdown(processor, markdown, mdx).hast);
  cache.set(key, tree);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return tree;
}
