/**
 * MDX pages in the browser, on a copy of the site with a page of two tab sets of one group and a page of the site's
 * own components. Tabs: the ARIA tabs pattern and its keys, the group switching together and remembered under
 * Docusaurus's key, the address's `queryString`. Components: the build's markup shown before the shell runs, then
 * hydrated with their chunk and styles. Both the same after a client navigation, where the article is the build's
 * HTML without a page load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellReady, useBrowser } from './browser';
import { useSiteCopy } from './siteCopy';

const PAGE = `---
title: Package managers
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Package managers

See [the introduction](./intro.md).

<Tabs groupId="pm" queryString>
  <TabItem value="npm" label="npm">Install with npm.</TabItem>
  <TabItem value="yarn" label="Yarn">Install with Yarn.</TabItem>
  <TabItem value="pnpm" label="pnpm">Install with pnpm.</TabItem>
</Tabs>

## Later

<Tabs groupId="pm">
  <TabItem value="npm" label="npm">Run with npm.</TabItem>
  <TabItem value="yarn" label="Yarn">Run with Yarn.</TabItem>
  <TabItem value="pnpm" label="pnpm">Run with pnpm.</TabItem>
</Tabs>
`;

const COMPONENTS_PAGE = `---
title: Own components
---

import Counter from '@site/src/components/Counter';

# Own components

<Counter start={2} label="Clicks">

The count starts at **two**.

</Counter>
`;

const COMPONENT_FILES: Record<string, string> = {
  'src/components/Counter/index.jsx': `import React, { useState } from 'react';
import styles from './styles.module.css';

export default function Counter({ start, label, children }) {
  const [n, setN] = useState(start);
  return (
    <div className={styles.counter}>
      {children}
      <button type="button" onClick={() => setN(n + 1)}>{label}: {n}</button>
    </div>
  );
}
`,
  'src/components/Counter/styles.module.css': '.counter { outline: 3px solid rgb(102, 51, 153); }\n',
};

const b = useBrowser();
const site = useSiteCopy({
  prefix: 'abp-docs-mdx-tabs-',
  // A whole build, shell included, on a machine that may be running other builds.
  setupMs: 400_000,
  prepare: (contentDir) => {
    writeFileSync(join(contentDir, 'docs', 'package-managers.mdx'), PAGE);
    writeFileSync(join(contentDir, 'docs', 'own-components.mdx'), COMPONENTS_PAGE);
    for (const [rel, text] of Object.entries(COMPONENT_FILES)) {
      mkdirSync(join(contentDir, rel, '..'), { recursive: true });
      writeFileSync(join(contentDir, rel), text);
    }
    // Links to the pages from the introduction, for client navigations.
    writeFileSync(
      join(contentDir, 'docs', 'intro.md'),
      `${'# Introduction\n\n'}Read [package managers](./package-managers.mdx) and [own components](./own-components.mdx).\n`,
      { flag: 'w' },
    );
  },
});

type Page = Awaited<ReturnType<typeof b.page>>;

/** A page opened at the introduction, then at the page its link `link` leads to by a client navigation (no reload). */
async function navigatedFromIntro(link: string, title: string): Promise<Page> {
  const page = await b.page();
  await page.goto(site.url('docs/intro'));
  await shellReady(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('main').getByRole('link', { name: link, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(title);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'client navigation, not a reload').toBe(1);
  return page;
}

describe("the site's own components", () => {
  it("shows the build's markup before any script, then hydrates it: the component's state works, its styles apply", async () => {
    const page = await b.page({ javaScriptEnabled: false });
    await page.goto(site.url('docs/own-components'));
    const button = page.getByRole('button', { name: 'Clicks: 2' });
    expect(await button.count()).toBe(1);
    expect(await page.getByText('The count starts at two.').count()).toBe(1);

    const live = await b.page();
    await live.goto(site.url('docs/own-components'));
    await shellReady(live);
    // A click before the component's chunk has loaded does nothing: clicked until one counts.
    const counter = live.getByRole('button', { name: /^Clicks/ });
    await expect
      .poll(async () => {
        await counter.click();
        return counter.textContent();
      })
      .toMatch(/^Clicks: [3-9]$/);
    expect(await live.getByText('The count starts at two.').count()).toBe(1);
    const outline = await live.getByRole('button', { name: /^Clicks/ }).evaluate((el) => getComputedStyle(el.parentElement!).outlineColor);
    expect(outline).toBe('rgb(102, 51, 153)');
    expect(live.errors).toEqual([]);
  });

  it('hydrates the same after a client navigation to the page', async () => {
    const page = await navigatedFromIntro('own components', 'Own components');
    const button = page.getByRole('button', { name: /^Clicks/ });
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .not.toBe('Clicks: 2');
    expect(await button.evaluate((el) => getComputedStyle(el.parentElement!).outlineColor)).toBe('rgb(102, 51, 153)');
    expect(page.errors).toEqual([]);
  });
});

/** The selected tab of each tablist, by its name. */
const selected = (page: Page) => page.getByRole('tab', { selected: true }).allTextContents();

describe('MDX tabs', () => {
  it('follows the tabs pattern: arrows, Home and End move and select, the panel shown is the selected tab', async () => {
    const page = await b.page();
    await page.goto(site.url('docs/package-managers'));
    await shellReady(page);
    const lists = page.getByRole('tablist');
    await expect.poll(() => lists.count()).toBe(2);
    const first = lists.first();
    expect(await selected(page)).toEqual(['npm', 'npm']);
    await first.getByRole('tab', { name: 'npm', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yarn');
    expect(await first.getByRole('tab', { name: 'Yarn', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'Yarn', exact: true }).first().textContent()).toBe('Install with Yarn.');
    expect(await page.getByText('Install with npm.').isVisible()).toBe(false);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('npm');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('npm');
    // Only the selected tab is in the tab order.
    expect(await first.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).tabIndex))).toEqual([0, -1, -1]);
    expect(page.errors).toEqual([]);
  });

  it('switches the whole group, keeps the choice in localStorage and the address, and takes it back on the next visit', async () => {
    const page = await b.page();
    await page.goto(site.url('docs/package-managers'));
    await shellReady(page);
    await page.getByRole('tablist').first().getByRole('tab', { name: 'pnpm', exact: true }).click();
    expect(await selected(page)).toEqual(['pnpm', 'pnpm']);
    expect(await page.getByText('Run with pnpm.').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.pm'))).toBe('pnpm');
    expect(new URL(page.url()).searchParams.get('pm')).toBe('pnpm');

    await page.goto(site.url('docs/package-managers'));
    await shellReady(page);
    await expect.poll(() => selected(page)).toEqual(['pnpm', 'pnpm']);

    // The address wins over the stored choice for the tab set that reads it.
    await page.goto(site.url('docs/package-managers?pm=yarn'));
    await shellReady(page);
    await expect.poll(() => selected(page)).toEqual(['Yarn', 'pnpm']);
  });

  it('works the same after a client navigation to the page', async () => {
    const page = await navigatedFromIntro('package managers', 'Package managers');
    await page.getByRole('tablist').last().getByRole('tab', { name: 'Yarn', exact: true }).click();
    expect(await selected(page)).toEqual(['Yarn', 'Yarn']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.pm'))).toBe('yarn');
    expect(page.errors).toEqual([]);
  });
});
