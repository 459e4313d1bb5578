/**
 * A small server of ours that speaks Algolia's REST protocol on 127.0.0.1, for
 * the search tests: `POST /1/indexes/*\/queries` answered from
 * records by substring match, and the batch, operation, task and delete
 * endpoints that `replaceAllObjects` uses.
 *
 * Modes: `healthy`; `slow` (queries answer after `slowMs`, so the modal shows
 * its stalled state after 300 ms); `down` (the port is closed: connection
 * refused); `403` (every request is refused as Algolia refuses a bad key).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the server behaves. */
export type AlgoliaMode = 'healthy' | 'slow' | 'down' | '403';

/** A record as the server stores it (DocSearch-shaped records, or anything with an objectID). */
export type StoredRecord = Record<string, unknown> & { objectID: string };

/** One request the server received. */
interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** The running server. */
export interface AlgoliaServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `127.0.0.1:<port>`, as `search.hosts` takes it (with `http://` in front for plain HTTP). */
  host: string;
  /** Indexes by name. */
  indexes: Map<string, StoredRecord[]>;
  /** Each index's synonyms, as saved. */
  synonyms: Map<string, unknown[]>;
  /** Every request received, oldest first. */
  requests: ReceivedRequest[];
  mode(): AlgoliaMode;
  /** Switches the mode; `down` closes the port, any other mode opens it again. */
  setMode(mode: AlgoliaMode): Promise<void>;
  close(): Promise<void>;
}

/** Options of `startAlgoliaServer`. */
export interface AlgoliaServerOptions {
  /** Application id the server accepts. */
  appId?: string;
  /** Search-only key (queries). */
  searchKey?: string;
  /** Admin key (writes; also allowed to search). */
  adminKey?: string;
  /** Initial indexes. */
  indexes?: Record<string, StoredRecord[]>;
  /** Delay of the `slow` mode, ms. */
  slowMs?: number;
  mode?: AlgoliaMode;
}

