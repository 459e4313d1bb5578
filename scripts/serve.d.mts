// Types of scripts/serve.mjs for the TypeScript that imports it (scripts/dev.ts, tests).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface StartServerOptions {
  /** Folder to serve, resolved against the cwd; default `dist`. Read on every request, so it may be replaced while serving. */
  dir?: string;
  /** Port; 0 picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Gzip compressible responses for clients that accept it; default true. */
  gzip?: boolean;
  /** Base path of the site; default `/abp-react/`. */
  base?: string;
  /** HTML inserted before `</body>` of every HTML response (dev live reload). */
  inject?: string;
  /** Runs first for every request; resolve true when it has answered. */
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

export interface RunningServer {
  server: Server;
  /** Reachable URL of the site root, e.g. `http://127.0.0.1:3000/abp-react/`. */
  url: string;
  port: number;
  /** Stops listening and drops open connections (keep-alive, event streams). */
  close(): Promise<void>;
}

export declare const CONTENT_TYPES: Readonly<Record<string, string>>;
export declare function contentTypeFor(file: string): string;
export declare function cacheControlFor(rel: string): string;
export declare function acceptsGzip(header: string | string[] | undefined): boolean;
export declare function startServer(options?: StartServerOptions): Promise<RunningServer>;
/** The URL to print: loopback and wildcard hosts shown as `localhost`. */
export declare function displayUrl(url: string): string;
