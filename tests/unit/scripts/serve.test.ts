// scripts/serve.ts (sirv plus our layer) against a small site in a temp folder: clean URLs, 404,
// traversal, cache classes, gzip, ETag/304 and content types.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackHost, startServer, type RunningServer } from '../../../scripts/serve';
import { runScript } from '../../helpers/cli';

const BASE = '/abp-react/';
// Long enough that gzip is worth it; the bodies are told apart by their first words.
const filler = ' lorem ipsum dolor sit amet'.repeat(40);
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><body>HOME${filler}</body></html>`,
  '404.html': `<!doctype html><html><body>NOT FOUND PAGE${filler}</body></html>`,
  'docs/intro.html': `<!doctype html><html><body>INTRO${filler}</body></html>`,
  'guide/index.html': `<!doctype html><html><body>GUIDE INDEX</body></html>`,
  'assets/main-ABC12345.js': `console.log("main");${'/* pad */'.repeat(50)}`,
  'assets/main-ABC12345.css': 'body{color:red}',
  'blobs/0123456789abcdef.md': '# Intro\n\nHello.',
  'blobs/fedcba9876543210.html': '<h1 id="intro">Intro</h1>\n<p>Hello.</p>',
  'search/index.12447a863e1b.json': '{"docs":[]}',
  'search.html': `<!doctype html><html><body>SEARCH PAGE</body></html>`,
  'search/index.html': `<!doctype html><html><body>SEARCH PAGE</body></html>`,
  '_app/manifest.json': '{"version":1}',
  'manifest.webmanifest': '{"name":"ABP React"}',
  'sw.js': 'self.addEventListener("install", () => {});',
  'robots.txt': 'User-agent: *\n',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/img/site-logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'docs/policy.html': `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' data: https:"></head><body>POLICY${filler}</body></html>`,
  'files/guide.pdf': '%PDF-1.4',
  'img/icon.png': '\x89PNG',
  'ssr/render-ABC123.mjs': 'export const renderRoute = () => "";',
};
const SECRET = 'TOP SECRET package.json outside the site';

let tmp: string;
let site: string;
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'serve-test-'));
  site = join(tmp, 'site');
  for (const [rel, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(site, rel)), { recursive: true });
    writeFileSync(join(site, rel), body, rel.endsWith('.png') ? 'latin1' : 'utf8');
  }
  writeFileSync(join(tmp, 'package.json'), SECRET);
  // Symbolic links in the served folder: to a file and a folder outside it, and to a file inside it.
  mkdirSync(join(tmp, 'outside'));
  writeFileSync(join(tmp, 'outside', 'page.html'), SECRET);
  symlinkSync(join(tmp, 'package.json'), join(site, 'img/pw.txt'));
  symlinkSync(join(tmp, 'outside'), join(site, 'elsewhere'));
  symlinkSync(join(tmp, 'outside', 'page.html'), join(site, 'docs/linked.html'));
  writeFileSync(join(site, 'notes.txt'), 'Notes.\n');
  symlinkSync(join(tmp, 'package.json'), join(site, 'notes.txt.gz'));
  symlinkSync('logo.svg', join(site, 'img/logo-copy.svg'));
  server = await startServer({ dir: site, port: 0, host: '127.0.0.1', gzip: true, base: BASE });
  origin = new URL(server.url).origin;
});

