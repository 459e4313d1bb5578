/**
 * Renders the pages a build has no cached render for. A cold build of a big
 * tree is bound by the markdown parser, so past `PARALLEL_MIN_BYTES` of
 * markdown the pages are shared out in batches between this thread and one
 * worker per further core. Rendering is deterministic: where a page was
 * rendered changes nothing in the output. Small builds (this site, every dev
 * rebuild) render in this thread, since starting a worker costs more than
 * they take.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type LinkContext, hrefFor, imageFor } from '../manifest/links';
import { LinkResolver } from './linkMemo';
import type { RoutePlan } from './docs';
import { BuildError, type Problem } from './problems';
import { isMdxSource } from '../manifest/mdx';
import { partialsOf, readPartial } from './partials';
import type { MarkdownReading, MdxPage, ParsedBody, Rendered, Renderer } from './render';
import { findSitePlugins, SitePluginError } from './sitePlugins';
import { bundleSiteComponents, componentImports, type KeptBundles } from './siteComponents';
import { RENDER_BUDGET, renderBudget, RenderTimeout, renderWithin, scanMarkdown } from './renderLimits';
import type { SourceFile } from './sources';
import { changedEntries, slot, type BuildSession, type EntryKeys } from './session';
import { typeScriptPool } from './workerPool';

/** One page to render: its source (relative to `content/`), route and markdown body. */
export interface RenderJob {
  rel: string;
  /** The source's name in messages (`displayPath`). */
  display: string;
  /** Line of the body's first line in the file. */
  bodyLine: number;
  path: string;
  body: string;
  /** Milliseconds its rendering may take (`renderBudget`), set by `checkRenderable`. */
  budget?: number;
  /** Set when the page is read as MDX (`markdown.format`). */
  mdx?: MdxPage;
  /** How the site reads pages beyond their format (its magic comments and admonition keywords); Docusaurus's defaults when unset. */
  reading?: MarkdownReading;
}

/** Whether two values are the same JSON (jobs from a worker's message are copies, so equal but not the same object). */
const sameJson = (a: unknown, b: unknown) => a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/** Whether two jobs parse the same: the same body, read the same way. */
const sameParse = (a: RenderJob, b: RenderJob | undefined) => b !== undefined && a.body === b.body && sameJson(a.mdx, b.mdx) && sameJson(a.reading, b.reading);

/** A link of a page as its rendering shows it, resolved against the build's routes and files (relative ones kept relative within its docs tree). */
const linkHref = (job: Pick<RenderJob, 'rel' | 'path'>, links: LinkResolver, href: string) =>
  hrefFor(links.link(href, job.rel, job.path), links.context.baseUrl, { path: job.path, written: href, ctx: links.context });

/** An image of a page as its rendering shows it (source, size), as JSON. */
const imageJson = (job: Pick<RenderJob, 'rel' | 'path'>, links: LinkResolver, src: string) =>
  JSON.stringify(imageFor(links.image(src, job.rel, job.path), links.context.baseUrl));

/** `step` of rendering `job`; a failure names the file. */
function naming<T>(job: RenderJob, step: () => T): T {
  try {
    return step();
  } catch (error) {
    // Deep nesting past what `scanMarkdown` measures overflows the stack of the markdown tools.
    if (error instanceof RangeError) {
      const hot = scanMarkdown(job.body).hottest;
      throw new BuildError(
        'Cannot build: 1 problem in content:',
        [
          {
            file: job.display,
            line: hot ? job.bodyLine + hot.line - 1 : 0,
            message: `cannot be rendered: its markdown nests too deeply${hot ? ` (${hot.what} on this line)` : ''}. Flatten the deepest nesting.`,
          },
        ],
        { cause: error },
      );
    }
    const plugins = job.reading?.plugins;
    const named = plugins ? [...plugins.remark, ...plugins.rehype].map((p) => `\`${p.name}\``).join(', ') : '';
    // unified's words when a transform returns a promise: pages render synchronously, so a plugin must too.
    if (named && /runSync.*finished async/.test(String((error as Error).message)))
      throw new BuildError(
        `Cannot build: \`${job.display}\` cannot be rendered: a markdown plugin of site.config.json (${named}) transforms asynchronously, which this build does not run. Use a plugin that transforms synchronously.`,
        [],
        { cause: error },
      );
    throw new BuildError(
      `Cannot build: \`${job.display}\` cannot be rendered: ${(error as Error).message}${named ? ` (with the markdown plugins ${named} of site.config.json)` : ''}.`,
      [],
      { cause: error },
    );
  }
}

