/**
 * Static server for the built site (`npm start`), and the server `npm run dev`
 * and the browser tests reuse through `startServer()`.
 *
 *   tsx scripts/serve.ts [--dir dist] [--port 3000] [--host 127.0.0.1] [--no-gzip]
 *
 * sirv serves the files: `x` is `x`, `x.html` or `x/index.html` (`extensions: ['html']`),
 * ETag and 304, ranges, and `.br`/`.gz` siblings where a build wrote them. This file adds
 * only what is ours: the base path the site was built for (its root manifest's `baseUrl`; `/` and the base
 * without its slash redirect to it, a page's address with a trailing slash to the page's),
 * README's Cache-Control rules ("Deploying"), `404.html` with status 404, gzip on the fly
 * (as GitHub Pages does, so the browser tests see what readers get), the dev server's
 * `inject` and `handle`, refusing `..`, encoded separators and NUL bytes with 400,
 * answering 404 for a file that is a symbolic link out of the served folder, and the
 * Content-Security-Policy as a header (`policyHeader`).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { ROOT_MANIFEST } from '../manifest/constants';
import { isShellAssetPath } from '../manifest/paths';
import { checkPort, commandLine, listenPort } from './commandLine';

export interface StartServerOptions {
  /** Folder to serve, resolved against the cwd; default `dist`. Read on every request, so it may be replaced while serving. */
  dir?: string;
  /** Port; 0 picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Gzip compressible responses for clients that accept it, and serve precompressed siblings; default true. */
  gzip?: boolean;
  /** Base path of the site; default the `baseUrl` the site in `dir` was built for (`builtBase`). */
  base?: string;
  /** HTML inserted before `</body>` of every HTML response (dev live reload). */
  inject?: string;
  /** Runs first for every request; resolve true when it has answered. */
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Answer only requests whose `Host` is this machine by name (`localhost`) or an IP address (`loopbackHost`): the dev server's. */
  loopbackOnly?: boolean;
}

/**
 * Whether a request's `Host` header names this machine (`localhost`, `x.localhost`) or is an IP address. A page of
 * another site cannot send one of these from a browser: DNS rebinding needs a name of its own, which points at
 * this machine only once the page has loaded.
 */
export function loopbackHost(header: string | undefined): boolean {
  if (!header) return false;
  const name = header.replace(/:\d+$/, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^\[[0-9a-f:.]+\]$/.test(name)) return true;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name);
}

