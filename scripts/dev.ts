/**
 * `npm run dev`: builds the site once (unminified shell), serves `dist/` under
 * the site's `baseUrl` with the server of `scripts/serve.ts`, and rebuilds on change:
 *
 * - `content/` changed → content-only build (the shell in `dist/` is kept);
 * - `src/`, `manifest/` or `public/` changed → full build with the shell.
 *
 * One in-memory render cache lives across rebuilds, so editing one markdown
 * file renders one page. Builds leave the per-route HTML out (`devServer`):
 * a route's HTML is rendered when a request asks for it (`devDocuments.ts`).
 * After every successful build the open tabs hear of it through a
 * server-sent-events channel (`<baseUrl>__dev/events`), which a script
 * injected into every HTML response listens to:
 *
 * - a content-only build → `content`: the shell takes the new manifest and
 *   shows the new text in place, scroll kept (`manifest/devUpdates.ts`);
 * - a shell build, a change of `site.config.json` (the HTML's head, its inline
 *   script and `<html>` attributes come from it), or a shell that cannot take
 *   the update → the tab reloads, keeping the scroll position.
 *
 * A failed build is printed and changes nothing: the last good `dist/` stays served.
 *
 * package.json starts it with `node --max-semi-space-size=64`: a rebuild's
 * throwaway objects (page entries, shard JSON) then die young instead of
 * filling the old space of a process that keeps every rendering (at 10,000
 * docs a one-file rebuild took 1.35 s instead of 1.55 s).
 *
 * Build code (`build.ts`, `node/`, `manifest/`) is loaded once at start;
 * changes to it rebuild the shell but the content build keeps the old code
 * until `npm run dev` is restarted (a hint is printed).
 *
 *   npm run dev [-- --port 3000] [--host 127.0.0.1]     (PORT env too)
 *               [--content content] [--out dist]        (another content folder or output folder)
 *               [--timings]                             (each build's time per step)
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { buildSite, BuildSession } from '../build';
import { DEV_HEAP_GROWING_PERCENT, limitHeapGrowth } from '../node/heap';
import { DEV_CONTENT_EVENT } from '../manifest/devUpdates';
import { pageAt } from '../manifest/lookup';
import type { Manifest } from '../manifest/types';
import { BuildError } from '../node/problems';
import { discardActiveTemps } from '../node/output';
import { loadSiteConfig, SITE_CONFIG_FILE } from '../node/siteConfigFile';
import { checkPort, commandLine, listenPort } from './commandLine';
import { DeferredDocuments } from './devDocuments';
import { displayUrl, startServer } from './serve';
import { watchTree, type TreeWatcher } from './watchTree';

/**
 * Quiet time before a build, as editors save in a burst of events (write, rename, backup). A
 * content build starts almost at once, since a saved file should reach the page within 200 ms
 *; a shell build costs seconds, so it waits a little longer for the burst to end.
 */
const DEBOUNCE_MS = { content: 10, shell: 50 };
const HEARTBEAT_MS = 20_000;

const USAGE = `usage: npm run dev [-- --port 3000] [--host 127.0.0.1] [--content content] [--out dist] [--timings]

Builds the site once, serves it under its baseUrl and rebuilds it on every change of the content, src/,
manifest/ or public/; open tabs take a content change in place and reload for the rest.

  --port N        the port to serve on (default: PORT, else 3000; 0 takes a free one)
  --host HOST     the address to listen on (default: 127.0.0.1)
  --content DIR   the content folder (default: content)
  --out DIR       the output folder (default: dist)
  --timings       print each build's time per step
  -h, --help      print this and exit`;

const args = commandLine(
  'dev',
  USAGE,
  {
    port: { type: 'string' },
    host: { type: 'string' },
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
    timings: { type: 'boolean', default: false },
  },
  checkPort,
);

const root = process.cwd();
const contentDir = resolve(root, args.content);
const distDir = resolve(root, args.out);
/**
 * The site's base path, from its configuration as the server starts (a changed `baseUrl` takes a restart); `/`
 * while the configuration does not load, whose error the first build reports.
 */
