/**
 * Pagefind (`pagefind` on npm) over a build of this site, for the search
 * benchmark's side-by-side figures: the same route HTML this site deploys,
 * one file per route (a small site also writes `x/index.html` beside
 * `x.html`), the `article` element as Pagefind's root.
 */
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import sirv from 'sirv';
import { parseManifest, parseShard } from '../manifest/parse';
import { ROOT_MANIFEST } from '../manifest/constants';

/** Every doc and page route of a build, with the HTML file that renders it. */
function routeFiles(dist: string): { route: string; file: string }[] {
  const root = parseManifest(JSON.parse(readFileSync(join(dist, ROOT_MANIFEST), 'utf8')));
  const out: { route: string; file: string }[] = [];
  for (const name of root.shards) {
    const shard = parseShard(JSON.parse(readFileSync(join(dist, 'blobs', name), 'utf8')), name);
    for (const page of [...Object.values(shard.docs), ...Object.values(shard.pages)]) {
      const file = join(dist, `${page.path.replace(/^\//, '') || 'index'}.html`);
      out.push({ route: page.path, file });
    }
  }
  return out;
}

/** Indexes a build with Pagefind into `<out>/pagefind/`; returns the index's size (every file of its bundle but the UI's). */
export async function buildPagefind(dist: string, out: string): Promise<{ bytes: number; files: number; ms: number }> {
  const started = performance.now();
  mkdirSync(out, { recursive: true });
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'article' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  for (const { route, file } of routeFiles(dist)) {
    const added = await index.addHTMLFile({ url: route, content: readFileSync(file, 'utf8') });
    if (added.errors.length) throw new Error(`pagefind: ${route}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath: join(out, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  const ms = performance.now() - started;
  // The index is what a search reads: the UI's own script and styles are left out.
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (!/^pagefind-(ui|component-ui|modular-ui|highlight)/.test(e.name)) {
        bytes += statSync(path).size;
        files++;
      }
    }
  };
  walk(join(out, 'pagefind'));
  return { bytes, files, ms };
}

/**
 * Serves `<out>` (Pagefind's bundle below `/pagefind/`) with gzip, as this
 * site's server does; `/ui.html`, an empty page for Pagefind's UI; and `/`, a page that runs a Pagefind search:
 * `window.pagefindSearch(query, results)` resolves with the URLs of the first
 * `results` results after loading their fragments, as Pagefind's UI does for
 * the results it shows.
 */
export async function servePagefind(out: string): Promise<{ url: string; close: () => Promise<void> }> {
  const page = `<!doctype html><meta charset="utf-8"><title>Pagefind</title><script type="module">
window.pagefindSearch = async (query, count) => {
  const pf = await import('/pagefind/pagefind.js');
  const search = await pf.search(query);
  const data = await Promise.all(search.results.slice(0, count).map((r) => r.data()));
  return { total: search.results.length, urls: data.map((d) => d.url) };
};
window.pagefindReady = true;
</script>`;
  // The page the first-search measure opens: where Pagefind's UI goes once search opens.
  const ui = '<!doctype html><meta charset="utf-8"><title>Pagefind UI</title><main><h1>Docs</h1><div id="search"></div></main>';
  const files = sirv(out, { dev: true, gzip: false });
  const { gzipSync } = await import('node:zlib');
  const server: Server = createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html' || req.url === '/ui.html') {
      res.setHeader('content-type', 'text/html');
      res.end(req.url === '/ui.html' ? ui : page);
      return;
    }
    // Compress what a host compresses (text types), as GitHub Pages and this site's server do.
    const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const path = req.url?.split('?')[0] ?? '';
    if (accepts && /\.(js|css|json|html)$/.test(path)) {
      try {
        const body = readFileSync(join(out, decodeURIComponent(path)));
        res.setHeader(
          'content-type',
          path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : path.endsWith('.json') ? 'application/json' : 'text/html',
        );
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync(body));
        return;
      } catch {
        // Not there: sirv answers 404.
      }
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