export interface RunningServer {
  server: Server;
  /** Reachable URL of the site root, e.g. `http://127.0.0.1:3000/abp-react/`. */
  url: string;
  port: number;
  /** Stops listening and drops open connections (keep-alive, event streams). */
  close(): Promise<void>;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=600';

/** Cache-Control for a file below the served folder (`/`-separated), as README's "Deploying" table says. */
export function cacheControlFor(rel: string): string {
  // Names carry a content hash: a URL never changes content. `search/index.html` is the search page's.
  if (isShellAssetPath(rel) || rel.startsWith('blobs/') || /^search\/.*\.json$/.test(rel)) return IMMUTABLE;
  // These name the current build's hashed files: a stale copy would pin readers to an old build.
  if (rel === 'sw.js' || rel === ROOT_MANIFEST || rel.toLowerCase().endsWith('.html')) return NO_CACHE;
  return SHORT;
}

/**
 * The policy of a file opened on its own rather than a page of the site (an SVG, a JSON file, a page
 * without a policy of its own): it runs nothing and shows only what it holds.
 */
const FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The Content-Security-Policy header of a response, or null for none. A page sends the policy the
 * build wrote into its `<meta http-equiv>` (scripts by hash, search hosts: `contentSecurityPolicy` in
 * `node/routeHtml.ts`), plus what only a header can say: `frame-ancestors 'none'`, no site may frame
 * it. Other files get `FILE_POLICY`, except the service worker, whose script's policy would govern
 * the worker's own fetches, and PDFs, which the browser's viewer shows as a page of its own.
 */
function policyHeader(type: string, rel: string, body: Buffer | null): string | null {
  if (rel === 'sw.js' || type.startsWith('application/pdf')) return null;
  if (!type.startsWith('text/html')) return FILE_POLICY;
  const meta = body && /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(body.subarray(0, 16_384).toString('utf8'))?.[1];
  if (!meta) return FILE_POLICY;
  const policy = meta
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return `${policy}; frame-ancestors 'none'`;
}

/** Whether an Accept-Encoding header allows gzip (honours `q=0` and `*`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const weight = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*(?:${name})\\s*(?:;\\s*q=([\\d.]+))?\\s*(?=,|$)`, 'i').exec(String(header ?? ''));
    return m ? Number(m[1] ?? 1) : undefined;
  };
  return (weight('x-gzip|gzip') ?? weight('\\*') ?? 0) > 0;
}

/** sirv's type with `charset=utf-8` on text, as hosts send it (a `.md` or `.txt` opened in a tab stays readable). */
function withCharset(type: string): string {
  const bare = type.split(';')[0]!.trim() || 'application/octet-stream';
  return compressible(bare) && bare !== 'application/wasm' ? `${bare}; charset=utf-8` : bare;
}

function compressible(type: string): boolean {
  return /^text\/|^application\/(json|manifest\+json|xml|wasm)|^image\/svg\+xml/.test(type);
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

/** Whether every segment of a path below the base is a plain name: no `.`, `..`, encoded separator, NUL or bad escape. */
function safePath(rel: string): boolean {
  return rel.split('/').every((raw) => {
    try {
      const seg = decodeURIComponent(raw);
      return seg !== '.' && seg !== '..' && !/[/\\\0]/.test(seg);
    } catch {
      return false;
    }
  });
}

/** The suffixes sirv may add to a path: the HTML extension and index (`extensions: ['html']`), then a precompressed sibling. */
const SIRV_NAMES = ['', '.html', '/index.html'].flatMap((name) => [name, `${name}.gz`, `${name}.br`]);

/**
 * Whether a file sirv could send for `file` (below `root`) is, or lies below, a symbolic link that
 * leads out of `root`: sirv follows links, so `img/pw.txt -> /etc/passwd` would be served.
 */
function leavesRoot(root: string, file: string): boolean {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return false;
  }
  return SIRV_NAMES.some((name) => {
    let real: string;
    try {
      real = realpathSync(join(root, file.replace(/\/$/, '') + name));
    } catch {
      return false;
    }
    return real !== realRoot && !real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
  });
}

/** Takes the body sirv pipes into `res` instead of sending it, and hands it to `finish` at its end. */
function takeBody(res: ServerResponse, finish: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.write = ((chunk: Buffer | string) => chunks.push(Buffer.from(chunk)) > 0) as typeof res.write;
  res.end = ((chunk?: Buffer | string) => {
    if (chunk) chunks.push(Buffer.from(chunk));
    finish(Buffer.concat(chunks));
    return res;
  }) as typeof res.end;
}

/** The base path a built site is for: its root manifest's `baseUrl`, else `/`. */
export function builtBase(dir: string): string {
  try {
    const root = JSON.parse(readFileSync(join(dir, ROOT_MANIFEST), 'utf8')) as { site?: { baseUrl?: unknown } };
    const base = root.site?.baseUrl;
    return typeof base === 'string' && base.startsWith('/') ? base : '/';
  } catch {
    return '/';
  }
}

/** Inserts `snippet` before the last `</body>` (or appends it). */
function injectHtml(file: Buffer, snippet: string): Buffer {
  const html = file.toString('utf8');
  const at = html.toLowerCase().lastIndexOf('</body>');
  return Buffer.from(at < 0 ? html + snippet : html.slice(0, at) + snippet + html.slice(at));
}

/** Starts the server. Resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const root = resolve(options.dir ?? 'dist');
  let base = options.base ?? builtBase(root);
  base = `/${base}/`.replace(/\/+/g, '/');
  const host = options.host ?? '127.0.0.1';
  const gzip = options.gzip ?? true;
  const { inject, handle } = options;
  // `dev`: look files up on every request, since builds replace the folder while it is served.
  const files = sirv(root, { dev: true, etag: true, extensions: ['html'], gzip, brotli: gzip });
  /** Gzipped bodies by path and ETag; small, since the site is small. */
  const zipped = new Map<string, Buffer>();

