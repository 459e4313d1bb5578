/**
 * No fetch waits for ever:
 * a host that stops answering (no answer, or half a body) ends a navigation in
 * "This page could not be loaded" with Retry, as an HTTP error does, and a
 * manifest that stalls on the first load leaves the page the build wrote with
 * the "not answering" notice until it answers.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shellReady, useBrowser } from './browser';
import { useFaultServer, type Fault } from './faultServer';
import { readBuiltManifest } from '../helpers/manifestFixtures';
import { shardOf } from '../../manifest/shards';
import type { Manifest } from '../../manifest/types';

const b = useBrowser();
const host = useFaultServer();
const built: Manifest = readBuiltManifest(inject('distDir'));

const NOTICE = 'The site is not answering right now. You can read this page; navigation will reload pages until the site answers.';
const h1 = (page: Page) => page.locator('main h1').first().textContent();
const sidebarLink = (page: Page, name: string) => page.getByRole('complementary', { name: 'Docs sidebar' }).getByRole('link', { name, exact: true });

/** The requests of each page `clockedPage` made still waiting for an answer or the rest of their body, and those that have their answer. */
const watched = new WeakMap<Page, { pending: Set<Request>; answered: WeakSet<Request> }>();

/** A page of `b` whose clock the test moves on; its requests are watched from before its first load. */
async function clockedPage(): Promise<Page & { errors: string[] }> {
  const page = await b.page();
  const pending = new Set<Request>();
  const answered = new WeakSet<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('response', (response) => answered.add(response.request()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  watched.set(page, { pending, answered });
  // Time runs as usual until the test jumps it.
  await page.clock.install();
  return page;
}

/**
 * Whether every request the page waits on is one the host holds (`stall`, or the half body of `stall-body` once its
 * answer came), and one at least: then only the page's stall timers can end the wait, and moving its clock on makes
 * them fire as they would have, while a request the host answers is never given up for lack of time.
 */
function onlyHeldPending(page: Page): boolean {
  const { pending, answered } = watched.get(page)!;
  return (
    pending.size > 0 &&
    [...pending].every((request) => {
      const fault = host.faultOf(request.url());
      return fault?.kind === 'stall' || (fault?.kind === 'stall-body' && answered.has(request));
    })
  );
}

/**
 * Waits until `target` shows, moving the page's clock on a second at a time while it waits on held requests only:
 * the page's own timers give up on them, without the real wait.
 */
async function heldUntil(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await target.count()) return true;
        if (onlyHeldPending(page)) await page.clock.fastForward(1_000);
        return false;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/** The load error of a navigation, found by its heading and button, whose detail matches `detail`. */
async function loadError(page: Page, detail: RegExp): Promise<void> {
  await heldUntil(page, page.getByRole('heading', { name: 'This page could not be loaded' }));
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  expect(await page.getByText('Loading…').count()).toBe(0);
  expect(await page.locator('.error-screen__detail').textContent()).toMatch(detail);
}

/** The detail of a load error for a file the host stopped sending: the stall was detected, not another failure. */
const STALLED = /stopped answering/;

/**
 * With the faults `setFaults` sets, opening the FAQ from the intro ends in the
 * load error (its detail matching `detail`); once the host answers again (but for the faults `afterwards`
 * sets), Retry shows the FAQ.
 */
async function failsThenRetries(setFaults: () => void, afterwards: () => void = () => {}, detail = STALLED) {
  setFaults();
  const page = await clockedPage();
  try {
    await page.goto(host.url('docs/intro'));
    await shellReady(page);
    await sidebarLink(page, 'Frequently Asked Questions').click();
    await loadError(page, detail);
  } finally {
    host.clear();
  }
  afterwards();
  try {
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Frequently Asked Questions');
  } finally {
    host.clear();
  }
  expect(page.errors).toEqual([]);
  return page;
}

describe('a host that stops answering', () => {
  const faq = built.docs.faq!;

  for (const kind of ['stall', 'stall-body'] as const) {
    it(`ends a navigation whose article and markdown ${kind === 'stall' ? 'never answer' : 'stop halfway'} in "could not be loaded" with Retry, which loads the page once the host answers`, async () => {
      const fault: Fault = { kind };
      await failsThenRetries(() => {
        host.fault(`blobs/${faq.article}`, fault);
        host.fault(`blobs/${faq.blob}`, fault);
      });
    }, 90_000);
  }

  it('ends a navigation whose page shard never answers in "could not be loaded" with Retry', async () => {
    const shard = shardOf(built, '/docs/faq');
    // The navigation needs a shard the first page did not load.
    expect(shard).not.toBe(shardOf(built, '/docs/intro'));
    await failsThenRetries(() => host.fault(`blobs/${shard}`, { kind: 'stall' }));
  }, 90_000);

  it('ends a navigation whose renderer code never arrives in "could not be loaded" with Retry, which loads it once the host answers', async () => {
    // Without its article, the page's markdown is rendered in the browser, by a chunk loaded then.
    const noArticle = () => host.fault(`blobs/${faq.article}`, { kind: 'drop' });
    const page = await failsThenRetries(
      () => {
        noArticle();
        host.fault(/^assets\/chunks\/MarkdownView-[A-Z0-9]+\.js$/, { kind: 'stall' });
      },
      noArticle,
      // The load error of a code chunk does not say why it failed.
      /could not be fetched/,
    );
    expect(await page.locator('main .markdown').count()).toBeGreaterThan(0);
  }, 90_000);

  it('keeps the page the build wrote with the "not answering" notice while the manifest stalls on the first load, and the shell takes over once it answers', async () => {
    host.fault('_app/manifest.json', { kind: 'stall' });
    const page = await clockedPage();
    try {
      await page.goto(host.url('docs/faq'));
      await heldUntil(page, page.getByRole('status').filter({ hasText: NOTICE }));
      expect(await h1(page)).toBe('Frequently Asked Questions');
      expect(await page.locator('#root[data-static-route]').count()).toBe(1);
    } finally {
      host.clear();
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => !document.querySelector('#root[data-static-route]'), null, { timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: NOTICE }).count()).toBe(0);
    await sidebarLink(page, 'Code of Conduct').click();
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe('Code of Conduct');
  }, 90_000);
});
