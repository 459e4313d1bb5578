/**
 * Link and image resolution for the build, remembered (issue 15). A build
 * resolves every link of every page three times (whether a cached rendering
 * holds, the link check, the files pages use): 150,000 resolutions at 10,000
 * docs, a sixth of a one-file rebuild. What a link resolves to depends only on
 * the link, its page (source and route) and the context's tables, so answers
 * are kept while the tables are the same: across the builds of a process, until
 * a page, route or file comes or goes, or the base changes.
 */
import { createHash } from 'node:crypto';
import { type ImageTarget, type LinkContext, type LinkTarget, resolveContentImage, resolveContentLink } from '../../manifest/links';
import { remembered } from './memo';

interface Memo {
  links: Map<string, LinkTarget>;
  images: Map<string, ImageTarget>;
}

/** Each context's memo, with what its tables hash to. */
const memos = new WeakMap<LinkContext, { tables: string; memo: Memo }>();
/** The memo of the last context seen, with what its tables hash to. */
let last: { tables: string; memo: Memo } | null = null;

/** A hash of everything a resolution reads from `ctx`. */
function tablesHash(ctx: LinkContext): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([ctx.baseUrl, ctx.files ?? null, ctx.assets ? [...ctx.assets] : null, ctx.routeBySource]));
  const routes = ctx.routes === null ? null : ctx.routes instanceof Set ? [...ctx.routes] : Object.keys(ctx.routes);
  hash.update(routes === null ? '\0null' : `\0${routes.join('\n')}`);
  return hash.digest('hex');
}

function keptFor(ctx: LinkContext): { tables: string; memo: Memo } {
  let kept = memos.get(ctx);
  if (!kept) {
    const tables = tablesHash(ctx);
    kept = { tables, memo: last?.tables === tables ? last.memo : { links: new Map(), images: new Map() } };
    last = kept;
    memos.set(ctx, kept);
  }
  return kept;
}

const memoOf = (ctx: LinkContext): Memo => keptFor(ctx).memo;

/** What `ctx`'s tables hash to: contexts with the same key resolve every link and image alike. */
export const tablesKey = (ctx: LinkContext): string => keptFor(ctx).tables;


/** `resolveContentLink`, remembered. The answer is shared: not to be changed. */
export function linkTarget(href: string, source: string, fromRoute: string, ctx: LinkContext): LinkTarget {
  return remembered(memoOf(ctx).links, `${source}\n${fromRoute}\n${href}`, () => resolveContentLink(href, source, fromRoute, ctx));
}

/** `resolveContentImage`, remembered. The answer is shared: not to be changed. */
export function imageTarget(src: string, source: string, fromRoute: string, ctx: LinkContext): ImageTarget {
  return remembered(memoOf(ctx).images, `${source}\n${fromRoute}\n${src}`, () => resolveContentImage(src, source, fromRoute, ctx));
}
