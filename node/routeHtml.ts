/**
 * Per-route HTML: the document around the markup the shell's server bundle
 * rendered (`serverRenderer.ts`), which the shell then hydrates.
 * The document holds head tags for crawlers and link previews, the inline
 * stylesheet, the one inline script (`manifest/prePaint.ts`), preload hints so
 * the shell and manifest download in parallel, and the Content-Security-Policy.
 * No page markup is written here: it is all the shell's components.
 */
import { createHash } from 'node:crypto';
import { prePaintScript } from '../manifest/prePaint';
import { algoliaHosts } from '../manifest/searchHosts';
import { BASE_META, ROOT_MANIFEST } from '../manifest/constants';
import { absoluteUrl, withBase } from '../manifest/paths';
import type { ServerRenderer } from '../manifest/serverRender';
import type { SiteConfig, SiteLocale } from '../manifest/siteConfig';
import { openSidebarShards, shardOf } from '../manifest/shards';
import { alternatesOf, docsVersionOf, documentTitle, localeAt, sidebarIdAt, versionAt } from '../manifest/lookup';
import type { AnyShard, Manifest, ManifestPage, ManifestRoot, ManifestShard, SidebarShard } from '../manifest/types';
import type { KeptFile, OutputData } from './output';
import { BuildError } from './problems';
import type { RouteStore } from './routeStore';
import { escapeHtml } from '../manifest/escapeHtml';
import { TEXTS } from '../manifest/texts';

/** What the shell build left for the content build: asset files below the base. */
export interface ShellAssets {
  /** Entry module. */
  js: string;
  /** Stylesheet. */
  css: string;
  /** The stylesheet's text, inlined in every page so the first paint waits for nothing but the HTML. */
  cssText?: string;
  /** Every file of the shell below `dist/`, which content files may not replace. */
  files?: string[];
  /** The hash of every file of the shell, its server bundle included (`ShellRecord.hash`). */
  hash?: string;
}

/**
 * Up to this many routes, every page inlines the stylesheet, so the first
 * paint waits for nothing but the HTML, and `x/index.html` is page `x` itself
 * (a hard link). Beyond, pages link the stylesheet (cached once for the whole
 * site): inlined, the stylesheet in every page would be most of a large site's
 * size. And there is no `x/index.html`: GitHub Pages' artifact holds a hard
 * link as a full copy, and even a small page that goes on to `x` costs a
 * folder and a file per route; the host's
 * `404.html` is the shell, which shows page `x` for `x/` and `x/index.html`
 * and cleans the address bar (`x/` and `x/index.html` name page `x`). And each page is deployed once: its
 * article is in its route's HTML only, which client navigation fetches
 * (`ManifestRoot.articlesIn`), and neither it nor the markdown is a blob;
 * llms.txt links the pages (`llms.ts`).
 */
export const LARGE_SITE_ROUTES = 2000;

/** A tag page's title in the catalogue's English, as the shell words it (`TagDocListPage`). */
function tagDocListTitle(count: number, tagName: string): string {
  const [one = '', other = ''] = TEXTS['theme.docs.tagDocListPageTitle.nDocsTagged'].split('|');
  const nDocsTagged = (count === 1 ? one : other).replace('{count}', String(count));
  return TEXTS['theme.docs.tagDocListPageTitle'].replace('{nDocsTagged}', nDocsTagged).replace('{tagName}', tagName);
}

/** The path `404.html` is rendered for: no route has it, so the shell renders its not-found page. */
const NOT_FOUND_PATH = '/404';

/** One route's document: what its head says. */
interface RouteHead {
  /** Route path below the base. */
  path: string;
  /** Page title without the site suffix, or null for the home page. */
  title: string | null;
  description: string;
  keywords: string[];
  /** Social image below the base or absolute, or null for the site's card. */
  image: string | null;
  /**
   * The page's article and markdown files below `blobs/`, named in meta tags:
   * the service worker stores a copy of this HTML as current while both are
   * the manifest's (`isCurrentPage`), and the shell seeds its cache with the
   * article this HTML carries.
   */
  article?: string;
  blob?: string;
  /** Keep out of search engines (search page, 404). */
  noindex?: boolean;
  /**
   * A page of a docs version configured with `noIndex`, or an unlisted doc: search engines keep away, the page still
   * names itself canonical.
   */
  unindexed?: boolean;
  /** Manifest shards the route's loader reads (below `blobs/`), fetched with the manifest. */
  shards?: string[];
  /** On a site with several locales: the route's locale, and the page's route in each locale that has it (hreflang). */
  locale?: SiteLocale;
  alternates?: { locale: SiteLocale; path: string }[];
}

