/** Rendering on several threads gives the same site as rendering on one. */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildContent } from '../../build';
import { outputData } from '../../src/build/output';
import { splitBySize, type RenderJob } from '../../src/build/renderPool';
import { ROOT } from '../helpers/build';

describe('render pool', () => {
  it('cuts jobs into runs of about equal size, in order', () => {
    const jobs: RenderJob[] = [10, 10, 10, 10, 30, 10, 10, 10].map((n, i) => ({ rel: `docs/${i}.md`, display: `content/docs/${i}.md`, bodyLine: 1, path: `/docs/${i}`, body: 'x'.repeat(n) }));
    const shares = splitBySize(jobs, 2);
    expect(shares.map((s) => s.map((j) => j.rel.slice(5, -3)).join(''))).toEqual(['0123', '4567']);
    expect(shares.flat()).toEqual(jobs);
    expect(splitBySize(jobs.slice(0, 1), 3)).toEqual([jobs.slice(0, 1)]);
  });

  it('builds this site with a render worker exactly as in one thread', async () => {
    const contentDir = join(ROOT, 'content');
    const single = await buildContent({ contentDir, shell: null });
    const failures: unknown[] = [];
    const pooled = await buildContent({ contentDir, shell: null, parallel: { root: ROOT, threads: 2, minBytes: 0, onFallback: (e) => failures.push(e) } });
    expect(failures).toEqual([]);
    expect(pooled.rendered).toBe(single.rendered);
    expect(pooled.manifest).toEqual(single.manifest);
    expect([...pooled.files.keys()]).toEqual([...single.files.keys()]);
    for (const [name, data] of single.files) expect(String(await outputData(pooled.files.get(name)!)), name).toBe(String(await outputData(data)));
  }, 60_000);

  it('renders a share in this thread when its worker cannot start', async () => {
    const failures: unknown[] = [];
    const result = await buildContent({ contentDir: join(ROOT, 'content'), shell: null, parallel: { root: join(ROOT, 'no-such-root'), threads: 2, minBytes: 0, onFallback: (e) => failures.push(e) } });
    expect(failures).toHaveLength(1);
    expect(existsSync(join(ROOT, 'no-such-root'))).toBe(false);
    expect(result.rendered).toBeGreaterThan(30);
  }, 60_000);
});
