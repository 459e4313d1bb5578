/**
 * "Save for offline
 * reading" never freezes: a network that drops or stalls for some seconds
 * during the save, a storage that fills up, or a worker the browser stops,
 * ends in a message with "Try again" or in a save that goes on by itself, and
 * the save completes once the cause is gone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { laterWorkNow, shellReady, useBrowser, workerControls } from './browser';
import { useFaultServer } from './faultServer';
import { SAVE_SILENCE_MS } from '../../src/data/persistOfflineActions';

const b = useBrowser();
/** A page of `b`, which collects the errors thrown in it. */
type TestPage = Awaited<ReturnType<typeof b.page>>;
const host = useFaultServer();

const STOPPED = 'Saving for offline reading stopped: the network connection was lost. Saving goes on once it is back.';
/** Pages answer late while saving, so a test can act while the save is under way. */
const SLOW_PAGES = { kind: 'slow', ms: 300 } as const;

/**
 * A page controlled by the worker, whose save for offline reading is under way (three pages saved or more); `faults`
 * are set before it starts. The test can move the page's clock on; the worker's runs as usual.
 */
async function savingPage(faults: () => void = () => {}): Promise<TestPage> {
  const page = await b.clockedPage({ serviceWorkers: 'allow' });
  await page.goto(host.url('docs/intro'));
  await shellReady(page);
  // The worker registers once the first page has had the network to itself for a while, which the tests skip.
  await laterWorkNow(page);
  await workerControls(page);
  host.fault(/^docs\/./, SLOW_PAGES);
  faults();
  const control = panel(page);
  await control.getByRole('button', { name: 'Save for offline reading' }).click();
  await control.getByText(/^Saving ([3-9]|\d\d+) of \d+ pages for offline reading$/).waitFor({ timeout: 30_000 });
  return page;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Offline reading' });
const available = (page: Page) => panel(page).getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
const stopped = (page: Page) => panel(page).getByRole('alert').filter({ hasText: STOPPED });

/**
 * Waits until the save is done, moving the page's clock on a second at a time while the save stands stopped by the
 * network: the page's retries come as they would, without their real wait. While saving, the clock is left alone, so
 * the page never takes the worker for silent.
 */
async function resumedUntilAvailable(page: Page): Promise<void> {
  const done = panel(page).getByText('Available offline', { exact: true });
  await expect
    .poll(
      async () => {
        if (await done.count()) return true;
        if (await stopped(page).count()) await page.clock.fastForward(1_000);
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

describe('saving for offline reading', () => {
  for (const kind of ['drop', 'stall'] as const) {
    it(`says the save stopped when the network ${kind === 'drop' ? 'drops' : 'stalls'} for some seconds, and goes on by itself once it is back`, async () => {
      const page = await savingPage();
      try {
        host.fault(/./, { kind });
        await stopped(page).waitFor({ timeout: 30_000 });
        expect(await panel(page).getByRole('button', { name: 'Try again' }).count()).toBe(1);
        // Some seconds of the page's time, a second at a time, each given the real time its retries take to fail.
        for (let second = 0; second < 8; second++) {
          await page.clock.fastForward(1_000);
          await sleep(100);
        }
      } finally {
        host.clear();
      }
      await resumedUntilAvailable(page);
      expect(page.errors).toEqual([]);
    }, 120_000);
  }

  it('ends in the error with Try again when the host fails a page, reporting no page saved after it, and Try again saves every page', async () => {
    const page = await savingPage(() => host.fault('docs/fundamentals/middleware', { kind: 'status', status: 500 }));
    const failed = panel(page)
      .getByRole('alert')
      .filter({ hasText: /^Saving for offline reading failed: .*docs\/fundamentals\/middleware answered HTTP 500\.$/ });
    await failed.waitFor({ timeout: 30_000 });
    // The other pages being saved when it failed finish first: the error is the last word, not a progress that never ends.
    await page.waitForTimeout(3_000);
    expect(await failed.count()).toBe(1);
    host.clear();
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await available(page);
  }, 120_000);

  it('says the storage is full when it fills up during the save, and Try again saves once there is space', async () => {
    const page = await savingPage();
    const origin = new URL(host.url()).origin;
    const cdp = await page.context().newCDPSession(page);
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 2_000 });
    try {
      await panel(page).getByRole('alert').filter({ hasText: 'There is not enough storage space on this device' }).waitFor({ timeout: 30_000 });
      // The save has stopped for good: no page is reported saved after the error.
      await page.waitForTimeout(3_000);
      expect(await panel(page).getByRole('alert').filter({ hasText: 'There is not enough storage space on this device' }).count()).toBe(1);
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    }
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await available(page);
  }, 120_000);

  it('asks again when the browser stops the worker during the save, and the save completes', async () => {
    const page = await savingPage();
    const cdp = await page.context().newCDPSession(page);
    const running = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) running.set(version.versionId, version.runningStatus);
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => running.size > 0 && [...running.values()].every((status) => status === 'stopped')).toBe(true);
    // The page's wait for the stopped worker's next word runs out at once.
    await page.clock.fastForward(SAVE_SILENCE_MS);
    await available(page);
  }, 120_000);
});
