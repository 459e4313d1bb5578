/**
 * `search.hosts`: hosts that replace Algolia's own, for a
 * self-hosted Algolia-compatible endpoint and for tests. Shared by the shell's
 * search client and `scripts/searchUpload.ts`, so it touches neither DOM nor Node.
 */

/** An Algolia host as the clients take it. */
export interface AlgoliaHost {
  url: string;
  accept: 'read' | 'write' | 'readWrite';
  protocol: 'http' | 'https';
  port?: number;
}

/**
 * `search.hosts` entries (`host[:port]`, optionally with `http://` or
 * `https://`, default https) as client hosts, tried in the order given; null
 * when none are configured (Algolia's read hosts, then its fallback hosts).
 */
export function algoliaHosts(hosts: string[] | null | undefined): AlgoliaHost[] | null {
  if (!hosts?.length) return null;
  return hosts.map((entry) => {
    const match = /^(https?):\/\/(.+?)\/*$/.exec(entry.trim());
    return { url: match ? match[2]! : entry.trim().replace(/\/+$/, ''), accept: 'readWrite', protocol: match?.[1] === 'http' ? 'http' : 'https' };
  });
}
