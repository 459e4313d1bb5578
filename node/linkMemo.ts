/**
 * Link and image resolution for the build, remembered. A build resolves every link of every page three times
 * (whether a cached rendering holds, the link check, the files pages use). What a link resolves to depends only
 * on the link, its page (source and route) and the context's tables, so a resolver keeps its answers, and a
 * plan whose tables hash as the last plan's takes over the last plan's resolver's answers (`planRoutes`).
 */
import { createHash } from 'node:crypto';
import { type ImageTarget, type LinkContext, type LinkTarget, resolveContentImage, resolveContentLink } from '../manifest/links';
import { remembered } from './memo';

/** A hash of everything a resolution reads from `ctx`. */
function tablesHash(ctx: LinkContext): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([ctx.baseUrl, ctx.files ?? null, ctx.assets ? [...ctx.assets] : null, ctx.routeBySource, ctx.trees ?? null]));
  const routes = ctx.routes === null ? null : ctx.routes instanceof Set ? [...ctx.routes] : Object.keys(ctx.routes);
  hash.update(routes === null ? '\0null' : `\0${routes.join('\n')}`);
  return hash.digest('hex');
}

/** Resolves the links and images of a build's pages against one link context, keeping its answers. */
export class LinkResolver {
  /** What the context's tables hash to: resolvers with the same `tables` answer every link and image alike. */
  readonly tables: string;
  private readonly links: Map<string, LinkTarget>;
  private readonly images: Map<string, ImageTarget>;

  /** A resolver for `context`, with the answers of `previous` when its tables are the same. */
  constructor(
    readonly context: LinkContext,
    previous?: LinkResolver | null,
  ) {
    this.tables = tablesHash(context);
    const same = previous?.tables === this.tables;
    this.links = same ? previous.links : new Map();
    this.images = same ? previous.images : new Map();
  }

  /** `resolveContentLink`, remembered. The answer is shared: not to be changed. */
  link(href: string, source: string, fromRoute: string): LinkTarget {
    return remembered(this.links, `${source}\n${fromRoute}\n${href}`, () => resolveContentLink(href, source, fromRoute, this.context));
  }

  /** `resolveContentImage`, remembered. The answer is shared: not to be changed. */
  image(src: string, source: string, fromRoute: string): ImageTarget {
    return remembered(this.images, `${source}\n${fromRoute}\n${src}`, () => resolveContentImage(src, source, fromRoute, this.context));
  }
}
