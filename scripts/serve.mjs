#!/usr/bin/env node
/**
 * Dependency-free static server for the built site (`npm start`), and the
 * server the dev script and browser tests reuse through `startServer()`.
 *
 *   node scripts/serve.mjs [--dir dist] [--port 3000] [--host 127.0.0.1] [--no-gzip]
 *
 * PORT and HOST are read from the environment; flags win. The site lives under
 * the base path `/abp-react/`, as on GitHub Pages:
 *
 * - `/abp-react/x` serves `x`, else `x.html`, else `x/index.html`
 *   (`/abp-react/x/` tries `x/index.html`, then `x.html`);
 * - `/` and `/abp-react` redirect (302) to `/abp-react/`;
 * - anything else, including every path outside the base, gets `404.html`
 *   with status 404;
 * - `..`, `.`, encoded separators (`%2f`, `%5c`) and NUL bytes in a path get
 *   400, and a resolved file must lie inside the served folder (symlinks
 *   included), so nothing outside it is ever read.
 *
 * Cache-Control, as a production host should send it:
 *
 * - `no-cache` (always revalidate; cheap thanks to ETag/304) for every HTML
 *   file outside `blobs/`, `sw.js` and `manifest.json`: these name the current build's hashed
 *   files, so a stale copy would pin readers to an old build (a stale `sw.js`
 *   would delay service-worker updates, a stale manifest would point at
 *   superseded blobs).
 * - `public, max-age=31536000, immutable` for `assets/**`, `blobs/**` (the
 *   pages' markdown and rendered articles) and `search/**`: their names carry a content hash, so a URL never changes
 *   content and may be cached forever.
 * - `public, max-age=600` for everything else (images, `robots.txt`,
 *   `sitemap.xml`, `manifest.webmanifest`, …): unhashed but rarely changing;
 *   ten minutes is what GitHub Pages sends.
 *
 * Every 200 carries an ETag (size and mtime; weak when the body is gzipped,
 * with a suffix when HTML is rewritten), and a matching If-None-Match gets 304.
 * With gzip on (the default), compressible types are gzipped for clients that
 * accept it, with `Vary: Accept-Encoding`.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);

/** Content types by extension; text types carry `charset=utf-8`. */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=600';