/**
 * Renders one job from its parsed body, its links resolved against the build's routes, recording each
 * resolution (`Rendered.resolved`); `again` keeps `parsed` for a next job with the same body.
 */
function renderJob(render: Renderer, parsed: ParsedBody, job: RenderJob, resolver: LinkResolver, again: boolean): Rendered {
  const links: [string, string | null][] = [];
  const images: [string, string][] = [];
  const rendered = naming(job, () =>
    render.page(
      parsed,
      (href) => {
        const out = linkHref(job, resolver, href);
        links.push([href, out]);
        return out;
      },
      (src) => {
        const out = imageJson(job, resolver, src);
        images.push([src, out]);
        return JSON.parse(out) as ReturnType<typeof imageFor>;
      },
      again,
    ),
  );
  return { ...rendered, resolved: { links, images } };
}

/** What rendering a run of jobs yields: their renderings in order, and how many bodies were parsed for them. */
export interface RenderedJobs {
  rendered: Rendered[];
  parsed: number;
}

/**
 * Renders `jobs` in order, each within its time budget (`renderWithin`); a page out of time stops the
 * build, named with the line of its construct nearest a limit of `scanMarkdown`, if any. Jobs next to
 * each other with the same body share its parse.
 */
export function renderJobs(render: Renderer, jobs: RenderJob[], links: LinkResolver): RenderedJobs {
  // The parse of the last job's body while the next job has the same body. A page stopped half-way (and
  // tried again by `renderWithin`) starts from a fresh parse: a page's link step changes the tree until it ends.
  let held: { job: RenderJob; parsed: ParsedBody } | null = null;
  let parsed = 0;
  try {
    const rendered = renderWithin(
      jobs.map((job, i) => ({ job, again: sameParse(job, jobs[i + 1]) })),
      ({ job }) => job.budget ?? renderBudget(job.body.length, 0),
      ({ job, again }) => {
        let body = held && sameParse(held.job, job) ? held.parsed : null;
        held = null;
        if (!body) {
          body = naming(job, () => render.parse(job.body, job.mdx, job.reading));
          parsed++;
        }
        const out = renderJob(render, body, job, links, again);
        if (again) held = { job, parsed: body };
        return out;
      },
    );
    return { rendered, parsed };
  } catch (error) {
    if (!(error instanceof RenderTimeout)) throw error;
    const job = jobs[error.index]!;
    const hot = scanMarkdown(job.body).hottest;
    const budget = `${(error.budget / 1000).toFixed(1)} s`;
    throw new BuildError(
      'Cannot build: 1 problem in content:',
      [
        {
          file: job.display,
          line: hot ? job.bodyLine + hot.line - 1 : 0,
          message: `ran out of its ${budget} to render (${RENDER_BUDGET.base / 1000} s, plus ${RENDER_BUDGET.perMiB / 1000} s a MiB of markdown and ${RENDER_BUDGET.perLine} s a thousand lines, more on a busy machine)${hot ? `; the parser is slow on ${hot.what}, most of all on this line` : ''}. Markdown this slow holds a construct the parser takes minutes over: simplify it, or split the file.`,
        },
      ],
      { cause: error },
    );
  }
}

/**
 * Refuses the pages whose markdown the parser cannot take in time (`scanMarkdown`), all of them at
 * once, before any is parsed, and gives the others their time budget.
 */
function checkRenderable(jobs: RenderJob[]): void {
  const problems: Problem[] = [];
  for (const job of jobs) {
    const { problem, lines } = scanMarkdown(job.body);
    job.budget = renderBudget(job.body.length, lines);
    if (problem) problems.push({ file: job.display, line: job.bodyLine + problem.line - 1, message: problem.message });
  }
  if (problems.length) throw new BuildError(`Cannot build: ${problems.length} problem${problems.length === 1 ? '' : 's'} in content:`, problems);
}

/** What a render worker is given once, at its start: the link context its pages resolve against (a warm worker's comes with its task). */
export interface WorkerData {
  context?: LinkContext;
}

