/**
 * The shared e2e build served by a server of the test file's own, which answers
 * some paths the way a slow or broken network or proxy does: late, no answer at
 * all, half a body and then nothing, a dropped connection, or changed bytes. `page.route`
 * sees neither the requests a service worker makes nor a body that stops
 * halfway; this server does both.
 */
import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/serve';

/** How a path is answered. */
export type Fault =
  /** Nothing: no status, no body, until the fault is cleared. */
  | { kind: 'stall' }
  /** The status and half the body, then nothing. */
  | { kind: 'stall-body' }
  /** The connection is closed before any answer (a network failure). */
  | { kind: 'drop' }
  /** The normal answer, `ms` late. */
  | { kind: 'slow'; ms: number }
  /** An HTTP error. */
  | { kind: 'status'; status: number }
  /** The file with its bytes changed by `change`, cached as the server says (a proxy that rewrites). */
  | { kind: 'corrupt'; change: (text: string) => string; cacheControl: string };

/** Content types of the files the faults apply to. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export function useFaultServer() {
  const distDir = inject('distDir');
  const faults: { match: (path: string) => boolean; fault: Fault }[] = [];
  /** Answers left hanging, closed when the faults are cleared. */
  const held = new Set<ServerResponse>();
  /** Every path below the base the server was asked for, in order. */
  const requests: string[] = [];
  let server: RunningServer | undefined;
  /** The fault `path` (below the base, no query) is answered with, if any: the latest set for it. */
  const faultAt = (path: string) => faults.find((f) => f.match(path))?.fault;

  beforeAll(async () => {
    server = await startServer({
      dir: distDir,
      port: 0,
      host: '127.0.0.1',
      handle: (req, res) => {
        const path = (req.url ?? '').split('?')[0]!.replace(/^\/abp-react\//, '');
        requests.push(path);
        const fault = faultAt(path);
        if (!fault) return false;
        if (fault.kind === 'drop') {
          req.socket.destroy();
          return true;
        }
        if (fault.kind === 'slow') return new Promise<boolean>((resolve) => setTimeout(() => resolve(false), fault.ms));
        if (fault.kind === 'status') {
          res.writeHead(fault.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
          res.end(`HTTP ${fault.status}`);
          return true;
        }
        held.add(res);
        res.on('close', () => held.delete(res));
        if (fault.kind === 'stall') return true;
        // A file, or a route's HTML (`docs/faq` is `docs/faq.html`).
        const file = /\.[a-z]+$/.test(path) ? path : `${path}.html`;
        const type = TYPES[/\.[a-z]+$/.exec(file)![0]] ?? 'application/octet-stream';
        const bytes = readFileSync(join(distDir, file));
        if (fault.kind === 'corrupt') {
          res.writeHead(200, { 'content-type': type, 'cache-control': fault.cacheControl });
          res.end(fault.change(bytes.toString('utf8')));
          return true;
        }
        res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length), 'cache-control': 'no-store' });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        return true;
      },
    });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await server?.close();
  });

  return {
    requests,
    /** Absolute URL of a path below the base. */
    url: (path = '') => server!.url + path.replace(/^\//, ''),
    /** Answers `path` (below the base, no query; a RegExp tests it) with `fault` until `clear()`; the latest fault set for a path wins. */
    fault(path: string | RegExp, fault: Fault): void {
      faults.unshift({ match: (p) => (typeof path === 'string' ? p === path.replace(/^\//, '') : path.test(p)), fault });
    },
    /** The fault the host answers the absolute URL `href` with, if any. */
    faultOf: (href: string): Fault | undefined => faultAt(new URL(href).pathname.replace(/^\/abp-react\//, '')),
    /** The host answers normally again; answers left hanging are closed (their requests fail). */
    clear(): void {
      faults.length = 0;
      for (const res of held) res.destroy();
    },
  };
}