/** Content type of a file name. */
export function contentTypeFor(file) {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Cache-Control for a file below the served folder (`/`-separated; see the header comment). */
export function cacheControlFor(rel) {
  if (/^(assets|blobs|search)\//.test(rel)) return IMMUTABLE;
  if (rel === 'sw.js' || rel === 'manifest.json' || rel.toLowerCase().endsWith('.html')) return NO_CACHE;
  return SHORT;
}

function compressible(type) {
  return /^text\/|^application\/(json|manifest\+json|xml|wasm)|^image\/(svg\+xml|x-icon)/.test(type);
}

/** Whether an Accept-Encoding header allows gzip (honours `q=0` and `*`). */
export function acceptsGzip(header) {
  if (!header) return false;
  let gzip;
  let star;
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') gzip = q > 0;
    else if (name.trim() === '*') star = q > 0;
  }
  return gzip ?? star ?? false;
}

/** Weak comparison of an If-None-Match header against an ETag (RFC 9110 §13.1.2). */
function etagMatches(header, etag) {
  if (!header) return false;
  const bare = (t) => t.trim().replace(/^W\//, '');
  const mine = bare(etag);
  return String(header)
    .split(',')
    .some((t) => t.trim() === '*' || bare(t) === mine);
}

function normalizeBase(base) {
  let b = base || '/';
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b;
}

/** Inserts `snippet` before the last `</body>` (or appends it). */
function injectHtml(html, snippet) {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? html + snippet : html.slice(0, at) + snippet + html.slice(at);
}

class BadRequest extends Error {}

/**
 * Maps a request path below the base to candidate files (`/`-separated,
 * relative to the served folder). Throws BadRequest on traversal attempts.
 */
function candidatesFor(relUrl) {
  const segments = relUrl.split('/');
  const dirRequest = segments.length > 0 && segments[segments.length - 1] === '';
  const parts = [];
  for (const raw of segments) {
    if (raw === '') continue;
    let seg;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw new BadRequest('malformed URL encoding');
    }
    if (seg === '.' || seg === '..' || /[/\\\0]/.test(seg)) throw new BadRequest('invalid path segment');
    parts.push(seg);
  }
  const rel = parts.join('/');
  if (rel === '') return ['index.html'];
  return dirRequest ? [`${rel}/index.html`, `${rel}.html`] : [rel, `${rel}.html`, `${rel}/index.html`];
}

/**
 * Starts the server. Resolves once it listens.
 *
 * @param {object} [options]
 * @param {string} [options.dir='dist'] Folder to serve (resolved against the cwd). Read on every request, so it may be replaced while serving.
 * @param {number} [options.port=3000] Port; 0 picks a free one.
 * @param {string} [options.host='127.0.0.1'] Interface to listen on.
 * @param {boolean} [options.gzip=true] Gzip compressible responses for clients that accept it.
 * @param {string} [options.base='/abp-react/'] Base path of the site.
 * @param {string} [options.inject] HTML inserted before `</body>` of every HTML response (dev live reload).
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean | Promise<boolean>} [options.handle]
 *   Runs first for every request; return true when it has answered.
 * @returns {Promise<{ server: import('node:http').Server, url: string, port: number, close: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const root = resolve(options.dir ?? 'dist');
  const base = normalizeBase(options.base ?? '/abp-react/');
  const host = options.host ?? '127.0.0.1';
  const useGzip = options.gzip ?? true;
  const inject = options.inject;
  const injectTag = inject ? createHash('sha256').update(inject).digest('hex').slice(0, 8) : '';
  const handle = options.handle;

  /** Gzipped bodies by file and ETag; small, since the site is small. */
  const gzipCache = new Map();
  const GZIP_CACHE_MAX = 256;

  async function findFile(candidates) {
    let rootReal;
    try {
      rootReal = await realpath(root);
    } catch {
      return null;
    }
    for (const rel of candidates) {
      const abs = resolve(root, ...rel.split('/'));
      if (!abs.startsWith(root + sep)) continue;
      try {
        const st = await stat(abs);
        if (!st.isFile()) continue;
        const real = await realpath(abs);
        if (!real.startsWith(rootReal + sep)) continue;
        return { abs, rel, st };
      } catch {
        // not there; try the next candidate
      }
    }
    return null;
  }

  /** Finds a file, retrying briefly while the served folder is being swapped by a build. */
  async function findFileSettled(candidates) {
    for (let attempt = 0; ; attempt++) {
      const found = await findFile(candidates);
      if (found || attempt >= 4) return found;
      try {
        await stat(root);
        return null;
      } catch {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }

  async function sendFile(req, res, file, status) {
    const type = contentTypeFor(file.abs);
    const isHtml = type.startsWith('text/html');
    const rewrite = isHtml && inject;
    const zippable = useGzip && compressible(type);
    const zip = zippable && acceptsGzip(req.headers['accept-encoding']);
    let etag = `${file.st.size.toString(16)}-${Math.floor(file.st.mtimeMs).toString(16)}${rewrite ? `-${injectTag}` : ''}`;
    etag = zip ? `W/"${etag}"` : `"${etag}"`;
    const headers = {
      'Content-Type': type,
      'Cache-Control': status === 200 ? cacheControlFor(file.rel) : NO_CACHE,
      'X-Content-Type-Options': 'nosniff',
    };
    if (zippable) headers.Vary = 'Accept-Encoding';
    if (status === 200) {
      headers.ETag = etag;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    if (!rewrite && !zip) {
      headers['Content-Length'] = file.st.size;
      res.writeHead(status, headers);
      if (req.method === 'HEAD') return void res.end();
      const stream = createReadStream(file.abs);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
      return;
    }
    let body;
    const key = `${file.abs}\0${etag}`;
    if (zip && gzipCache.has(key)) {
      body = gzipCache.get(key);
    } else {
      body = await readFile(file.abs);
      if (rewrite) body = Buffer.from(injectHtml(body.toString('utf8'), inject), 'utf8');
      if (zip) {
        body = await gzipAsync(body);
        if (gzipCache.size >= GZIP_CACHE_MAX) gzipCache.delete(gzipCache.keys().next().value);
        gzipCache.set(key, body);
      }
    }
    if (zip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendText(res, status, text, extra = {}) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE, 'Content-Length': Buffer.byteLength(text), ...extra });
    res.end(text);
  }

  async function notFound(req, res) {
    const page = await findFileSettled(['404.html']);
    if (page) return sendFile(req, res, page, 404);
    sendText(res, 404, 'Not found\n');
  }

  async function onRequest(req, res) {
    if (handle && (await handle(req, res))) return;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    if (pathname === '/' || pathname === base.slice(0, -1)) {
      res.writeHead(302, { Location: base + search, 'Cache-Control': NO_CACHE, 'Content-Length': 0 });
      return void res.end();
    }
    if (!pathname.startsWith(base)) return notFound(req, res);
    let candidates;
    try {
      candidates = candidatesFor(pathname.slice(base.length));
    } catch (error) {
      if (error instanceof BadRequest) return sendText(res, 400, 'Bad request\n');
      throw error;
    }
    const file = await findFileSettled(candidates);
    if (!file) return notFound(req, res);
    return sendFile(req, res, file, 200);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error) => {
      console.error('[serve] request failed:', error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error\n');
      else res.destroy();
    });
  });

  await new Promise((resolveListen, rejectListen) => {
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
  const url = `http://${reach}:${port}${base}`;
  const close = () =>
    new Promise((resolveClose, rejectClose) => {
      server.close((error) => (error ? rejectClose(error) : resolveClose()));
      server.closeAllConnections();
    });
  return { server, url, port, close };
}

/** The URL to print: loopback and wildcard hosts are shown as `localhost`. */
export function displayUrl(url) {
  return url.replace(/^http:\/\/(127\.0\.0\.1|\[::1\]|0\.0\.0\.0|\[::\])(?=:)/, 'http://localhost');
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    if (i >= 0) return args[i + 1];
    const eq = args.find((a) => a.startsWith(`${name}=`));
    return eq ? eq.slice(name.length + 1) : undefined;
  };
  if (args.includes('--help') || args.includes('-h')) {
    console.log('usage: node scripts/serve.mjs [--dir dist] [--port 3000] [--host 127.0.0.1] [--gzip | --no-gzip]\n(PORT and HOST are read from the environment too)');
    return;
  }
  const dir = resolve(flag('--dir') ?? 'dist');
  const port = Number(flag('--port') ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[serve] invalid port: ${flag('--port') ?? process.env.PORT}`);
    process.exit(2);
  }
  const host = flag('--host') ?? process.env.HOST ?? '127.0.0.1';
  const gzip = !args.includes('--no-gzip');
  try {
    await stat(resolve(dir, 'index.html'));
  } catch {
    console.warn(`[serve] warning: ${dir} has no index.html; run \`npm run build\` first.`);
  }
  let running;
  try {
    running = await startServer({ dir, port, host, gzip, base: '/abp-react/' });
  } catch (error) {
    if (error && error.code === 'EADDRINUSE') console.error(`[serve] port ${port} is in use; set PORT or --port.`);
    else console.error('[serve] could not start:', error);
    process.exit(1);
  }
  console.log(`[serve] serving ${dir} at ${displayUrl(running.url)}${gzip ? '' : ' (gzip off)'}`);
  const stop = () => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