/** A worker's task: a batch of pages, or for a warm worker (`warmRenderWorker`) the pages with their link context. */
export type WorkerTask = RenderJob[] | { context: LinkContext; jobs: RenderJob[] };

/** What a worker answers for a batch: its pages in order and the bodies it parsed, or the build error one of them raised (its headline and problems). */
export type WorkerOutput = RenderedJobs | { build: { headline: string; problems: Problem[] } };

/**
 * Pages in one task: a worker holds no more than `WORKER_IN_FLIGHT` of them,
 * and this thread takes them in as they come rather than a whole share at the
 * end, which at the size of a big site would be one message of many megabytes
 * on each side at once.
 */
const WORKER_BATCH = 64;

/**
 * Batches given to a worker at once: it starts the next as soon as it has
 * answered one, without waiting for this thread, which is busy rendering its
 * own batch and takes the answer in only between two.
 */
const WORKER_IN_FLIGHT = 2;

/** Markdown below this many bytes renders in this thread (this site has about 550 KB). */
const PARALLEL_MIN_BYTES = 2_000_000;

/** Where and how wide to render in parallel. */
export interface ParallelOptions {
  /** Project root: holds `node/renderWorker.ts` and `node_modules/`. */
  root: string;
  /** Threads in all, this one included; defaults to the cores available, at most 4. */
  threads?: number;
  /** Overrides `PARALLEL_MIN_BYTES` (tests). */
  minBytes?: number;
  /** Overrides `WORKER_BATCH` (tests). */
  batch?: number;
  /** Told when a worker could not help and its batch was rendered in this thread instead. */
  onFallback?: (error: unknown) => void;
  /** Per-route HTML on a worker too (`documentPool.ts`): for builds that write every route, not the dev server's, which makes each on request. */
  documents?: boolean;
  /**
   * A render worker the caller started before the build (`warmRenderWorker`, the CLI's when it has a render
   * cache): it renders the few pages the cache does not hold, so this thread never loads the markdown pipeline.
   */
  warm?: WarmWorker;
}

/** A render worker started early, loading the renderer on another core while this thread reads the caches and sources. */
export interface WarmWorker {
  run(task: WorkerTask): Promise<WorkerOutput>;
  close(): Promise<void>;
}

/**
 * A warm render worker (`ParallelOptions.warm`) for the project at `root`, or undefined when there is no core to
 * spare. The caller closes it.
 */
export function warmRenderWorker(root: string): WarmWorker | undefined {
  if (availableParallelism() < 2) return undefined;
  const pool = typeScriptPool(pathToFileURL(join(root, 'node/renderWorker.ts')), {} satisfies WorkerData, { minThreads: 1, maxThreads: 1 }, () => {});
  return { run: (task) => pool.run(task) as Promise<WorkerOutput>, close: () => pool.destroy() };
}

/**
 * Renders `jobs` in order with `render` (this thread's renderer), or, for big
 * builds with `parallel` set, partly in a pool of workers. This thread and the
 * workers take batches of `WORKER_BATCH` pages in turn from one queue, so the
 * work evens out however the pages' sizes fall. A batch a worker could not
 * render (it did not start, or failed) is rendered here and that worker takes
 * no more, so the output never depends on the workers; a page a worker found
 * it cannot render fails the build as it would here.
 */
async function renderPages(jobs: RenderJob[], links: LinkResolver, parallel?: ParallelOptions): Promise<RenderedJobs> {
  if (!jobs.length) return { rendered: [], parsed: 0 };
  // Pages with the same body go one after the other, so that one parse serves them all (`renderJobs`).
  const order = byBody(jobs);
  const { rendered, parsed } = await renderInOrder(
    order.map((i) => jobs[i]!),
    links,
    parallel,
  );
  const inPlace: Rendered[] = new Array<Rendered>(jobs.length);
  order.forEach((i, at) => (inPlace[i] = rendered[at]!));
  return { rendered: inPlace, parsed };
}

/** The indexes of `jobs`, those with the same body together, in the order their bodies first come. */
function byBody(jobs: RenderJob[]): number[] {
  const groups = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    const group = groups.get(job.body);
    if (group) group.push(i);
    else groups.set(job.body, [i]);
  });
  return [...groups.values()].flat();
}