/** Open Graph's form of a language tag: `fr_FR`. */
const ogLocale = (locale: SiteLocale) => locale.htmlLang.replace(/-/g, '_');

/** The `<meta>` naming the shell's entry script, which `SHELL_LOADER` starts (`src/data/chunks.ts` reads it too). */
const SHELL_META = 'docs-shell';

/**
 * Starts the shell once the page has painted. The page is readable without
 * its scripts, so they are not fetched, parsed and compiled while the browser
 * lays out and paints the first frame: on a phone that work competed with the
 * first layout for the CPU, and Lighthouse counted the longer layout as
 * blocking time. In a hidden tab (no frames) the shell starts at once. An
 * `import()` rather than a script element: the page's load event waits for
 * the page and its images, not for the app that enhances it. The
 * text is the same on every page and for every shell, so the policy's hash of
 * it holds when the service worker points a saved page at a newer shell.
 */
const SHELL_LOADER = `(function(){var m=document.querySelector('meta[name="${SHELL_META}"]');if(!m)return;function go(){import(m.content)}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go)})})()`;

/** The inline scripts of a page, which its Content-Security-Policy names by hash: the colour mode, then the shell's loader. */
export function inlineScripts(site: Pick<SiteConfig, 'colorMode' | 'announcementBar' | 'baseUrl'>, withShell = true): string[] {
  return withShell ? [prePaintScript(site), SHELL_LOADER] : [prePaintScript(site)];
}

/**
 * The pages' Content-Security-Policy, as a `<meta http-equiv>` (static hosts
 * such as GitHub Pages send no headers; a server of ours sends it as a header
 * too, with `frame-ancestors`, which a meta policy cannot carry: `scripts/serve.ts`).
 * Everything comes from the site unless named: scripts are the site's plus
 * the inline colour-mode script and the shell's loader by their hashes, which
 * the build computes from the scripts it writes, so editing them cannot break
 * the policy. Images may be the site's, `data:` (the stylesheet's icons) or
 * any https URL (a page may show an image from elsewhere). Search may reach
 * Algolia (or the configured hosts) and, when enabled, Algolia Insights.
 * Styles allow inline ones: the page's stylesheet is inlined, the TOC's
 * indents are style attributes, and Mermaid writes a `<style>` and style
 * attributes into each diagram's SVG when it draws it in the browser.
 */
