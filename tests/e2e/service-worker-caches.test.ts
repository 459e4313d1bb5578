/**
 * The service worker never
 * pins a corrupt file (blob names are hashes of their content: checked before
 * storing and before serving), and sites sharing an origin (project sites of
 * `user.github.io`) never wipe each other's caches.
 *
 * The shared e2e build, served by a server of this file that injects the
 * faults (`page.route` does not see the worker's requests).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { laterWorkNow, useBrowser } from './browser';
import { useFaultServer } from './faultServer';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { cacheNames } from '../../src/sw/protocol';
import { offlineCacheOf } from '../../src/sw/storage';

const b = useBrowser();
const distDir = inject('distDir');
const manifest = readBuiltManifest(distDir) as unknown as {
  docs: Record<string, { path: string; title: string; blob: string; article: string }>;
};

const host = useFaultServer();
const url = host.url;
/** The worker's scope: its caches are named by it. */
const scope = () => url('');
/** A proxy's truncated answer (status 200), never kept by the browser's HTTP cache, so every fetch of the worker reaches the server. */
const truncated = { kind: 'corrupt', change: (text: string) => text.slice(0, Math.floor(text.length / 2)), cacheControl: 'no-store' } as const;

/** A page controlled by the site's service worker. */
async function controlledPage(): Promise<Page> {
  const page = await b.clockedPage({ serviceWorkers: 'allow' });
  await page.goto(url('docs/intro'));
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main h1'));
  await laterWorkNow(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  return page;
}

/** Sends a message to the worker and waits for its answer. */
const ask = (page: Page, message: unknown) =>
  page.evaluate(
    (m) =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage(m, [channel.port2]);
      }),
    message,
  );

/** What Cache Storage holds for a URL (any cache), or null. */
const cachedText = (page: Page, href: string) => page.evaluate(async (u) => (await caches.match(u, { ignoreVary: true }))?.text() ?? null, href);

/** Whether the named cache holds a URL. */
const cacheHas = (page: Page, name: string, href: string) =>
  page.evaluate(async ([n, u]) => (await caches.has(n!)) && Boolean(await (await caches.open(n!)).match(u!)), [name, href]);

describe('content-addressed files in the worker', () => {
  it('neither stores nor passes on a blob whose bytes do not match its name, and stores it once the host is fixed', async () => {
    // Blobs without HTTP caching, so every fetch of the worker reaches the server.
    host.fault(/^blobs\//, { kind: 'corrupt', change: (text) => text, cacheControl: 'no-store' });
    const page = await controlledPage();
    const path = `blobs/${manifest.docs['code-of-conduct']!.article}`;
    const href = url(path);
    const real = readFileSync(join(distDir, path), 'utf8');
    host.fault(path, truncated);
    try {
      const status = await page.evaluate(async (u) => (await fetch(u)).status, href);
      expect(status).toBe(502);
      expect(await cachedText(page, href)).toBeNull();
      // The page itself stays readable: its markdown renders instead of the article.
      await page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code of Conduct' }).click();
      await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Code of Conduct');
    } finally {
      host.clear();
    }
    expect(await page.evaluate(async (u) => (await fetch(u)).text(), href)).toBe(real);
    await expect.poll(() => cachedText(page, href)).toBe(real);
  });

  it('drops a stored copy that does not match its name and serves the real file', async () => {
    const page = await controlledPage();
    const href = url(`blobs/${manifest.docs.faq!.blob}`);
    const real = readFileSync(join(distDir, 'blobs', manifest.docs.faq!.blob), 'utf8');
    // The offline-mode cache that holds this URL (`offlineCacheOf`).
    const store = offlineCacheOf({ names: cacheNames(scope()) }, href);
    await page.evaluate(
      async ([name, u]) => (await caches.open(name!)).put(u!, new Response('# Trunc', { headers: { 'content-type': 'text/markdown' } })),
      [store, href],
    );
    expect(await page.evaluate(async (u) => (await fetch(u)).text(), href)).toBe(real);
    expect(await cacheHas(page, store, href)).toBe(false);
  });
});

describe('sites sharing an origin', () => {
  it("names its caches by its scope and leaves other sites' caches alone on a new manifest and on offline mode off", async () => {
    const page = await controlledPage();
    await expect.poll(() => cachedText(page, url('_app/manifest.json')).then(Boolean), { timeout: 15_000 }).toBe(true);
    // Another site below the same origin, with caches of its own and entries in the unscoped names every site shares.
    const otherScope = new URL('/other-site/', url()).href;
    const theirs = `${otherScope}blobs/0123456789abcdef.md`;
    const names = ['docs-content', 'docs-offline', `docs-content-${otherScope}`, `docs-offline-${otherScope}`];
    await page.evaluate(
      async ([u, ...ns]) => {
        for (const n of ns) await (await caches.open(n!)).put(u!, new Response('# Theirs'));
      },
      [theirs, ...names],
    );

    // A content deploy: the worker takes the new manifest and drops the blobs no manifest names.
    host.fault('_app/manifest.json', {
      kind: 'corrupt',
      change: (text) => JSON.stringify({ ...JSON.parse(text), contentHash: 'f'.repeat(16) }),
      cacheControl: 'no-cache',
    });
    try {
      expect(await ask(page, { type: 'CACHE_URLS', urls: [url('_app/manifest.json')] })).toBe(true);
    } finally {
      host.clear();
    }
    expect(await ask(page, { type: 'OFFLINE_OFF' })).toBe(true);

    for (const name of names) expect(await cacheHas(page, name, theirs), name).toBe(true);
    expect(await page.evaluate(() => caches.keys())).toContain(`docs-manifest-${scope()}`);
  });
});
