/**
 * axe-core on the home page, a doc, the search page and the not-found page, in
 * both colour modes: no serious or critical violation.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();
// `require.resolve` by that name, so that knip sees the use of axe-core too.
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

describe.each(['light', 'dark'] as const)('accessibility in %s mode', (mode) => {
  it.each(['', 'docs/fundamentals/authentication', 'search?q=tenant', 'no/such/page'])('has no serious or critical axe violation on /%s', async (path) => {
    const page = await b.page({ colorScheme: mode });
    // An init script, not a script tag: the pages' Content-Security-Policy allows no inline script.
    await page.addInitScript({ path: axePath });
    await page.goto(b.url(path));
    await page.waitForFunction(() => !document.querySelector('#root[data-static-route]') && document.querySelector('main'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);
  });
});
