/** `node/renderLimits.ts`: the scan of markdown the parser cannot take in time, and each page's render budget. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import type { ParsedBody, Renderer } from '../../node/render';
import { RenderTimeout, renderWithin, scanMarkdown } from '../../node/renderLimits';
import { renderJobs, type RenderJob } from '../../node/renderPool';
import { ROOT } from '../helpers/build';
import { LinkResolver } from '../../node/linkMemo';

/** Keeps the thread busy for `ms`. */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/** Blocks the thread for `ms` without using the CPU, as a process starved by others is. */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('scanMarkdown', () => {
  it('finds nothing to refuse in the docs of this site', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith('.md')) files.push(join(dir, entry.name));
      }
    };
    walk(join(ROOT, 'content'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(scanMarkdown(readFileSync(file, 'utf8')).problem, file).toBeNull();
  });

  it('counts lines, and names the line nearest a limit', () => {
    const nested = Array.from({ length: 12 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    expect(scanMarkdown(`# T\n\nText.\n\n${nested}\n\nEnd.`)).toEqual({ problem: null, hottest: { line: 16, what: 'nested lists or quotes' }, lines: 18 });
    expect(scanMarkdown('# T\n\n- a\n  - b\n').hottest).toBeNull();
  });
});

describe('scanMarkdown and link reference definitions', () => {
  const definitions = (n: number) => Array.from({ length: n }, (_, i) => `[d${i + 1}]: https://example.com/${i + 1} "Page ${i + 1}"`).join('\n');

  it('takes thousands of definitions in a row, which the parser reads one by one', () => {
    expect(scanMarkdown(`# Links\n\nSee [first][d1] and [last][d20000].\n\n${definitions(20_000)}\n`).problem).toBeNull();
    expect(scanMarkdown(`- item\n\n  ${definitions(2_000).replaceAll('\n', '\n  ')}\n`).problem).toBeNull();
  });

  it('counts the brackets of what only looks like a definition: inside a paragraph, or with more after it', () => {
    expect(scanMarkdown(`Some text.\n${definitions(1_001)}\n`).problem).toEqual({
      line: 1002,
      message:
        'has 1001 `[` in one paragraph (more than 1000), which the markdown parser takes minutes over. Split the paragraph, or escape the brackets that open no link (`\\[`).',
    });
    expect(scanMarkdown(`${Array.from({ length: 1_001 }, (_, i) => `[d${i}]: /x [`).join('\n')}\n`).problem?.line).toBe(501);
  });
});

describe('scanMarkdown and tables', () => {
  const table = (columns: number, rows: number, pipes = true) => {
    const row = (cell: (i: number) => string) => {
      const cells = Array.from({ length: columns }, (_, i) => cell(i)).join(' | ');
      return pipes ? `| ${cells} |` : cells;
    };
    return [row((i) => `h${i}`), row(() => '---'), ...Array.from({ length: rows }, (_, r) => row((i) => `c${r}.${i}`))].join('\n');
  };

  it('takes a table of thousands of cells', () => {
    expect(scanMarkdown(`# Data\n\n${table(100, 100)}\n`).problem).toBeNull();
  });

  it('refuses a table past its cells, which the parser holds in memory at once, at the row that passes them', () => {
    expect(scanMarkdown(`# Data\n\n${table(3_000, 150)}\n`).problem).toEqual({
      line: 20,
      message:
        'brings one table past 50000 cells, which the markdown parser holds in memory all at once (a build ran out of memory on one). Split the table, or publish its data as a CSV file and link to it.',
    });
    expect(scanMarkdown(`# Data\n\n${table(3_000, 150, false)}\n`).problem?.line).toBe(20);
    // Two tables apart count apart.
    expect(scanMarkdown(`${table(100, 300)}\n\n${table(100, 300)}\n`).problem).toBeNull();
  });
});

describe('renderWithin', () => {
  it('renders in order within the budget', () => {
    expect(
      renderWithin(
        [1, 2, 3],
        () => 50,
        (n) => n * 2,
      ),
    ).toEqual([2, 4, 6]);
  });

  it('stops a render that outlasts its budget and names it', () => {
    let error: unknown;
    try {
      renderWithin(
        ['fast', 'fast', 'slow', 'never'],
        () => 50,
        (item) => (item === 'slow' ? spin(5000) : item),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RenderTimeout);
    expect(error).toMatchObject({ index: 2, budget: 50 });
  });

  it('gives a page starved of the CPU its time again', () => {
    expect(
      renderWithin(
        ['a', 'sleepy', 'b'],
        () => 60,
        (item) => (item === 'sleepy' ? (sleep(200), item) : item),
      ),
    ).toEqual(['a', 'sleepy', 'b']);
  });
});

describe('renderJobs', () => {
  const job = (rel: string, body: string): RenderJob => ({
    rel,
    display: `content/${rel}`,
    bodyLine: 4,
    path: `/${rel.replace(/\.md$/, '')}`,
    body,
    budget: 50,
  });
  const fields = {
    headings: [],
    h1: null,
    firstParagraph: null,
    links: [],
    codeLanguages: [],
    hasMermaid: false,
    sections: [],
    searchParts: [],
    search: { hash: '', sections: 0 },
    unknownDirectives: [],
  } satisfies ParsedBody['fields'];
  const render: Renderer = {
    parse: (body) => {
      if (body.includes('slow')) spin(5000);
      return { fields, tree: { type: 'root', children: [] } };
    },
    page: (parsed) => ({ html: '', htmlHash: '', ...parsed.fields }),
    usePlugins: () => Promise.resolve(),
    useComponents: () => Promise.resolve(),
  };
  const context = new LinkResolver({ baseUrl: '/abp-react/', routes: {}, routeBySource: {}, assets: new Set<string>(), files: {} });

  it('names a page out of time, with the line of its construct nearest a limit', () => {
    const nested = Array.from({ length: 20 }, (_, i) => `${'  '.repeat(i)}- slow`).join('\n');
    expect(() => renderJobs(render, [job('docs/a.md', 'fine'), job('docs/b.md', `# B\n\n${nested}\n`)], context)).toThrowErrorMatchingInlineSnapshot(`
      [BuildError: Cannot build: 1 problem in content:
        content/docs/b.md:25: ran out of its 0.1 s to render (2 s, plus 10 s a MiB of markdown and 0.1 s a thousand lines, more on a busy machine); the parser is slow on nested lists or quotes, most of all on this line. Markdown this slow holds a construct the parser takes minutes over: simplify it, or split the file.]
    `);
  });

  it('names the file alone when no construct stands out', () => {
    let error: unknown;
    try {
      renderJobs(render, [job('docs/c.md', 'slow')], context);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems).toEqual([
      { file: 'content/docs/c.md', line: 0, message: expect.stringMatching(/^ran out of its 0\.1 s to render/) },
    ]);
  });
});
