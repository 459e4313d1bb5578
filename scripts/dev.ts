/**
 * `npm run dev`: builds the site once (unminified shell), serves `dist/` under
 * `/abp-react/` with the server of `scripts/serve.ts`, and rebuilds on change:
 *
 * - `content/` changed → content-only build (the shell in `dist/` is kept);
 * - `src/`, `manifest/` or `public/` changed → full build with the shell.
 *
 * One in-memory render cache lives across rebuilds, so editing one markdown
 * file renders one page. After every successful build the open tabs reload
 * through a server-sent-events channel (`/abp-react/__dev/events`); the script
 * that listens is injected into every HTML response and keeps the scroll
 * position across the reload. A failed build is printed and changes nothing:
 * the last good `dist/` stays served.
 *
 * Build code (`build.ts`, `src/build/`, `manifest/`) is loaded once at start;
 * changes to it rebuild the shell but the content build keeps the old code
 * until `npm run dev` is restarted (a hint is printed).
 *
 *   npm run dev [-- --port 3000] [--host 127.0.0.1]     (PORT, HOST env too)
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { buildSite } from '../build';
import type { RenderCache } from '../build';
import { BuildError } from '../src/build/errors';
import { displayUrl, startServer } from './serve';

const BASE = '/abp-react/';
const EVENTS_PATH = `${BASE}__dev/events`;
/** The live-reload client, a file of its own: the pages' Content-Security-Policy allows no other inline script. */
const CLIENT_PATH = `${BASE}__dev/client.js`;
const DEBOUNCE_MS = 50;
const HEARTBEAT_MS = 20_000;

const root = process.cwd();
const contentDir = resolve(root, 'content');
const distDir = resolve(root, 'dist');
const cache: RenderCache = new Map();

// --- live-reload channel --------------------------------------------------

/** Identifies this process's builds; a tab that sees another one (server restarted) reloads. */
const session = Date.now().toString(36);
let builds = 0;
let buildId = `${session}-0`;
const clients = new Set<ServerResponse>();

function send(res: ServerResponse, event: string, data: string): void {
  res.write(`event: ${event}\n${data.split('\n').map((line) => `data: ${line}\n`).join('')}\n`);
}

function broadcast(event: string, data: string): void {
  for (const res of clients) send(res, event, data);
}

function handle(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? '/').split('?')[0];
  if (pathname === CLIENT_PATH) {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(CLIENT);
    return true;
  }
  if (pathname !== EVENTS_PATH) return false;
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
 * Loaded by a script tag injected before `</body>`: reloads on `reload` (and when the server was
 * restarted), keeping the scroll position. The shell renders asynchronously,
 * so the position is re-applied for a moment after load until it sticks,
 * unless the reader scrolls first.
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
  events.addEventListener('build-error', (e) => console.error('[dev] build failed; showing the last good build.\\n' + e.data));
})();
`;

// --- builds ----------------------------------------------------------------

function describeError(error: unknown): string {
  if (error instanceof BuildError) return error.message;
  // esbuild's failures list every error with its location in the message.
  if (error instanceof Error && Array.isArray((error as { errors?: unknown }).errors)) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

async function build(shell: boolean, initial = false): Promise<boolean> {
  try {
    const result = await buildSite({ root, contentDir, distDir, shell, dev: true, cache });
    const what = initial ? 'built site' : shell ? 'rebuilt site' : 'rebuilt content';
    const details = [`${result.rendered} page${result.rendered === 1 ? '' : 's'} rendered`];
    if (initial) details.unshift(`${result.pages} pages`);
    if (shell && result.shell) details.push(`shell ${result.shell.hash}`);
    if (result.warnings) details.push(`${result.warnings} warning${result.warnings === 1 ? '' : 's'}`);
    console.log(`[dev] ${what} in ${Math.round(result.ms)} ms (${details.join(', ')})`);
    buildId = `${session}-${++builds}`;
    broadcast('reload', buildId);
    return true;
  } catch (error) {
    const message = describeError(error);
    console.error(`\n[dev] ${shell ? 'site' : 'content'} build FAILED; still serving the last good dist/.\n${message}\n`);
    broadcast('build-error', message);
    return false;
  }
}

let timer: NodeJS.Timeout | undefined;
let wantShell = false;
let wantContent = false;
let building = false;
/** A failed shell build is retried with the next rebuild, even a content one. */
let shellStale = false;

function schedule(shell: boolean): void {
  if (shell) wantShell = true;
  else wantContent = true;
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void flush();
  }, DEBOUNCE_MS);
}

async function flush(): Promise<void> {
  if (building) return; // the running loop picks the new request up
  building = true;
  try {
    // Stop when another change is still settling: its timer calls flush again.
    while ((wantShell || wantContent) && timer === undefined) {
      const shell = wantShell || shellStale;
      wantShell = wantContent = false;
      const ok = await build(shell);
      if (shell) shellStale = !ok;
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

const watchers: FSWatcher[] = [];

function watchDir(dir: string, shell: boolean): void {
  if (!existsSync(dir)) return;
  const watcher = watch(dir, { recursive: true }, (_event, file) => {
    const name = file ? String(file) : '';
    if (name && ignored(name)) return;
    const rel = relative(root, join(dir, name)).split(sep).join('/');
    if (/^(src\/build|manifest)\//.test(rel) || rel === 'src/build' || rel === 'manifest') {
      console.log(`[dev] ${rel} is build code too: the shell is rebuilt, but restart \`npm run dev\` to apply it to the content build.`);
    }
    schedule(shell);
  });
  watcher.on('error', (error) => console.error(`[dev] watching ${relative(root, dir)} failed:`, error));
  watchers.push(watcher);
}

// --- start -----------------------------------------------------------------

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const port = Number(flag('--port') ?? process.env.PORT ?? 3000);
  const host = flag('--host') ?? process.env.HOST ?? '127.0.0.1';

  // Watch first, so edits made during the first build are not lost.
  watchDir(contentDir, false);
  for (const dir of ['src', 'manifest', 'public']) watchDir(resolve(root, dir), true);

  building = true;
  const ok = await build(true, true);
  shellStale = !ok;
  building = false;
  if (!ok && !existsSync(join(distDir, 'index.html'))) console.error('[dev] there is no previous build to serve yet; fix the error and save.');

  const running = await startServer({ dir: distDir, port, host, gzip: false, base: BASE, inject: `<script src="${CLIENT_PATH}"></script>\n`, handle }).catch((error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `[dev] port ${port} is in use; set PORT or --port.` : '[dev] could not start the server:', error.code === 'EADDRINUSE' ? '' : error);
    process.exit(1);
  });

  console.log(`[dev] serving ${relative(root, distDir) || '.'} at ${displayUrl(running.url)} — watching content/, src/, manifest/, public/`);

  // Anything that changed during the first build (unless its debounce timer is still to fire).
  if ((wantShell || wantContent) && timer === undefined) void flush();

  const stop = () => {
    for (const w of watchers) w.close();
    for (const res of clients) res.end();
    void running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
