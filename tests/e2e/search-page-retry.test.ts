/**
 * The search page's
 * results code failing to load says "Unable to fetch results" with Retry, and
 * recovers without a reload once the network is back: by Retry, by a new query
 * (which never shows its results under the old error), and when every chunk
 * the results need beyond the first page's was dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shellReady, useBrowser } from './browser';

const b = useBrowser();
/** A page of `b`, which collects the errors thrown in it. */
type TestPage = Awaited<ReturnType<typeof b.page>>;
const distDir = inject('distDir');
const RESULTS_CHUNK = /\/assets\/chunks\/SearchResults-[A-Z0-9]+\.js(\?.*)?$/;

/**
 * The shell files a first page loads: the entry, the modules it imports (React
 * DOM and the boot), and what those import statically, read from the build.
 */
function firstPageChunks(): Set<string> {
  const assets = join(distDir, 'assets');
  const entry = readdirSync(assets).find((f) => /^main-[A-Z0-9]+\.js$/.test(f))!;
  const seen = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(assets, file), 'utf8');
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    const statics = [...text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const dynamics = dynamic ? [...text.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => m[1]!) : [];
    for (const next of [...statics, ...dynamics]) visit(dir + next, false);
  };
  visit(entry, true);
  return new Set([...seen].map((f) => `/assets/${f}`));
}

const unable = (page: Page) => page.getByRole('alert').filter({ hasText: 'Unable to fetch results' });
const resultCount = (page: Page) => page.getByText(/^\d+ results?\b/);

/** Opens `/search?q=…` with the files `dropped` names (paths below the base) failing as on a lost network; `restore()` brings the network back. */
async function searchWithDroppedChunks(dropped: (path: string) => boolean, q: string): Promise<{ page: TestPage; restore: () => void }> {
  const page = await b.page();
  let offline = true;
  await page.route(
    (u) => offline && dropped(u.pathname.replace(/^\/abp-react/, '')),
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto(b.url(`search?q=${q}`));
  await shellReady(page);
  await unable(page).waitFor({ timeout: 15_000 });
  return { page, restore: () => (offline = false) };
}

describe('the search page when its results code fails to load', () => {
  it('says "Unable to fetch results" with Retry, and Retry shows the results once the network is back', async () => {
    const { page, restore } = await searchWithDroppedChunks((path) => RESULTS_CHUNK.test(path), 'authentication');
    await unable(page).getByRole('button', { name: 'Retry' }).waitFor();
    restore();
    await unable(page).getByRole('button', { name: 'Retry' }).click();
    await resultCount(page).waitFor({ timeout: 15_000 });
    expect(await unable(page).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("shows a new query's results, without the old error, once the network is back", async () => {
    const { page, restore } = await searchWithDroppedChunks((path) => RESULTS_CHUNK.test(path), 'authentication');
    restore();
    await page.getByRole('searchbox', { name: 'Search' }).fill('middleware');
    await resultCount(page).waitFor({ timeout: 15_000 });
    expect(await unable(page).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search results for "middleware"');
  });

  it("recovers without a reload when every chunk the results need beyond the first page's was dropped", async () => {
    const first = firstPageChunks();
    const { page, restore } = await searchWithDroppedChunks(
      (path) => path.startsWith('/assets/') && path.endsWith('.js') && !first.has(path),
      'authentication',
    );
    let loads = 0;
    page.on('load', () => loads++);
    restore();
    await unable(page).getByRole('button', { name: 'Retry' }).click();
    await resultCount(page).waitFor({ timeout: 15_000 });
    expect(await unable(page).count()).toBe(0);
    expect(loads).toBe(0);
  });

  it('offers Retry when the local index (the only source with placeholder credentials) cannot load, and Retry shows the results', async () => {
    const { page, restore } = await searchWithDroppedChunks(
      (path) => /^\/search\/index\.[0-9a-f]+\.json$/.test(path) || /\/localEngine-[A-Z0-9]+\.js$/.test(path),
      'tenant',
    );
    restore();
    await unable(page).getByRole('button', { name: 'Retry' }).click();
    await resultCount(page).waitFor({ timeout: 15_000 });
    expect(await unable(page).count()).toBe(0);
  });
});