/** `renderPages` of jobs in the order given. */
async function renderInOrder(jobs: RenderJob[], links: LinkResolver, parallel?: ParallelOptions): Promise<RenderedJobs> {
  const { context } = links;
  const renderHere = async (batch: RenderJob[]) => renderJobs(await rendererFor(batch), batch, links);
  const bytes = jobs.reduce((sum, j) => sum + j.body.length, 0);
  const threads = Math.min(parallel?.threads ?? Math.min(availableParallelism(), 4), jobs.length);
  if (!parallel || threads < 2 || bytes < (parallel.minBytes ?? PARALLEL_MIN_BYTES)) {
    // Unless this thread has its renderer: the dev server's, after its first build.
    if (parallel?.warm && !rendererPromise) {
      let out: WorkerOutput | undefined;
      try {
        out = await parallel.warm.run({ context, jobs });
      } catch (error) {
        parallel?.onFallback?.(error);
      }
      if (out && 'build' in out) throw new BuildError(out.build.headline, out.build.problems);
      if (out) return out;
    }
    return renderHere(jobs);
  }

  const batches: RenderJob[][] = [];
  const size = parallel.batch ?? WORKER_BATCH;
  for (let i = 0; i < jobs.length; i += size) batches.push(jobs.slice(i, i + size));
  const done: RenderedJobs[] = [];
  let next = 0;
  let failed = false;
  // A worker lost between two batches lost no page: the pool starts another for the next.
  const pool = typeScriptPool(
    pathToFileURL(join(parallel.root, 'node/renderWorker.ts')),
    { context } satisfies WorkerData,
    { minThreads: threads - 1, maxThreads: threads - 1, concurrentTasksPerWorker: WORKER_IN_FLIGHT },
    () => {},
  );
  // A worker that fails rejects every batch it holds with the same error: it is told once.
  const told = new Set<unknown>();
  const inWorker = async () => {
    while (next < batches.length && !failed) {
      const i = next++;
      let out: WorkerOutput;
      try {
        out = (await pool.run(batches[i])) as WorkerOutput;
      } catch (error) {
        if (failed) return;
        if (!told.has(error)) parallel.onFallback?.(error);
        told.add(error);
        done[i] = await renderHere(batches[i]!);
        return;
      }
      if ('build' in out) throw new BuildError(out.build.headline, out.build.problems);
      done[i] = out;
    }
  };
  const here = async () => {
    while (next < batches.length && !failed) {
      const i = next++;
      done[i] = await renderHere(batches[i]!);
      // A turn of the event loop between batches takes the workers' answers in and gives them their next batch.
      await new Promise(setImmediate);
    }
  };
  // The workers' first batches are asked for first: they render them once they have loaded, while this thread goes on.
  const running = Array.from({ length: (threads - 1) * WORKER_IN_FLIGHT }, inWorker);
  try {
    await Promise.all([...running, here()]);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    void pool.destroy();
  }
  return { rendered: done.flatMap((batch) => batch.rendered), parsed: done.reduce((sum, batch) => sum + batch.parsed, 0) };
}

/** Whether each link and image a cached rendering resolved still resolves the same: then the rendering holds. */
function stillResolves(
  heldWith: WeakMap<Rendered, { tables: string; path: string }>,
  rendered: Rendered,
  job: Pick<RenderJob, 'rel' | 'path'>,
  links: LinkResolver,
): boolean {
  // Known to hold with the same link tables at the same route: every answer is the same (`LinkResolver.tables`).
  const { tables } = links;
  const held = heldWith.get(rendered);
  if (held && held.tables === tables && held.path === job.path) return true;
  const { resolved } = rendered;
  const holds =
    resolved !== undefined &&
    resolved.links.every(([href, out]) => linkHref(job, links, href) === out) &&
    resolved.images.every(([src, out]) => imageJson(job, links, src) === out);
  if (holds) heldWith.set(rendered, { tables, path: job.path });
  return holds;
}

/** What `Rendered.partials` records of a page's partials: each one's path and the hash of its markdown. */
const partialHashes = (partials: Record<string, string | null>): [string, string][] =>
  Object.entries(partials).map(([rel, text]) => [rel, text === null ? '' : sha(text)]);