const BASE = (() => {
  try {
    return loadSiteConfig(contentDir).input.baseUrl;
  } catch {
    return '/';
  }
})();
const EVENTS_PATH = `${BASE}__dev/events`;
/** The live-reload client, a file of its own: the pages' Content-Security-Policy allows no other inline script. */
const CLIENT_PATH = `${BASE}__dev/client.js`;
const timings = args.timings;
/** What every build of this server keeps for the next. */
const session = new BuildSession();
const documents = new DeferredDocuments(distDir);

// --- live-reload channel --------------------------------------------------

/** Identifies this process's builds; a tab that sees another one (server restarted) reloads. */
const serverId = Date.now().toString(36);
let builds = 0;
let buildId = `${serverId}-0`;
const clients = new Set<ServerResponse>();

function send(res: ServerResponse, event: string, data: string): void {
  res.write(
    `event: ${event}\n${data
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('')}\n`,
  );
}

function broadcast(event: string, data: string): void {
  for (const res of clients) send(res, event, data);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (pathname === CLIENT_PATH) {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(CLIENT);
    return true;
  }
  if (pathname !== EVENTS_PATH) {
    // The static server answers; first the route's HTML, if it is one the build left to be made now.
    if (pathname.startsWith(BASE) && (req.method === 'GET' || req.method === 'HEAD')) {
      let rel: string | null = null;
      try {
        rel = decodeURIComponent(pathname.slice(BASE.length));
      } catch {
        // A malformed address: the static server answers it (400).
      }
      if (rel !== null) await documents.prepare(rel).catch((error: unknown) => console.error(`[dev] cannot render ${pathname}:`, error));
    }
    return false;
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write('retry: 500\n\n');
  send(res, 'hello', buildId);
  clients.add(res);
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  res.on('close', () => clients.delete(res));
  return true;
}

setInterval(() => {
  for (const res of clients) res.write(': ping\n\n');
}, HEARTBEAT_MS).unref();

/**
 * Loaded by a script tag injected before `</body>`. On `content` it hands the
 * new manifest's hash to the shell (`manifest/devUpdates.ts`), which swaps the
 * page in place; it reloads on `reload`, when the shell does not take the
 * update, and when the server was restarted, keeping the scroll position. The
 * shell renders asynchronously, so after a reload the position is re-applied
 * for a moment until it sticks, unless the reader scrolls first.
 */
const CLIENT = `(() => {
  const KEY = '__abpDevScroll', here = () => location.pathname + location.search;
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    sessionStorage.removeItem(KEY);
    if (saved && saved.path === here()) {
      let stop = false;
      const end = performance.now() + 1500;
      for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown']) addEventListener(type, () => { stop = true; }, { once: true, passive: true, capture: true });
      const apply = () => {
        if (stop || performance.now() > end) return;
        if (Math.abs(scrollY - saved.y) > 1) scrollTo(0, saved.y);
        requestAnimationFrame(apply);
      };
      apply();
    }
  } catch {}
  let first;
  const reload = () => {
    try { sessionStorage.setItem(KEY, JSON.stringify({ path: here(), y: scrollY })); } catch {}
    location.reload();
  };
  const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
  events.addEventListener('hello', (e) => { if (first === undefined) first = e.data; else if (e.data !== first) reload(); });
  events.addEventListener('reload', (e) => { first = e.data; reload(); });
  events.addEventListener('content', (e) => {
    const { build, contentHash, articles } = JSON.parse(e.data);
    first = build;
    const update = new CustomEvent(${JSON.stringify(DEV_CONTENT_EVENT)}, { cancelable: true, detail: { contentHash, articles } });
    if (dispatchEvent(update) || !update.detail.taken) return reload();
    update.detail.taken.then((ok) => { if (!ok) reload(); }, (error) => { console.error('[dev] the page could not take the new content; reloading.', error); reload(); });
  });
  events.addEventListener('build-error', (e) => console.error('[dev] build failed; showing the last good build.\\n' + e.data));
})();
`;

// --- builds ----------------------------------------------------------------

/** The article each route showed after the last good build. */
let articles = new Map<string, string>();

/** The routes whose article the new manifest changes, with their new article; remembers the new ones. */
function changedArticles(manifest: Manifest): Record<string, string> {
  const next = new Map<string, string>();
  for (const route of Object.keys(manifest.routes)) {
    const page = pageAt(manifest, route);
    if (page) next.set(route, page.article);
  }
  const changed = Object.fromEntries([...next].filter(([route, article]) => articles.get(route) !== article));
  articles = next;
  return changed;
}

function describeError(error: unknown): string {
  if (error instanceof BuildError) return error.message;
  // esbuild's failures list every error with its location in the message.
  if (error instanceof Error && Array.isArray((error as { errors?: unknown }).errors)) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * Builds, then tells the open tabs: `content` when only content changed and
 * the page can take it in place (`inPlace`), else `reload`.
 */
async function build(shell: boolean, inPlace: boolean, initial = false, changedAt?: number): Promise<boolean> {
  const started = performance.now();
  documents.begin();
  // What the watcher saw change in content/ since the last build; the next build's list starts now.
  const contentChanges = changedContent ? [...changedContent] : undefined;
  changedContent = new Set();
  try {
    const result = await buildSite({
      root,
      contentDir,
      distDir,
      shell,
      dev: true,
      session,
      devServer: true,
      changed: contentChanges,
      madeOnRequest: documents.madeSince(),
    });
    documents.end(result.documents, result.deferredSearch);
    const what = initial ? 'built site' : shell ? 'rebuilt site' : 'rebuilt content';
    const details = [`${result.rendered} page${result.rendered === 1 ? '' : 's'} rendered`];
    if (initial) details.unshift(`${result.pages} pages`);
    if (shell && result.shell) details.push(`shell ${result.shell.hash}`);
    if (result.warnings) details.push(`${result.warnings} warning${result.warnings === 1 ? '' : 's'}`);
    if (timings) {
      const steps = Object.entries(result.steps).map(([step, ms]) => `${step} ${Math.round(ms)}`);
      // From the first change the build takes in (watcher, debounce) to its start.
      if (changedAt !== undefined) steps.unshift(`wait ${Math.round(started - changedAt)}`);
      details.push(`${steps.join(', ')} ms`);
    }
    console.log(`[dev] ${what} in ${Math.round(result.ms)} ms (${details.join(', ')})`);
    buildId = `${serverId}-${++builds}`;
    const changed = changedArticles(result.manifest);
    if (!shell && inPlace) broadcast('content', JSON.stringify({ build: buildId, contentHash: result.manifest.contentHash, articles: changed }));
    else broadcast('reload', buildId);
    return true;
  } catch (error) {
    documents.end();
    // The build may have failed before it read content/: the next one looks at every file.
    changedContent = null;
    const message = describeError(error);
    console.error(`\n[dev] ${shell ? 'site' : 'content'} build FAILED; still serving the last good dist/.\n${message}\n`);
    broadcast('build-error', message);
    return false;
  }
}

/**
 * The paths below content/ (POSIX, relative) the watcher named since the last build began, passed to
 * the build so that it looks at no other file (`BuildSiteOptions.changed`); null when an event named no
 * path or a build failed, and the next build looks at every file. The first build looks at every file.
 */
let changedContent: Set<string> | null = null;
let timer: NodeJS.Timeout | undefined;
/** When the first change not yet built was seen (`--timings`). */
let changedAt: number | undefined;
let wantShell = false;
let wantContent = false;
/** A change since the last build that the page cannot take in place (`site.config.json`, an unnamed change). */
let wantReload = false;
let building = false;
/** A failed shell build is retried with the next rebuild, even a content one. */
let shellStale = false;

function schedule(shell: boolean, reload: boolean): void {
  if (shell) wantShell = true;
  else wantContent = true;
  if (reload) wantReload = true;
  changedAt ??= performance.now();
  clearTimeout(timer);
  timer = setTimeout(
    () => {
      timer = undefined;
      void flush();
    },
    wantShell ? DEBOUNCE_MS.shell : DEBOUNCE_MS.content,
  );
}

async function flush(): Promise<void> {
  if (building) return; // the running loop picks the new request up
  building = true;
  try {
    // Stop when another change is still settling: its timer calls flush again.
    while ((wantShell || wantContent) && timer === undefined) {
      const shell = wantShell || shellStale;
      const inPlace = !wantReload;
      wantShell = wantContent = wantReload = false;
      const since = changedAt;
      changedAt = undefined;
      const ok = await build(shell, inPlace, false, since);
      if (shell) shellStale = !ok;
      // The change that needs a reload is not in dist/ yet: the next good build reloads.
      if (!ok && !inPlace) wantReload = true;
    }
  } finally {
    building = false;
  }
}

// --- watching ---------------------------------------------------------------

/** Editor droppings that are not sources. */
function ignored(file: string): boolean {
  const name = file.split(/[\\/]/).pop() ?? '';
  return name === '' || name === '.DS_Store' || name === '4913' || name.startsWith('.#') || name.endsWith('~') || /\.(swp|swx|tmp)$/.test(name);
}

const watchers: TreeWatcher[] = [];

function watchDir(dir: string, shell: boolean): void {
  if (!existsSync(dir)) return;
  const onChange = (_event: string, file: string | null) => {
    const name = file ?? '';
    if (dir === contentDir) {
      if (!name) changedContent = null;
      // Editor droppings too: they build nothing, but a later build lists what is there.
      else changedContent?.add(name.split(sep).join('/'));
    }
    if (name && ignored(name)) return;
    const rel = relative(root, join(dir, name)).split(sep).join('/');
    if (/^node(\/|$)/.test(rel)) {
      console.log(`[dev] ${rel} is build code: restart \`npm run dev\` to apply it.`);
      return;
    }
    if (/^manifest(\/|$)/.test(rel)) {
      console.log(`[dev] ${rel} is build code too: the shell is rebuilt, but restart \`npm run dev\` to apply it to the content build.`);
    }
    // The site configuration shapes each page's head and pre-paint script, which only a reload applies.
    schedule(shell, !name || (dir === contentDir && name === SITE_CONFIG_FILE));
  };
  watchers.push(watchTree(dir, onChange, (error) => console.error(`[dev] watching ${relative(root, dir)} failed:`, error)));
}

// --- start -----------------------------------------------------------------

async function main(): Promise<void> {
  // Rebuild after rebuild, the server's memory stays where the first left it.
  limitHeapGrowth(DEV_HEAP_GROWING_PERCENT);
  const port = listenPort(args.port)!;
  // Not from `HOST`, which some shells set to the machine's name: that would serve the dev server to the network.
  const host = args.host ?? '127.0.0.1';
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  // A build under way leaves no copy of the site behind (`discardActiveTemps`).
  const stop = () => {
    for (const w of watchers) w.close();
    for (const res of clients) res.end();
    discardActiveTemps();
    void (running?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  // Watch first, so edits made during the first build are not lost.
  watchDir(contentDir, false);
  for (const dir of ['src', 'manifest', 'public', 'node']) watchDir(resolve(root, dir), true);

  building = true;
  const ok = await build(true, false, true);
  shellStale = !ok;
  building = false;
  if (!ok && !existsSync(join(distDir, 'index.html'))) console.error('[dev] there is no previous build to serve yet; fix the error and save.');

  running = await startServer({
    dir: distDir,
    port,
    host,
    gzip: false,
    base: BASE,
    inject: `<script src="${CLIENT_PATH}"></script>\n`,
    handle,
    loopbackOnly: true,
  }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `[dev] port ${port} is in use; set PORT or --port.` : '[dev] could not start the server:',
      error.code === 'EADDRINUSE' ? '' : error,
    );
    process.exit(1);
  });

  console.log(
    `[dev] serving ${relative(root, distDir) || '.'} at ${displayUrl(running.url)} — watching ${relative(root, contentDir) || '.'}/, src/, manifest/, public/`,
  );

  // Anything that changed during the first build (unless its debounce timer is still to fire).
  if ((wantShell || wantContent) && timer === undefined) void flush();
}

await main();