/** Marks every occurrence of the words in `text`, as Algolia's highlighting does (values are not escaped by Algolia; we keep them raw). */
function mark(text: string, words: string[]): { value: string; matchLevel: 'none' | 'partial' | 'full'; matchedWords: string[] } {
  const matched = words.filter((w) => text.toLowerCase().includes(w));
  if (!matched.length) return { value: text, matchLevel: 'none', matchedWords: [] };
  const pattern = new RegExp(`(${matched.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return { value: text.replace(pattern, '<mark>$1</mark>'), matchLevel: matched.length === words.length ? 'full' : 'partial', matchedWords: matched };
}

/** Cuts `text` to `n` words around the first match. */
function snippetOf(text: string, words: string[], n: number) {
  const all = text.split(/\s+/);
  const first = Math.max(
    0,
    all.findIndex((w) => words.some((q) => w.toLowerCase().includes(q))),
  );
  const start = Math.max(0, Math.min(first - 2, all.length - n));
  const cut = all.slice(start, start + n).join(' ');
  const h = mark(cut, words);
  return { value: (start > 0 ? '…' : '') + h.value + (start + n < all.length ? '…' : ''), matchLevel: h.matchLevel };
}

type Request = {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  attributesToSnippet?: string[];
  facetFilters?: (string | string[])[];
};

/** Answers one search request from the records. */
function answer(records: StoredRecord[], request: Request, taskQueryId: string) {
  const words = String(request.query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const hitsPerPage = request.hitsPerPage ?? 20;
  const page = request.page ?? 0;
  const snippetSpec = (request.attributesToSnippet ?? []).find((a) => a.startsWith('content:'));
  const snippetWords = snippetSpec ? Number(snippetSpec.split(':')[1]) : 10;
  const filters = (request.facetFilters ?? []).map((f) => (Array.isArray(f) ? f : [f]));
  const text = (r: StoredRecord) => {
    const h = (r.hierarchy ?? {}) as Record<string, string | null>;
    return [...Object.values(h), r.content]
      .filter((v): v is string => typeof v === 'string')
      .join(' ')
      .toLowerCase();
  };
  const matches = records
    .filter((r) =>
      filters.every((any) =>
        any.some((f) => {
          const [k, v] = f.split(':');
          return String(r[k!]) === v;
        }),
      ),
    )
    .filter((r) => words.every((w) => text(r).includes(w)))
    // Page records whose title matches first, then headings, then the rest, as DocSearch's ranking does.
    .map((r, i) => ({
      r,
      i,
      rank: String((r.hierarchy as Record<string, string>)?.lvl1 ?? '')
        .toLowerCase()
        .includes(words[0] ?? '')
        ? r.type === 'lvl1'
          ? 0
          : 1
        : r.type === 'content'
          ? 3
          : 2,
    }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ r }) => r);
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => {
    const hierarchy = (r.hierarchy ?? {}) as Record<string, string | null>;
    const hl = Object.fromEntries(
      Object.entries(hierarchy)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, mark(v!, words)]),
    );
    const content = typeof r.content === 'string' ? r.content : null;
    return {
      objectID: r.objectID,
      url: r.url,
      type: r.type,
      hierarchy,
      content,
      _highlightResult: { hierarchy: hl, ...(content ? { content: mark(content, words) } : {}) },
      _snippetResult: content ? { content: snippetOf(content, words, snippetWords) } : {},
    };
  });
  return {
    hits,
    nbHits: matches.length,
    page,
    nbPages: Math.ceil(matches.length / hitsPerPage),
    hitsPerPage,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query: request.query ?? '',
    params: '',
    index: request.indexName,
    queryID: taskQueryId,
  };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startAlgoliaServer(options: AlgoliaServerOptions = {}): Promise<AlgoliaServer> {
  const appId = options.appId ?? 'TESTAPP';
  const searchKey = options.searchKey ?? 'search-key';
  const adminKey = options.adminKey ?? 'admin-key';
  const slowMs = options.slowMs ?? 1200;
  let mode: AlgoliaMode = options.mode ?? 'healthy';
  const indexes = new Map(Object.entries(options.indexes ?? {}).map(([k, v]) => [k, [...v]]));
  const synonyms = new Map<string, unknown[]>();
  const requests: ReceivedRequest[] = [];
  let nextTask = 1;
  let nextQuery = 1;
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return send(res, 400, { message: 'Invalid JSON', status: 400 });
    }
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers, body });
    const header = (name: string) => query[name] ?? (req.headers[name] as string | undefined);
    const key = header('x-algolia-api-key');
    if (mode === '403' || header('x-algolia-application-id') !== appId || (key !== searchKey && key !== adminKey)) {
      return send(res, 403, { message: 'Invalid Application-ID or API key', status: 403 });
    }
    const write = req.method !== 'GET' && !url.pathname.endsWith('/queries');
    if (write && key !== adminKey) return send(res, 403, { message: 'Method not allowed with this API key', status: 403 });
    if (mode === 'slow') {
      // The response starts at once and ends late: a slow answer, not a dead host. (The browser client's
      // connect timeout runs until the response starts, and Chromium reports that only with a first byte
      // of body: a space, which JSON allows.)
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.write(' ');
      await new Promise((r) => setTimeout(r, slowMs));
    }

    let m: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/1/indexes/*/queries') {
      const reqs = ((body as { requests?: Request[] })?.requests ?? []) as Request[];
      return send(res, 200, { results: reqs.map((r) => answer(indexes.get(r.indexName ?? '') ?? [], r, `query-${nextQuery++}`)) });
    }
    if (req.method === 'POST' && (m = /^\/1\/indexes\/([^/]+)\/batch$/.exec(url.pathname))) {
      const name = decodeURIComponent(m[1]!);
      const records = indexes.get(name) ?? [];
      indexes.set(name, records);
      const objectIDs: string[] = [];
      for (const op of (body as { requests?: { action: string; body: StoredRecord }[] })?.requests ?? []) {
        if (op.action !== 'addObject' && op.action !== 'updateObject') return send(res, 400, { message: `Unsupported action ${op.action}`, status: 400 });
        const objectID = op.body.objectID ?? `auto-${records.length}`;
        const at = records.findIndex((r) => r.objectID === objectID);
        if (at >= 0) records[at] = { ...op.body, objectID };
        else records.push({ ...op.body, objectID });
        objectIDs.push(objectID);
      }
      return send(res, 200, { taskID: nextTask++, objectIDs });
    }
    if (req.method === 'POST' && (m = /^\/1\/indexes\/([^/]+)\/operation$/.exec(url.pathname))) {
      const name = decodeURIComponent(m[1]!);
      const op = body as { operation: 'copy' | 'move'; destination: string; scope?: string[] };
      if (op.operation === 'copy') {
        // With a scope, only settings, rules and synonyms are copied (this server has none): the destination starts empty.
        indexes.set(op.destination, op.scope?.length ? (indexes.get(op.destination) ?? []) : [...(indexes.get(name) ?? [])]);
      } else if (op.operation === 'move') {
        indexes.set(op.destination, indexes.get(name) ?? []);
        indexes.delete(name);
      } else {
        return send(res, 400, { message: `Unsupported operation ${String(op.operation)}`, status: 400 });
      }
      return send(res, 200, { taskID: nextTask++, updatedAt: new Date().toISOString() });
    }
    if (req.method === 'POST' && (m = /^\/1\/indexes\/([^/]+)\/synonyms\/batch$/.exec(url.pathname))) {
      const name = decodeURIComponent(m[1]!);
      const given = Array.isArray(body) ? (body as unknown[]) : [];
      synonyms.set(name, query.replaceExistingSynonyms === 'true' ? given : [...(synonyms.get(name) ?? []), ...given]);
      return send(res, 200, { taskID: nextTask++, updatedAt: new Date().toISOString() });
    }
    if (req.method === 'GET' && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(url.pathname)) {
      return send(res, 200, { status: 'published', pendingTask: false });
    }
    if (req.method === 'DELETE' && (m = /^\/1\/indexes\/([^/]+)$/.exec(url.pathname))) {
      indexes.delete(decodeURIComponent(m[1]!));
      return send(res, 200, { taskID: nextTask++, deletedAt: new Date().toISOString() });
    }
    return send(res, 404, { message: `No route for ${req.method} ${url.pathname}`, status: 404 });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error), status: 500 }));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  if (mode === 'down') await stop();

  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    indexes,
    synonyms,
    requests,
    mode: () => mode,
    async setMode(next) {
      mode = next;
      if (next === 'down') await stop();
      else if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
