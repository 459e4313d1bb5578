/**
 * The build renders every route with the shell's own components and
 * the shell hydrates that HTML. The nodes of the HTML stay in the document
 * (React attaches to them), and no hydration error reaches the console: on
 * every route, in both colour modes, with stored preferences and with a hash.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Manifest } from '../../manifest/types';
import { useBrowser } from './browser';
import { readBuiltManifest } from '../helpers/manifestFixtures';

const b = useBrowser();
const manifest = readBuiltManifest(inject('distDir')) as unknown as Manifest;

/** Remembers the HTML's first heading and navbar link before any script runs. */
const MARK_NODES = () =>
  document.addEventListener('DOMContentLoaded', () => {
    const w = window as unknown as Record<string, Element | null>;
    w.__builtHeading = document.querySelector('main h1');
    w.__builtNavLink = document.querySelector('header a');
  });

/** Loads `path`, waits for the shell, and says whether the HTML's nodes are still the ones on screen. */
async function hydrated(page: Page & { errors: string[] }, path: string): Promise<{ heading: boolean; navLink: boolean; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && errors.push(m.text().slice(0, 300)));
  await page.goto(b.url(path));
  await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
  const same = await page.evaluate(() => {
    const w = window as unknown as Record<string, Element | null>;
    return {
      heading: w.__builtHeading === document.querySelector('main h1') && Boolean(w.__builtHeading?.isConnected),
      navLink: w.__builtNavLink === document.querySelector('header a'),
    };
  });
  return { ...same, errors: [...errors, ...page.errors] };
}

const routes = [...Object.keys(manifest.routes).map((p) => p.slice(1)), 'no/such/page'];

describe.each(['light', 'dark'] as const)('hydration in %s mode', (colorScheme) => {
  it('keeps the HTML of every route, and of the not-found page, with no hydration error', async () => {
    const page = await b.page({ colorScheme });
    await page.addInitScript(MARK_NODES);
    for (const path of routes) {
      expect(await hydrated(page, path), path).toEqual({ heading: true, navLink: true, errors: [] });
    }
  }, 180_000);
});

describe('hydration with what differs per reader', () => {
  it('keeps the HTML with a stored colour mode, a collapsed sidebar, a closed announcement, a hash and a query', async () => {
    const page = await b.page({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(MARK_NODES);
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('docs-sidebar-hidden', '1');
    });
    for (const path of ['docs/fundamentals/middleware#matcher', 'docs/intro/index.html', 'docs/intro.html', 'search?q=tenant', '']) {
      expect(await hydrated(page, path), path).toEqual({ heading: true, navLink: true, errors: [] });
    }
    // The stored choices are applied, before the first paint and after hydration alike.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.goto(b.url('docs/intro'));
    await page.waitForFunction(() => !document.querySelector('#root[data-static-route]'));
    expect(await page.getByRole('button', { name: 'Expand sidebar' }).count()).toBe(1);
  });

  it('keeps the HTML on a phone-sized screen, where CSS shows the mobile navbar', async () => {
    const page = await b.page({ viewport: { width: 390, height: 800 } });
    await page.addInitScript(MARK_NODES);
    for (const path of ['docs/intro', '', 'docs/category/fundamentals']) {
      expect(await hydrated(page, path), path).toEqual({ heading: true, navLink: true, errors: [] });
    }
    expect(await page.getByRole('button', { name: 'Open navigation menu' }).isVisible()).toBe(true);
  });

  it('serves x/index.html as page x at once, with status 200', async () => {
    const page = await b.page();
    const response = await page.goto(b.url('docs/intro/index.html'));
    expect(response?.status()).toBe(200);
    // Before any script: the static HTML is already the intro.
    expect(await page.locator('main h1').first().textContent()).toBe(manifest.docs.intro!.title);
  });
});

describe('the shell starts after the first frame', () => {
  it('requests no script while the page is parsed and laid out, then hydrates it', async () => {
    const page = await b.page();
    // The first animation frame: the browser is about to lay out and paint what it has parsed.
    await page.addInitScript(() => requestAnimationFrame(() => ((window as unknown as { __frame: number }).__frame = performance.now())));
    await page.goto(b.url('docs/intro'));
    await page.waitForFunction(() => !document.querySelector('#root[data-static-route]'));
    const timing = await page.evaluate(() => ({
      frame: (window as unknown as { __frame?: number }).__frame ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => e.startTime),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    }));
    expect(timing.frame).not.toBeNull();
    expect(timing.preloads).toBe(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.frame!);
  });
});