/** Whether each partial a rendering inlined has the same markdown still. */
const partialsHold = (contentDir: string | undefined, r: Rendered) =>
  !r.partials ||
  contentDir === undefined ||
  r.partials.every(([rel, hash]) => (readPartial(contentDir, rel) === null ? '' : sha(readPartial(contentDir, rel)!)) === hash);

/** The link tables and route each rendering was last found to hold with, or was made with. */
const HELD_WITH = slot<WeakMap<Rendered, { tables: string; path: string }>>('render:heldWith');

let rendererPromise: Promise<Renderer> | undefined;

/** One renderer per process, loaded when this thread first renders: grammars load and the pipeline is set up once, not per build. */
function sharedRenderer() {
  rendererPromise ??= import('./render').then((module) => module.loadRenderer());
  return rendererPromise;
}

/** This thread's renderer, with the site plugins `jobs` are read with loaded (a site's jobs share one reading). */
async function rendererFor(jobs: RenderJob[]): Promise<Renderer> {
  const render = await sharedRenderer();
  await usePluginsOf(render, jobs);
  return render;
}

/** Loads into `render` the site plugins and components of `jobs`; a plugin that cannot load stops the build, saying which and why. */
export async function usePluginsOf(render: Renderer, jobs: RenderJob[]): Promise<void> {
  const components = jobs[0]?.reading?.components;
  if (components) await render.useComponents(components);
  const plugins = jobs[0]?.reading?.plugins;
  if (!plugins) return;
  try {
    await render.usePlugins(plugins);
  } catch (error) {
    if (!(error instanceof SitePluginError)) throw error;
    throw new BuildError(`Cannot build: ${error.message} Check its package, or take it out of \`markdown\` in \`site.config.json\`.`, [], { cause: error });
  }
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The last build's bundling of the site's components. */
const LAST_COMPONENTS = slot<KeptBundles>('render:siteComponents');

/**
 * The site's components the MDX pages of `plan` (and their partials) import, bundled; the last build's bundles when
 * the same files make them. Undefined when no page imports one.
 */
async function siteComponentsOf(plan: RoutePlan, contentDir: string, session: BuildSession): Promise<KeptBundles | undefined> {
  const { format } = plan.site.markdown;
  const sources: { rel: string; body: string }[] = [];
  for (const { file } of [...plan.docs, ...plan.pages]) {
    if (!isMdxSource(file.rel, format)) continue;
    sources.push(file);
    for (const [rel, body] of Object.entries(partialsOf(contentDir, file.rel, file.body) ?? {})) if (body !== null) sources.push({ rel, body });
  }
  const targets = componentImports(sources);
  if (!targets.length) return undefined;
  const bundled = await bundleSiteComponents(contentDir, targets, plan.site.baseUrl, session.last(LAST_COMPONENTS));
  session.remember(LAST_COMPONENTS, bundled);
  return bundled;
}

/** The last build's renderings by source path, with the keys they were made from. */
const LAST_RENDERS = slot<{ keys: EntryKeys; renders: ReadonlyMap<string, Rendered> }>('render:last');

/** The render-cache key each rendering is held under. */
const HELD_UNDER = slot<WeakMap<Rendered, string>>('render:heldUnder');

/**
 * A key of every field of a rendering of this session: its render-cache key (the source's hash, the renderer's
 * version, the source path) names all of them but the HTML, whose links the route and link tables resolve, and the
 * HTML's hash names that.
 */
export function renderingKey(session: BuildSession, r: Rendered): string {
  return `${session.memo(HELD_UNDER).get(r)}\0${r.htmlHash}`;
}

/**
 * The render step of a build: every doc and page rendered with its links
 * resolved, by source path, taking from `cache` what a previous build
 * rendered from the same file at the same route, when each link and image it
 * resolved still resolves the same (a new page elsewhere renders that page
 * alone). Afterwards `cache` holds this build's renderings and no others.
 */
export async function renderContent(
  plan: RoutePlan,
  session: BuildSession,
  parallel?: ParallelOptions,
  contentDir?: string,
): Promise<{ renders: Map<string, Rendered>; version: string; rendered: number; parsed: number; componentFiles: ReadonlyMap<string, Buffer> }> {
  const { links } = plan;
  const heldWith = session.memo(HELD_WITH);
  // What links and images resolve to is checked per rendering (`stillResolves`), not keyed: the route table and the files change with any new page.
  // The code that renders is not in the key: a session lives within one process, and the renderings kept on disk
  // are read only by the code that made them (`cliCaches.ts`). How pages are read (`markdown.format`) is, and so
  // are the magic comments and the admonition keywords, which change code blocks' lines and which directives are admonitions.
  // The site's own plugins, by file and installed version: an update of one renders the pages again.
  const { format, magicComments, admonitions, remarkPlugins, rehypePlugins } = plan.site.markdown;
  const plugins = remarkPlugins.length || rehypePlugins.length ? await findSitePlugins(plan.site, contentDir ?? process.cwd()) : undefined;
  // The site's components, by the files they are made of: a change to one renders the pages again.
  const components = contentDir === undefined ? undefined : await siteComponentsOf(plan, contentDir, session);
  const reading: MarkdownReading = {
    magicComments,
    admonitions,
    ...(plugins ? { plugins } : {}),
    ...(components?.bundles.components ? { components: components.bundles.components } : {}),
  };
  const version = sha(JSON.stringify([plan.site.baseUrl, format, reading])).slice(0, 16);
  const cache = session.renders;
  const keyOf = (file: SourceFile) => `${file.hash}:${version}:${file.rel}`;
  // With the link tables and base URL of the last build, only the pages whose keys differ are looked at.
  const keys: EntryKeys = { whole: `${version}\0${links.tables}`, each: plan.keys };
  const last = session.last(LAST_RENDERS);
  const changed = last && changedEntries(last.keys, keys);
  const renders = changed ? new Map(last!.renders) : new Map<string, Rendered>();
  const used = new Set<string>();
  const heldUnder = session.memo(HELD_UNDER);
  // A page whose partial changed is rendered again, though its own source did not change.
  const stale = changed
    ? [...last!.renders].filter(([rel, r]) => r.partials && !changed.includes(rel) && plan.bySource.has(rel) && !partialsHold(contentDir, r))
    : [];
  const looked = changed ? [...changed, ...stale.map(([rel]) => rel)].map((rel) => plan.bySource.get(rel)!) : [...plan.docs, ...plan.pages];
  const pending = looked.filter(({ file, path }) => {
    const key = keyOf(file);
    used.add(key);
    const cached = cache.get(key);
    if (!cached || !stillResolves(heldWith, cached, { rel: file.rel, path }, links) || !partialsHold(contentDir, cached)) return true;
    heldUnder.set(cached, key);
    renders.set(file.rel, cached);
    return false;
  });
  const jobs: RenderJob[] = pending.map(({ file, path }) => {
    const mdx = isMdxSource(file.rel, format);
    const partials = mdx && contentDir !== undefined ? partialsOf(contentDir, file.rel, file.body) : undefined;
    return {
      rel: file.rel,
      display: file.display,
      bodyLine: file.bodyLine,
      path,
      body: file.body,
      reading,
      ...(mdx ? { mdx: { source: file.rel, frontMatter: file.data as Record<string, unknown>, ...(partials ? { partials } : {}) } } : {}),
    };
  });
  checkRenderable(jobs);
  const { rendered: fresh, parsed } = await renderPages(jobs, links, parallel);
  const { tables } = links;
  pending.forEach(({ file, path }, i) => {
    const partials = jobs[i]!.mdx?.partials;
    if (partials) fresh[i]!.partials = partialHashes(partials);
    cache.set(keyOf(file), fresh[i]!);
    heldUnder.set(fresh[i]!, keyOf(file));
    renders.set(file.rel, fresh[i]!);
    heldWith.set(fresh[i]!, { tables, path });
  });
  // The cache keeps this build's renderings only: a changed route table gives every page a new key, and the old ones would stay for good.
  if (changed) {
    for (const rel of changed) {
      const before = heldUnder.get(last!.renders.get(rel)!);
      if (before !== undefined && !used.has(before)) cache.delete(before);
    }
  } else for (const key of cache.keys()) if (!used.has(key)) cache.delete(key);
  session.remember(LAST_RENDERS, { keys, renders });
  return { renders, version, rendered: pending.length, parsed, componentFiles: components?.bundles.files ?? new Map() };
}