afterAll(async () => {
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(origin + path, { headers, redirect: 'manual' });

/** A request whose path is sent byte for byte (fetch would normalize `..` and `%2e%2e`). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET of `path` with the `Host` header `host`, as a page that rebinds its name to this machine sends it. */
function getWithHost(at: string, path: string, host: string): Promise<number> {
  const { hostname, port } = new URL(at);
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers: { Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve', () => {
  it("does not serve the shell's server bundle", async () => {
    const res = await get(`${BASE}ssr/render-ABC123.mjs`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(FILES['404.html']);
    expect((await get(`${BASE}SSR/render-ABC123.mjs`)).status).toBe(404);
  });

  it('answers only loopback names and IP addresses in Host when asked to (the dev server)', async () => {
    expect([loopbackHost('localhost:3000'), loopbackHost('docs.localhost'), loopbackHost('127.0.0.1:80'), loopbackHost('[::1]:3000')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([loopbackHost('evil.example:3000'), loopbackHost('localhost.evil.example'), loopbackHost(undefined)]).toEqual([false, false, false]);
    const dev = await startServer({ dir: site, port: 0, host: '127.0.0.1', gzip: false, base: BASE, loopbackOnly: true });
    try {
      expect(await getWithHost(dev.url, `${BASE}docs/intro`, 'rebound.evil.example')).toBe(403);
      expect(await getWithHost(dev.url, `${BASE}docs/intro`, `localhost:${dev.port}`)).toBe(200);
    } finally {
      await dev.close();
    }
    // A static site's server answers every name: it has nothing a rebinding page could read that the site does not publish.
    expect(await getWithHost(server.url, `${BASE}docs/intro`, 'rebound.evil.example')).toBe(200);
  });

  it('returns a reachable URL under the base', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/abp-react\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves a site at the base its root manifest names, and at the origin root without redirecting it', async () => {
    const other = join(tmp, 'other');
    mkdirSync(join(other, 'docs'), { recursive: true });
    mkdirSync(join(other, '_app'));
    writeFileSync(join(other, 'index.html'), '<!doctype html>ROOT HOME');
    writeFileSync(join(other, 'docs/intro.html'), '<!doctype html>ROOT INTRO');
    const serveWith = async (baseUrl: string) => {
      writeFileSync(join(other, '_app/manifest.json'), JSON.stringify({ site: { baseUrl } }));
      const running = await startServer({ dir: other, port: 0, gzip: false });
      try {
        const at = (path: string) => fetch(new URL(running.url).origin + path, { redirect: 'manual' });
        return { url: running.url, home: await at('/'), intro: await at(`${baseUrl}docs/intro`) };
      } finally {
        await running.close();
      }
    };
    const nested = await serveWith('/elsewhere/');
    expect(new URL(nested.url).pathname).toBe('/elsewhere/');
    expect(nested.home.status).toBe(302);
    expect(nested.home.headers.get('location')).toBe('/elsewhere/');
    expect(await nested.intro.text()).toContain('ROOT INTRO');
    const atRoot = await serveWith('/');
    expect(new URL(atRoot.url).pathname).toBe('/');
    expect(atRoot.home.status).toBe(200);
    expect(await atRoot.home.text()).toContain('ROOT HOME');
    expect(await atRoot.intro.text()).toContain('ROOT INTRO');
  });

  describe('resolution', () => {
    it('serves index.html at the base', async () => {
      const res = await get(BASE);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['index.html']);
    });

    it('serves clean URLs from x.html', async () => {
      const res = await get(`${BASE}docs/intro`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['docs/intro.html']);
    });

    it('serves the file itself', async () => {
      const res = await get(`${BASE}docs/intro.html`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['docs/intro.html']);
    });

    it('serves x/index.html, with or without the trailing slash', async () => {
      for (const path of [`${BASE}guide`, `${BASE}guide/`]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(await res.text()).toBe(FILES['guide/index.html']);
      }
    });

    it("sends a page's address with a trailing slash to the page's own, where its relative links lead", async () => {
      for (const [path, to] of [
        [`${BASE}docs/intro/`, `${BASE}docs/intro`],
        [`${BASE}docs/intro/?q=1`, `${BASE}docs/intro?q=1`],
        [`${BASE}docs/%69ntro/`, `${BASE}docs/%69ntro`],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(301);
        expect(res.headers.get('location')).toBe(to);
      }
    });

    it('serves x.html and x/index.html by their own names too', async () => {
      for (const [path, rel] of [
        [`${BASE}guide/index.html`, 'guide/index.html'],
        [`${BASE}index.html`, 'index.html'],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(await res.text()).toBe(FILES[rel]);
      }
    });

    it('ignores the query string', async () => {
      const res = await get(`${BASE}docs/intro?x=1`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['docs/intro.html']);
    });

    it('decodes percent-encoded names', async () => {
      const res = await get(`${BASE}docs/%69ntro`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['docs/intro.html']);
    });

    it('redirects / and the bare base to the base', async () => {
      for (const path of ['/', '/abp-react']) {
        const res = await get(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location')).toBe(BASE);
      }
    });

    it('answers unknown paths with 404.html and status 404', async () => {
      for (const path of [`${BASE}nope`, `${BASE}docs/missing`, `${BASE}docs/intro/extra`, '/elsewhere', '/abp-reactx/']) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toBe(FILES['404.html']);
      }
    });

    it('answers HEAD without a body', async () => {
      const plain = await rawFetch(`${BASE}docs/intro`, {}, 'HEAD');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(FILES['docs/intro.html']!)));
      expect(plain.body.length).toBe(0);
      const zipped = await rawFetch(`${BASE}docs/intro`, { 'accept-encoding': 'gzip' }, 'HEAD');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(Number(zipped.headers['content-length'])).toBeGreaterThan(0);
      expect(zipped.body.length).toBe(0);
    });

    it('refuses other methods', async () => {
      const res = await fetch(`${origin}${BASE}`, { method: 'POST', body: 'x' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    });
  });

  describe('path traversal', () => {
    const attempts = [
      `${BASE}../package.json`,
      `${BASE}../../package.json`,
      `${BASE}docs/../../package.json`,
      `${BASE}%2e%2e/package.json`,
      `${BASE}%2E%2E/package.json`,
      `${BASE}..%2fpackage.json`,
      `${BASE}..%2Fpackage.json`,
      `${BASE}..%5cpackage.json`,
      `${BASE}%2e%2e%2fpackage.json`,
      `${BASE}docs/%2e%2e/%2e%2e/package.json`,
      `${BASE}%00`,
      `${BASE}%zz`,
      '/../package.json',
      '/abp-react/../site/index.html',
    ];
    for (const path of attempts) {
      it(`never serves ${path}`, async () => {
        const res = await rawGet(path);
        expect([400, 404]).toContain(res.status);
        expect(res.body).not.toContain(SECRET);
        expect(res.body).not.toContain('HOME');
      });
    }

    it('never follows a symbolic link out of the served folder', async () => {
      for (const path of [`${BASE}img/pw.txt`, `${BASE}elsewhere/page.html`, `${BASE}elsewhere/page`, `${BASE}docs/linked`, `${BASE}docs/linked.html`]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        const body = await res.text();
        expect(body, path).not.toContain(SECRET);
        expect(body, path).toContain('NOT FOUND PAGE');
      }
      // A precompressed sibling that leads out refuses the file it would stand for.
      expect((await get(`${BASE}notes.txt`, { 'accept-encoding': 'gzip' })).status).toBe(404);
    });

    it('follows a symbolic link that stays inside the served folder', async () => {
      const res = await get(`${BASE}img/logo-copy.svg`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['img/logo.svg']);
    });

    it('also holds through fetch (which normalizes the path)', async () => {
      for (const path of [`${BASE}../package.json`, `${BASE}%2e%2e/package.json`]) {
        const res = await get(path);
        expect([400, 404]).toContain(res.status);
        expect(await res.text()).not.toContain(SECRET);
      }
    });
  });

  describe('Content-Security-Policy', () => {
    const FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

    it("sends a page's own policy as a header, with frame-ancestors 'none', gzipped or not", async () => {
      for (const encoding of ['gzip', 'identity']) {
        const res = await get(`${BASE}docs/policy`, { 'accept-encoding': encoding });
        expect(res.headers.get('content-security-policy')).toBe(
          "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' data: https:; frame-ancestors 'none'",
        );
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(await res.text()).toContain('POLICY');
      }
    });

    it('runs nothing in a file opened on its own, or in a page without a policy', async () => {
      for (const path of ['img/logo.svg', '_app/manifest.json', 'blobs/fedcba9876543210.html', 'docs/intro', 'nothing-here']) {
        expect((await get(`${BASE}${path}`)).headers.get('content-security-policy'), path).toBe(FILE_POLICY);
      }
    });

    it("leaves the service worker's and a PDF's policy to the browser", async () => {
      for (const path of ['sw.js', 'files/guide.pdf']) expect((await get(`${BASE}${path}`)).headers.get('content-security-policy'), path).toBeNull();
    });

    it('sends the policy of the page before the dev server’s snippet went in', async () => {
      const dev = await startServer({ dir: site, port: 0, gzip: false, base: BASE, inject: '<script src="/abp-react/__dev/client.js"></script>' });
      try {
        const res = await fetch(new URL(`${BASE}docs/policy`, dev.url));
        expect(res.headers.get('content-security-policy')).toBe(
          "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' data: https:; frame-ancestors 'none'",
        );
        expect(await res.text()).toContain('__dev/client.js');
      } finally {
        await dev.close();
      }
    });
  });

  describe('cache headers', () => {
    const cases: [string, string][] = [
      [BASE, 'no-cache'],
      [`${BASE}docs/intro`, 'no-cache'],
      [`${BASE}docs/intro.html`, 'no-cache'],
      [`${BASE}sw.js`, 'no-cache'],
      [`${BASE}_app/manifest.json`, 'no-cache'],
      [`${BASE}assets/main-ABC12345.js`, 'public, max-age=31536000, immutable'],
      [`${BASE}assets/main-ABC12345.css`, 'public, max-age=31536000, immutable'],
      // A site's own image below assets/, named without a hash, may change.
      [`${BASE}assets/img/site-logo.svg`, 'public, max-age=600'],
      [`${BASE}blobs/0123456789abcdef.md`, 'public, max-age=31536000, immutable'],
      [`${BASE}blobs/fedcba9876543210.html`, 'public, max-age=31536000, immutable'],
      [`${BASE}search/index.12447a863e1b.json`, 'public, max-age=31536000, immutable'],
      // The search page's HTML at `search/`, beside the index files: it names the current build.
      [`${BASE}search/`, 'no-cache'],
      [`${BASE}search/index.html`, 'no-cache'],
      [`${BASE}robots.txt`, 'public, max-age=600'],
      [`${BASE}img/logo.svg`, 'public, max-age=600'],
      [`${BASE}manifest.webmanifest`, 'public, max-age=600'],
    ];
    for (const [path, expected] of cases) {
      it(`${path} → ${expected}`, async () => {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe(expected);
      });
    }
  });

  describe('content types', () => {
    const cases: [string, string][] = [
      [`${BASE}docs/intro`, 'text/html; charset=utf-8'],
      [`${BASE}assets/main-ABC12345.js`, 'text/javascript; charset=utf-8'],
      [`${BASE}assets/main-ABC12345.css`, 'text/css; charset=utf-8'],
      [`${BASE}_app/manifest.json`, 'application/json; charset=utf-8'],
      [`${BASE}manifest.webmanifest`, 'application/manifest+json; charset=utf-8'],
      [`${BASE}blobs/0123456789abcdef.md`, 'text/markdown; charset=utf-8'],
      [`${BASE}robots.txt`, 'text/plain; charset=utf-8'],
      [`${BASE}sitemap.xml`, 'text/xml; charset=utf-8'],
      [`${BASE}img/logo.svg`, 'image/svg+xml; charset=utf-8'],
      [`${BASE}img/icon.png`, 'image/png'],
    ];
    for (const [path, expected] of cases) {
      it(`${path} is ${expected}`, async () => {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(expected);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      });
    }
  });

  describe('gzip', () => {
    it('gzips compressible types when the client accepts gzip', async () => {
      for (const rel of ['docs/intro.html', 'assets/main-ABC12345.js', '_app/manifest.json']) {
        const res = await rawFetch(`${BASE}${rel}`, { 'accept-encoding': 'gzip, deflate' });
        expect(res.headers['content-encoding'], rel).toBe('gzip');
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(gunzipSync(res.body).toString('utf8')).toBe(FILES[rel]);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
    });

    it('is transparent to fetch', async () => {
      const res = await get(`${BASE}docs/intro`, { 'accept-encoding': 'gzip' });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await res.text()).toBe(FILES['docs/intro.html']);
    });

    it('gzips the 404 page too', async () => {
      const res = await rawFetch(`${BASE}missing`, { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString('utf8')).toBe(FILES['404.html']);
    });

    it('sends identity without Accept-Encoding, or when gzip is refused', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br' }] as Record<string, string>[]) {
        const res = await rawFetch(`${BASE}docs/intro`, headers);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(res.body.toString('utf8')).toBe(FILES['docs/intro.html']);
      }
    });

    it('sends a precompressed sibling as it is', async () => {
      const gz = join(site, 'assets/main-ABC12345.css.gz');
      writeFileSync(gz, gzipSync('body{color:blue}'));
      try {
        const res = await rawFetch(`${BASE}assets/main-ABC12345.css`, { 'accept-encoding': 'gzip' });
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
        expect(gunzipSync(res.body).toString('utf8')).toBe('body{color:blue}');
        expect((await rawFetch(`${BASE}assets/main-ABC12345.css`, {})).body.toString('utf8')).toBe(FILES['assets/main-ABC12345.css']);
      } finally {
        rmSync(gz);
      }
    });

    it('does not gzip images', async () => {
      const res = await rawFetch(`${BASE}img/icon.png`, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
    });

    it('can be turned off', async () => {
      const plain = await startServer({ dir: site, port: 0, gzip: false, base: BASE });
      try {
        const res = await fetch(`${plain.url}docs/intro`, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(await res.text()).toBe(FILES['docs/intro.html']);
      } finally {
        await plain.close();
      }
    });
  });

  describe('ETag', () => {
    it('answers a matching If-None-Match with 304 and no body', async () => {
      for (const path of [`${BASE}docs/intro`, `${BASE}assets/main-ABC12345.js`, `${BASE}img/icon.png`]) {
        const first = await get(path);
        const etag = first.headers.get('etag');
        expect(etag, path).toBeTruthy();
        await first.arrayBuffer();
        const second = await get(path, { 'if-none-match': etag! });
        expect(second.status, path).toBe(304);
        expect(second.headers.get('etag')).toBe(etag);
        expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
        expect(await second.text()).toBe('');
      }
    });

    it('gives gzip and identity one weak tag, and either revalidates', async () => {
      const identity = (await rawFetch(`${BASE}docs/intro`, {})).headers.etag as string;
      const zipped = (await rawFetch(`${BASE}docs/intro`, { 'accept-encoding': 'gzip' })).headers.etag as string;
      expect(identity).toMatch(/^W\//);
      expect(zipped).toBe(identity);
      expect((await rawFetch(`${BASE}docs/intro`, { 'if-none-match': identity, 'accept-encoding': 'gzip' })).status).toBe(304);
      expect((await get(`${BASE}docs/intro`, { 'if-none-match': identity })).status).toBe(304);
    });

    it('sends the body when the tag differs, and never 304s a 404', async () => {
      const res = await get(`${BASE}docs/intro`, { 'if-none-match': '"stale"' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILES['docs/intro.html']);
      const missing = await get(`${BASE}missing`, { 'if-none-match': '*' });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
    });

    it('changes when the file changes', async () => {
      const before = (await get(`${BASE}robots.txt`)).headers.get('etag');
      await new Promise((r) => setTimeout(r, 20));
      writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
      const res = await get(`${BASE}robots.txt`, { 'if-none-match': before! });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBe(before);
      expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
    });
  });

  describe('hooks for the dev server', () => {
    it("injects a snippet before </body> of a page's HTML, never into an article, and lets a handler answer first", async () => {
      const dev = await startServer({
        dir: site,
        port: 0,
        gzip: false,
        base: BASE,
        inject: '<script>/*live*/</script>',
        handle: (req, res) => {
          if (req.url !== `${BASE}__dev/ping`) return false;
          res.end('pong');
          return true;
        },
      });
      try {
        const html = await (await fetch(`${dev.url}docs/intro`)).text();
        expect(html).toBe(FILES['docs/intro.html']!.replace('</body>', '<script>/*live*/</script></body>'));
        const notFound = await fetch(`${dev.url}missing`);
        expect(notFound.status).toBe(404);
        expect(await notFound.text()).toContain('<script>/*live*/</script></body>');
        expect(await (await fetch(`${dev.url}assets/main-ABC12345.js`)).text()).toBe(FILES['assets/main-ABC12345.js']);
        // An article is named by its bytes: the shell would refuse a copy with the snippet in it.
        expect(await (await fetch(`${dev.url}blobs/fedcba9876543210.html`)).text()).toBe(FILES['blobs/fedcba9876543210.html']);
        expect(await (await fetch(`${dev.url}__dev/ping`)).text()).toBe('pong');
      } finally {
        await dev.close();
      }
    });
  });
});

/** GET with exact headers and the raw (possibly gzipped) body. */
function rawFetch(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('tsx scripts/serve.ts command line', () => {
  it('prints its usage for --help, and refuses a bad port or an argument that is no option with the usage, exit code 2', () => {
    const help = runScript('scripts/serve.ts', ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tsx scripts\/serve\.ts \[--dir dist\] \[--port 3000\] \[--host 127\.0\.0\.1\] \[--gzip \| --no-gzip\]\n/);
    const port = runScript('scripts/serve.ts', ['--port', '70000']);
    expect(port.status).toBe(2);
    expect(port.stderr).toMatch(/^\[serve\] invalid port: 70000\n\nusage: /);
    const stray = runScript('scripts/serve.ts', ['dist']);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/^\[serve\] Unexpected argument 'dist'/);
  }, 120_000);
});