  /**
   * Lets sirv answer `rel` (the path below the base; `notFound`: with status 404), with our
   * headers, and the body rewritten when it is HTML to inject into or a type to gzip. Returns
   * false when sirv has no file for it.
   */
  function send(req: IncomingMessage, res: ServerResponse, rel: string, notFound = false): boolean {
    const file = decodeURIComponent(rel);
    if (leavesRoot(root, file)) return false;
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string | number>) => ServerResponse;
    res.writeHead = ((status: number, headers: Record<string, string | number> = {}) => {
      // sirv answers 304 only when If-None-Match is its ETag exactly.
      if (status === 304) return writeHead(304, { ETag: String(req.headers['if-none-match']) });
      const type = withCharset(String(headers['Content-Type'] ?? ''));
      const out: Record<string, string | number> = { ...headers, 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' };
      // A page's policy is in its head: the body is read for it (HEAD requests and ranges get none).
      const page = type.startsWith('text/html') && status !== 206 && req.method !== 'HEAD';
      const policy = page || type.startsWith('text/html') ? null : policyHeader(type, notFound ? '404.html' : decodeURIComponent(rel), null);
      if (policy) out['Content-Security-Policy'] = policy;
      if (notFound) {
        status = 404;
        delete out.ETag;
        delete out['Last-Modified'];
      }
      // A page, not an article: a file of `blobs/` is named by its bytes, and the shell refuses a copy that differs.
      const rewrite = inject !== undefined && status !== 206 && type.startsWith('text/html') && !file.startsWith('blobs/');
      // Never the file's tag: a page cached without the snippet must not be revalidated as one with it.
      if (rewrite && out.ETag) out.ETag = String(out.ETag).replace(/"$/, '-injected"');
      const zip = gzip && status !== 206 && compressible(type) && !out['Content-Encoding'];
      if (zip) out.Vary = 'Accept-Encoding';
      else if (!out['Content-Encoding']) res.removeHeader('Vary');
      const zipNow = zip && acceptsGzip(req.headers['accept-encoding']);
      if (!rewrite && !zipNow && !page) return writeHead(status, out);
      const end = res.end.bind(res) as (body?: Buffer) => ServerResponse;
      takeBody(res, (file) => {
        if (page) out['Content-Security-Policy'] = policyHeader(type, rel, file)!;
        let body = rewrite ? injectHtml(file, inject) : file;
        if (zipNow) {
          const key = `${rel}\0${out.ETag}`;
          body = zipped.get(key) ?? gzipSync(body);
          if (out.ETag && !zipped.has(key)) {
            if (zipped.size >= 256) zipped.delete(zipped.keys().next().value!);
            zipped.set(key, body);
          }
          out['Content-Encoding'] = 'gzip';
        }
        out['Content-Length'] = body.length;
        writeHead(status, out);
        end(req.method === 'HEAD' ? undefined : body);
      });
      return res;
    }) as typeof res.writeHead;
    // The rule goes by the file sirv will send: `rel` itself, else (`extensions: ['html']`) an HTML file.
    res.setHeader('Cache-Control', notFound ? NO_CACHE : cacheControlFor(isFile(join(root, file)) ? file : `${file.replace(/\/$/, '')}.html`));
    req.url = `/${rel}`;
    let found = true;
    files(req, res, () => {
      found = false;
      res.writeHead = writeHead as typeof res.writeHead;
      res.removeHeader('Cache-Control');
    });
    return found;
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    if (options.loopbackOnly && !loopbackHost(req.headers.host)) {
      res
        .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE })
        .end('Forbidden: open the server as localhost or by its IP address\n');
      return;
    }
    if (handle && (await handle(req, res))) return;
    const [pathname = '/', search] = (req.url ?? '/').split(/\?(.*)/s);
    const text = (status: number, body: string, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE, ...headers }).end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    if (base !== '/' && (pathname === '/' || pathname === base.slice(0, -1))) {
      res.writeHead(302, { Location: base + (search === undefined ? '' : `?${search}`), 'Cache-Control': NO_CACHE }).end();
      return;
    }
    let rel = pathname.startsWith(base) ? pathname.slice(base.length) : null;
    if (rel !== null && !safePath(rel)) return text(400, 'Bad request\n');
    // The shell's server bundle renders pages during the build; it is no file of the site.
    if (rel !== null && /^ssr(\/|$)/i.test(decodeURIComponent(rel))) rel = null;
    // A page's address with a trailing slash goes to the page's own address, where the relative links of its article
    // lead; a folder's `index.html` keeps the slash.
    const page = rel?.endsWith('/') ? decodeURIComponent(rel.slice(0, -1)) : null;
    if (rel && page && isFile(join(root, `${page}.html`)) && !isFile(join(root, page, 'index.html'))) {
      res.writeHead(301, { Location: base + rel.slice(0, -1) + (search === undefined ? '' : `?${search}`), 'Cache-Control': NO_CACHE }).end();
      return;
    }
    // A build swaps the folder in by renaming: wait a moment for it rather than answer 404.
    for (let attempt = 0; attempt < 5; attempt++) {
      if (rel !== null && send(req, res, rel)) return;
      if (existsSync(root)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    delete req.headers['if-none-match'];
    if (!send(req, res, '404.html', true)) text(404, 'Not found\n');
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      console.error('[serve] request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal server error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : Number(options.port ?? 3000);
  // A URL that reaches the server: wildcard hosts are reached through loopback.
  const reach = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  const close = () =>
    new Promise<void>((resolveClose, rejectClose) => {
      server.close((error) => (error ? rejectClose(error) : resolveClose()));
      server.closeAllConnections();
    });
  return { server, url: `http://${reach}:${port}${base}`, port, close };
}

/** The URL to print: loopback and wildcard hosts are shown as `localhost`. */
export function displayUrl(url: string): string {
  return url.replace(/^http:\/\/(127\.0\.0\.1|\[::1\]|0\.0\.0\.0|\[::\])(?=:)/, 'http://localhost');
}

const USAGE = `usage: tsx scripts/serve.ts [--dir dist] [--port 3000] [--host 127.0.0.1] [--gzip | --no-gzip]

Serves a built site under its base path, with the headers the site needs (npm start).

  --dir DIR       the built site (default: dist)
  --port N        the port to serve on (default: PORT, else 3000; 0 takes a free one)
  --host HOST     the address to listen on (default: 127.0.0.1)
  --no-gzip       send files uncompressed (gzip is on by default)
  -h, --help      print this and exit`;

async function main() {
  const args = commandLine(
    'serve',
    USAGE,
    {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string' },
      host: { type: 'string' },
      gzip: { type: 'boolean', default: true },
    },
    checkPort,
  );
  const dir = resolve(args.dir);
  const port = listenPort(args.port)!;
  // Not from `HOST`, which some shells set to the machine's name: that would serve the site to the network.
  const host = args.host ?? '127.0.0.1';
  const gzip = args.gzip;
  if (!existsSync(join(dir, 'index.html'))) console.warn(`[serve] warning: ${dir} has no index.html; run \`npm run build\` first.`);
  const running = await startServer({ dir, port, host, gzip }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `[serve] port ${port} is in use; set PORT or --port.` : '[serve] could not start:',
      error.code === 'EADDRINUSE' ? '' : error,
    );
    process.exit(1);
  });
  console.log(`[serve] serving ${dir} at ${displayUrl(running.url)}${gzip ? '' : ' (gzip off)'}`);
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
