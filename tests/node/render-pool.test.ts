/** Rendering on several threads gives the same site as rendering on one; pages with one body share its parse. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildContent, BuildSession } from '../../build';
import { BuildError } from '../../node/problems';
import { outputData } from '../../node/output';
import { warmRenderWorker } from '../../node/renderPool';
import { snapshotVersion } from '../../scripts/docsVersion';
import { ROOT } from '../helpers/build';

const contentDir = join(ROOT, 'content');

/** This site built in one thread, once for the file: every build of it with workers is compared with the same build. */
let thisSite: ReturnType<typeof buildContent> | undefined;

/** Builds this site (or the one in `content`) in one thread, then with one render worker, and expects the same files. */
async function expectSameSite(parallel: NonNullable<Parameters<typeof buildContent>[0]['parallel']>, content = contentDir) {
  const single = await (content === contentDir ? (thisSite ??= buildContent({ contentDir, shell: null })) : buildContent({ contentDir: content, shell: null }));
  const pooled = await buildContent({ contentDir: content, shell: null, parallel });
  expect(pooled.rendered).toBe(single.rendered);
  expect(pooled.manifest).toEqual(single.manifest);
  expect([...pooled.files.keys()]).toEqual([...single.files.keys()]);
  for (const [name, data] of single.files) expect(String(await outputData(pooled.files.get(name)!)), name).toBe(String(await outputData(data)));
  return { single, pooled };
}

describe('render pool', () => {
  // A project root whose render worker is `source` (the real one is at `real`), for workers that misbehave.
  const roots: string[] = [];
  const rootWithWorker = (source: (real: string) => string) => {
    const root = mkdtempSync(join(tmpdir(), 'render-pool-'));
    roots.push(root);
    mkdirSync(join(root, 'node'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    copyFileSync(join(ROOT, 'node/workerEntry.mjs'), join(root, 'node/workerEntry.mjs'));
    writeFileSync(join(root, 'node/renderWorker.ts'), source(pathToFileURL(join(ROOT, 'node/renderWorker.ts')).href));
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('builds this site with a render worker exactly as in one thread', async () => {
    const failures: unknown[] = [];
    await expectSameSite({ root: ROOT, threads: 2, minBytes: 0, batch: 4, onFallback: (e) => failures.push(e) });
    expect(failures).toEqual([]);
  }, 60_000);

  it('parses a body once for all its pages when a version repeats the current docs, with the files of a build that parses each page alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'render-pool-'));
    roots.push(root);
    const content = join(root, 'content');
    cpSync(contentDir, content, { recursive: true });
    const pages = (await buildContent({ contentDir: content, shell: null })).rendered;
    snapshotVersion(content, '1.0');
    // Batches of one page each: every page parsed on its own, in a worker or in this thread.
    const failures: unknown[] = [];
    const { single, pooled } = await expectSameSite({ root: ROOT, threads: 2, minBytes: 0, batch: 1, onFallback: (e) => failures.push(e) }, content);
    expect(failures).toEqual([]);
    expect(pooled.parsed).toBe(pooled.rendered);
    expect(single.rendered).toBeGreaterThan(pages);
    expect(single.parsed).toBe(pages);
  }, 120_000);

  it('renders a batch in this thread when its worker cannot start', async () => {
    const failures: unknown[] = [];
    const result = await buildContent({
      contentDir,
      shell: null,
      parallel: { root: join(ROOT, 'no-such-root'), threads: 2, minBytes: 0, onFallback: (e) => failures.push(e) },
    });
    expect(failures).toHaveLength(1);
    expect(existsSync(join(ROOT, 'no-such-root'))).toBe(false);
    expect(result.rendered).toBeGreaterThan(30);
  }, 60_000);

  it('renders the rest in this thread when its worker is lost mid-way, with the same output', async () => {
    // Answers its first batch, then dies while rendering the second.
    const root = rootWithWorker(
      (real) => `import renderBatch from ${JSON.stringify(real)};
let batches = 0;
export default function (jobs: Parameters<typeof renderBatch>[0]) {
  if (++batches === 1) return renderBatch(jobs);
  setImmediate(() => { throw new Error('render worker lost'); });
  return new Promise(() => {});
}
`,
    );
    const failures: unknown[] = [];
    await expectSameSite({ root, threads: 2, minBytes: 0, batch: 4, onFallback: (e) => failures.push(e) });
    expect(failures.map((e) => (e as Error).message)).toEqual(['render worker lost']);
  }, 60_000);

  it('fails the build with the build error a worker found, headline and problems', async () => {
    const root = rootWithWorker(
      () => `export default () => ({ build: { headline: 'Cannot build: 1 problem in content:', problems: [{ file: 'content/docs/x.md', line: 3, message: 'found by the worker' }] } });
`,
    );
    const failures: unknown[] = [];
    const build = buildContent({ contentDir, shell: null, parallel: { root, threads: 2, minBytes: 0, onFallback: (e) => failures.push(e) } });
    const error = await build.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems).toEqual([{ file: 'content/docs/x.md', line: 3, message: 'found by the worker' }]);
    expect((error as BuildError).message).toBe('Cannot build: 1 problem in content:\n  content/docs/x.md:3: found by the worker');
    expect(failures).toEqual([]);
  }, 60_000);

  it('renders the few pages a build with a render cache changes in a worker started before it, with the files of a build in one thread', async () => {
    const project = mkdtempSync(join(tmpdir(), 'render-pool-'));
    roots.push(project);
    const content = join(project, 'content');
    cpSync(contentDir, content, { recursive: true });
    // A render cache of every page, as a CLI build reads it from disk.
    const first = new BuildSession({ keeps: false });
    await buildContent({ contentDir: content, shell: null, session: first });
    const cached = new Map(first.renders);
    appendFileSync(join(content, 'docs/intro.md'), '\nA sentence the warm worker renders.\n');
    const failures: unknown[] = [];
    // This process has loaded the renderer by now; a fresh copy of the build's modules has not, as a CLI build's.
    const buildWithWorker = async (root: string) => {
      vi.resetModules();
      const fresh = (await import('../../build')) as typeof import('../../build');
      const worker = warmRenderWorker(root)!;
      try {
        return await fresh.buildContent({
          contentDir: content,
          shell: null,
          session: new BuildSession({ keeps: false, renders: new Map(cached) }),
          parallel: { root, threads: 2, warm: worker, onFallback: (e) => failures.push(e) },
        });
      } finally {
        await worker.close();
      }
    };
    const marked = await buildWithWorker(
      rootWithWorker(
        (real) => `import renderBatch from ${JSON.stringify(real)};
export default async function (task: Parameters<typeof renderBatch>[0]) {
  const out = await renderBatch(task);
  if ('rendered' in out) for (const page of out.rendered) page.html += '<!-- warm worker -->';
  return out;
}
`,
      ),
    );
    expect(failures).toEqual([]);
    expect(marked.rendered).toBe(1);
    const outputs = await Promise.all([...marked.files.values()].map(async (data) => String(await outputData(data))));
    expect(outputs.filter((text) => text.includes('<!-- warm worker -->')).length).toBeGreaterThan(0);

    const warm = await buildWithWorker(ROOT);
    expect(failures).toEqual([]);
    expect(warm.rendered).toBe(1);
    const single = await buildContent({ contentDir: content, shell: null });
    expect(warm.manifest).toEqual(single.manifest);
    expect([...warm.files.keys()]).toEqual([...single.files.keys()]);
    for (const [name, data] of single.files) expect(String(await outputData(warm.files.get(name)!)), name).toBe(String(await outputData(data)));
  }, 120_000);
});
