/**
 * A Mermaid label is text: markup in it (`<img src=…>`, `<b>`) is shown as text, never made into elements of the live
 * document, where the image would be fetched and a handler of it (`onerror=`) tried with only the
 * Content-Security-Policy to stop it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellReady, useBrowser } from './browser';
import { useSiteCopy } from './siteCopy';

const PAGE = `# Diagram labels

\`\`\`mermaid
flowchart LR
  A["<img src=y1>"] --> B["<b>bold</b> label"]
  B --> C[Plain label]
\`\`\`
`;

const b = useBrowser();
const site = useSiteCopy({
  prefix: 'abp-docs-mermaid-labels-',
  // A whole build, shell included, on a machine that may be running other builds.
  setupMs: 400_000,
  prepare: (contentDir) => writeFileSync(join(contentDir, 'docs', 'diagram-labels.md'), PAGE),
});

describe('Mermaid labels', () => {
  it('are drawn as text: no element of theirs is made in the page, no image of theirs fetched', async () => {
    const page = await b.page();
    // Every element the page ever holds, including those Mermaid adds only while it measures a label.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { madeElements: string[] }).madeElements = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element)
              for (const el of [node, ...node.querySelectorAll('img, b')]) seen.push(el.localName === 'img' ? `img ${el.getAttribute('src')}` : el.localName);
      }).observe(document, { childList: true, subtree: true });
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(site.url('docs/diagram-labels'));
    await shellReady(page);
    await page.locator('.mermaid-diagram').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.mermaid-svg svg').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.locator('.mermaid-svg').textContent(), { timeout: 5_000 }).toContain('Plain label');
    expect(await page.locator('.mermaid-svg').textContent()).toMatch(/bold.*label/);
    const made = await page.evaluate(() => (window as unknown as { madeElements: string[] }).madeElements);
    expect(made.filter((name) => name === 'img y1' || name === 'b')).toEqual([]);
    expect(fetched.filter((url) => /\/y1(?:[?#]|$)/.test(url))).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