export function contentSecurityPolicy(site: SiteConfig, inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  const configured = algoliaHosts(site.search.hosts);
  const search = configured ? configured.map((h) => `${h.protocol}://${h.url}`) : ['https://*.algolia.net', 'https://*.algolianet.com'];
  if (site.search.insights) search.push('https://*.algolia.io');
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${search.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The document of a route around `markup`, the inside of `#root` as the
 * server bundle rendered it. React puts resource hints it found (the logo's
 * image preload) first; they go to the head.
 */
function renderDocument(site: SiteConfig, shell: ShellAssets | null, route: RouteHead, markup: string): string {
  const hints = /^(?:<link [^>]*>)+/.exec(markup)?.[0] ?? '';
  const body = markup.slice(hints.length);
  const hoisted = hints ? hints.match(/<link [^>]*>/g)! : [];
  const base = site.baseUrl;
  const url = absoluteUrl(site.url, route.path, base);
  const image = route.image ?? site.image;
  const imageUrl = /^https?:/i.test(image) ? image : site.url + withBase('/' + image.replace(/^\//, ''), base);
  const title = documentTitle(route.title, site.title);
  const description = route.description || site.tagline;
  const keywords = route.keywords.length ? route.keywords.join(', ') : (site.metadata.find((m) => m.name === 'keywords')?.content ?? '');
  const asset = (file: string) => escapeHtml(withBase('/' + file, base));
  const locale = route.locale ?? site.locales[0]!;
  const alternates = route.alternates ?? [];
  const scripts = inlineScripts(site, Boolean(shell));
  const [colourScript, loader] = scripts;
  const head = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(site, scripts))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="${BASE_META}" content="${escapeHtml(base)}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    keywords ? `<meta name="keywords" content="${escapeHtml(keywords)}">` : '',
    ...site.metadata
      .filter((m) => m.name !== 'keywords' && m.name !== 'description')
      .map((m) => `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}">`),
    route.noindex ? '<meta name="robots" content="noindex, follow">' : `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(route.unindexed ? ['<meta name="robots" content="noindex, nofollow">'] : []),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}">`,
    `<meta property="og:locale" content="${escapeHtml(ogLocale(locale))}">`,
    ...alternates.flatMap(({ locale: other, path }) => [
      ...(other === locale ? [] : [`<meta property="og:locale:alternate" content="${escapeHtml(ogLocale(other))}">`]),
      `<link rel="alternate" href="${escapeHtml(absoluteUrl(site.url, path, base))}" hreflang="${escapeHtml(other.htmlLang)}">`,
      ...(other === site.locales[0] ? [`<link rel="alternate" href="${escapeHtml(absoluteUrl(site.url, path, base))}" hreflang="x-default">`] : []),
    ]),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">`,
    `<meta name="theme-color" content="${escapeHtml(site.themeColor)}">`,
    `<link rel="icon" href="${asset(site.favicon)}">`,
    `<link rel="manifest" href="${asset('manifest.webmanifest')}">`,
    `<link rel="apple-touch-icon" href="${asset('img/icon-192.png')}">`,
    route.article ? `<meta name="docs-article" content="${escapeHtml(route.article)}">` : '',
    route.blob ? `<meta name="docs-blob" content="${escapeHtml(route.blob)}">` : '',
    ...hoisted,
    `<script>${colourScript}</script>`,
    shell?.cssText ? `<style>${shell.cssText.replace(/<\/style/gi, '<\\/style')}</style>` : shell ? `<link rel="stylesheet" href="${asset(shell.css)}">` : '',
    shell ? `<meta name="${SHELL_META}" content="${asset(shell.js)}">` : '',
  ].filter(Boolean);
  // What the shell reads first, asked for once the page's own markup is in: on a slow link, earlier they would share
  // its bandwidth with the page before its first paint, and the shell starts after that paint anyway.
  const preloads = [
    `<link rel="preload" href="${asset(ROOT_MANIFEST)}" as="fetch" crossorigin="anonymous">`,
    ...(route.shards ?? []).map((name) => `<link rel="preload" href="${asset(`blobs/${name}`)}" as="fetch" crossorigin="anonymous">`),
  ];
  const script = [...preloads, ...(loader ? [`<script>${loader}</script>`] : [])].join('\n');
  const staticRoute = route.path === NOT_FOUND_PATH ? '*' : route.path;
  return `<!doctype html>\n<html lang="${escapeHtml(locale.htmlLang)}" dir="${escapeHtml(locale.direction)}" data-theme="${escapeHtml(site.colorMode.defaultMode)}">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="root" data-static-route="${escapeHtml(staticRoute)}">${body}</div>\n${script}\n</body>\n</html>\n`;
}

/** The manifest as the build made it: everything, the root, the shards and the pages' articles by name. */
export interface BuiltManifest {
  manifest: Manifest;
  root: ManifestRoot;
  shards: Record<string, AnyShard>;
  /** Made when read (`AssembledManifest.articles`). */
  articles: ReadonlyMap<string, () => string>;
  /** What the server bundle renders the routes from (`renderView`). */
  view: RenderView;
}

/** The root and shards the shell's server bundle renders route documents from (`renderView`). */
export interface RenderView {
  root: ManifestRoot;
  /** Every shard, the page shards under their name in `root` here. */
  shards: Record<string, AnyShard>;
  /** The name in `root` here of each shard, by its file name. */
  nameOf: ReadonlyMap<string, string>;
}

/**
 * The manifest as route documents are rendered from, so that a route's markup can depend only on what its key
 * names (`routeDocuments`): the root without what changes with every page and no page shows (the content's
 * hash, the build time, the search files, offline mode's totals), and each page shard named by its place in
 * the list rather than by its hash, so a route sees no other page shard's name. The browser reads the real
 * root and the same shards, and hydrates the same markup.
 */
export function renderView(root: ManifestRoot, shards: Record<string, AnyShard>): RenderView {
  const nameOf = new Map(root.shards.map((name, i) => [name, `page-shard-${i}`]));
  const viewRoot: ManifestRoot = {
    ...root,
    contentHash: '',
    generatedAt: '',
    search: { entry: '', count: 0 },
    totals: { pages: 0, bytes: 0, articles: 0 },
    shards: [...nameOf.values()],
  };
  const viewShards = Object.fromEntries(Object.entries(shards).map(([name, shard]) => [nameOf.get(name) ?? name, shard]));
  return { root: viewRoot, shards: viewShards, nameOf };
}

/** A route whose server render throws: the build has no page to publish for it, so it fails, naming the route. */
function routeRenderError(path: string, error: unknown): BuildError {
  // A document worker's error comes as the text of its stack: its first line is the message.
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  const reason = error instanceof Error && !/^\w*Error: /.test(first) ? `${error.name}: ${first}` : first;
  return new BuildError(
    `Cannot build the page of route \`${path}\`: the shell's components threw while rendering it (${reason}). Fix the configuration or content the message points at; a reader would get "This page crashed".`,
    [],
    { cause: error },
  );
}

/**
 * The HTML step of a build: every route's document, by file name, made when
 * the file is written (one page's HTML in memory at a time), plus `x/index.html`
 * beside each `x.html` (the same page under the name some hosts serve) unless the site is `large`,
 * and `404.html`. `server` is called when the first document is made.
 */
export function routeDocuments(
  built: BuiltManifest,
  shell: ShellAssets | null,
  server: () => Promise<ServerRenderer>,
  large: boolean,
  store?: RouteStore,
): Map<string, OutputData> {
  const { manifest, root, shards, articles, view } = built;
  const { site } = manifest;
  if (shell && large) shell = { ...shell, cssText: undefined };
  const files = new Map<string, OutputData>();
  // The route's page shard, and the sidebar shards of the categories its version's sidebar shows open.
  const shardsFor = (path: string, sidebarTop: number | null) => {
    const sidebarId = sidebarIdAt(manifest, path);
    return [shardOf(root, path), ...openSidebarShards(sidebarId === null ? [] : (versionAt(manifest, path).sidebars[sidebarId] ?? []), sidebarTop)];
  };
  // The server bundle gets the shards the route's loaders read, as the browser will, under their names in the view.
  const needed = (route: RouteHead) =>
    Object.fromEntries([shardOf(root, route.path), ...(route.shards ?? [])].map((name) => [view.nameOf.get(name) ?? name, shards[name]!]));
  // Every input of a document but the route's own: the store's key of it adds the route's head, page shard and article.
  const siteKey =
    store &&
    createHash('sha256')
      .update(
        JSON.stringify([
          view.root,
          shell && { ...shell, files: undefined, cssText: shell.cssText && createHash('sha256').update(shell.cssText).digest('hex') },
        ]),
      )
      .digest('hex');
  // On a site with several locales, a route's locale and its page in each locale.
  const localesOf = (path: string): Pick<RouteHead, 'locale' | 'alternates'> =>
    site.locales.length > 1 ? { locale: localeAt(site, path), alternates: alternatesOf(manifest, path) } : {};
  // A locale's strings are read with the page, as its shards are, so the HTML has the locale's words.
  const withStrings = (route: RouteHead): RouteHead => {
    const strings = route.locale?.strings;
    return strings ? { ...route, shards: [...(route.shards ?? []), strings] } : route;
  };
  // A route's head is worked out when its document is made: a dev server makes only the few a reader opens.
  const htmlFor = (head: () => RouteHead, entry?: ManifestPage) => {
    // The article is taken now: the next build of a session changes the table in place while these documents may still be asked for.
    // Its HTML is made only for a document that is rendered: a kept one is found by the article's name.
    const article = entry && { name: entry.article, html: articles.get(entry.article)! };
    return async (): Promise<string | KeptFile> => {
      const base = head();
      const made = withStrings({ ...base, ...localesOf(base.path) });
      const route = docsVersionOf(manifest, made.path)?.noIndex ? { ...made, unindexed: true } : made;
      const render = async () =>
        renderDocument(
          site,
          shell,
          route,
          await (
            await server()
          )
            .renderRoute({
              root: view.root,
              shards: needed(route),
              path: route.path,
              article: article && { name: article.name, html: article.html() },
            })
            .catch((error: unknown) => {
              throw routeRenderError(route.path, error);
            }),
        );
      if (!store) return render();
      // The article's name is its hash, and a page shard's name its contents' hash.
      const key = store.key(`${siteKey}\0${JSON.stringify(route)}\0${shardOf(root, route.path)}\0${article?.name ?? ''}`);
      const make = async () => {
        const html = await render();
        store.put(key, html);
        return html;
      };
      const kept = store.find(key);
      return kept ? { kept: kept.file, hash: kept.hash, make } : make();
    };
  };
  const paths: string[] = [];
  const put = (path: string, html: () => Promise<string | KeptFile>) => {
    files.set(path === '/' ? 'index.html' : `${path.slice(1)}.html`, html);
    paths.push(path);
  };
  for (const d of Object.values(manifest.docs))
    put(
      d.path,
      htmlFor(
        () => ({
          path: d.path,
          title: d.title,
          description: d.description,
          keywords: d.keywords,
          image: d.image,
          article: d.article,
          blob: d.blob,
          shards: shardsFor(d.path, d.sidebarTop),
          ...(d.unlisted ? { unindexed: true } : {}),
        }),
        d,
      ),
    );
  for (const { path: routeBase } of manifest.versions) {
    const target = manifest.routes[routeBase];
    const mainDoc = manifest.docs[target?.kind === 'docsRoot' ? target.docId : site.docs.mainDocId]!;
    put(
      routeBase,
      htmlFor(
        () => ({
          path: routeBase,
          title: mainDoc.title,
          description: mainDoc.description,
          keywords: mainDoc.keywords,
          image: null,
          article: mainDoc.article,
          blob: mainDoc.blob,
          shards: shardsFor(routeBase, mainDoc.sidebarTop),
        }),
        mainDoc,
      ),
    );
  }
  for (const p of Object.values(manifest.pages))
    put(
      p.path,
      htmlFor(
        () => ({
          path: p.path,
          title: p.title,
          description: p.description,
          keywords: p.keywords,
          image: p.image,
          article: p.article,
          blob: p.blob,
          shards: [shardOf(root, p.path)],
        }),
        p,
      ),
    );
  for (const c of Object.values(manifest.categories))
    put(
      c.path,
      htmlFor(() => ({ path: c.path, title: c.label, description: c.description, keywords: [], image: null, shards: shardsFor(c.path, c.sidebarTop) })),
    );
  // Tags pages show no sidebar; their head is in English, as a category index's label is as written.
  for (const page of Object.values(manifest.tags))
    put(
      page.path,
      htmlFor(() => ({
        path: page.path,
        title: page.kind === 'tags' ? TEXTS['theme.tags.tagsPageTitle'] : tagDocListTitle(page.docs.length, page.label),
        description: '',
        keywords: [],
        image: null,
        shards: [shardOf(root, page.path)],
      })),
    );
  // A locale's home, unless its docs are served there (`routeBasePath: '/'`), whose root document is written above.
  for (const { path } of site.locales)
    if (manifest.routes[path || '/']?.kind === 'home')
      put(
        path || '/',
        htmlFor(() => ({ path: path || '/', title: null, description: site.tagline, keywords: [], image: null })),
      );
  // Each locale's search page, below its prefix.
  for (const { path: prefix } of site.locales)
    put(
      `${prefix}/${site.search.searchPagePath}`,
      htmlFor(() => ({
        path: `${prefix}/${site.search.searchPagePath}`,
        title: 'Search',
        description: `Search the ${site.title} documentation.`,
        keywords: [],
        image: null,
        noindex: true,
      })),
    );
  files.set(
    '404.html',
    htmlFor(() => ({ path: NOT_FOUND_PATH, title: 'Page Not Found', description: 'This page does not exist.', keywords: [], image: null, noindex: true })),
  );
  // Hosts serve `x/index.html` for `x/`: the same file (a link), unless a route has that name; none on a large site (`LARGE_SITE_ROUTES`).
  if (!large) {
    for (const path of paths) {
      const alias = `${path.slice(1)}/index.html`;
      if (path !== '/' && !files.has(alias)) files.set(alias, { linkTo: `${path.slice(1)}.html` });
    }
  }
  return files;
}
