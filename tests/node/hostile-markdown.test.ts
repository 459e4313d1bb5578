/**
 * No markdown holds the build: nesting hundreds
 * deep, directives left open, paragraphs of thousands of `*` or `[`, long runs and endless lists are
 * refused before they are parsed, with file and line, leaving the last good dist/ as it was and no
 * temporary folder.
 */
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { builtFixture, type FixtureProject, hashTree, refusedBuild } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;
builtFixture('basic-site', (p, b) => ((project = p), (before = b)), { once: true });

/** Builds with `body` as a doc, expecting a `BuildError`; checks dist/ and the temporary folders, and returns `file:line: message`. */
async function refused(body: string): Promise<string> {
  project.write('docs/hostile.md', `---\ntitle: Hostile\n---\n\n${body}`);
  const { problems } = await refusedBuild(project, before);
  expect(problems).toHaveLength(1);
  return `${problems[0]!.file}:${problems[0]!.line}: ${problems[0]!.message}`;
}

const indented = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');

describe('markdown the parser cannot take in time', () => {
  it('refuses lists nested by indentation, past 32 levels', async () => {
    for (const depth of [250, 500, 1000]) {
      expect(await refused(indented(depth))).toMatchInlineSnapshot(
        `"content/docs/hostile.md:37: nests lists or quotes 33 deep on this line (more than 32), which the markdown parser takes minutes over. Flatten the nesting."`,
      );
    }
  });

  it('refuses markers chained on one line: lists, ordered lists, quotes', async () => {
    expect(await refused(`${'- '.repeat(20_000)}x\n`)).toMatchInlineSnapshot(
      `"content/docs/hostile.md:5: nests lists or quotes 20000 deep on this line (more than 32), which the markdown parser takes minutes over. Flatten the nesting."`,
    );
    expect(await refused(`Intro.\n\n${'1. '.repeat(2000)}x\n`)).toMatch(/^content\/docs\/hostile\.md:7: nests lists or quotes 2000 deep/);
    expect(await refused(`${'> '.repeat(1000)}x\n`)).toMatch(/^content\/docs\/hostile\.md:5: nests lists or quotes 1000 deep/);
  });

  it('refuses directives left open inside each other', async () => {
    expect(await refused(':::note\n'.repeat(2000))).toMatchInlineSnapshot(
      `"content/docs/hostile.md:37: opens an admonition or directive 33 deep inside others still open (more than 32), which the markdown parser takes minutes over. Close each with a \`:::\` line."`,
    );
  });

  it('refuses paragraphs of thousands of emphasis markers or brackets, and long runs', async () => {
    expect(await refused('*a**'.repeat(50_000))).toMatchInlineSnapshot(
      `"content/docs/hostile.md:5: has 1001 emphasis markers (\`*\`, \`_\`, \`~\`) in one paragraph (more than 1000), which the markdown parser takes minutes over. Split the paragraph, or escape the markers that emphasise nothing (\`\\*\`)."`,
    );
    expect(await refused(`Intro.\n\n${'_a b__ '.repeat(400)}\nmore ${'~x~~ '.repeat(600)}`)).toMatch(
      /^content\/docs\/hostile\.md:8: has 1001 emphasis markers/,
    );
    expect(await refused('['.repeat(100_000))).toMatchInlineSnapshot(
      `"content/docs/hostile.md:5: has 1001 \`[\` in one paragraph (more than 1000), which the markdown parser takes minutes over. Split the paragraph, or escape the brackets that open no link (\`\\[\`)."`,
    );
    expect(await refused(`${'[a'.repeat(5000)}${'](b)'.repeat(5000)}`)).toMatch(/^content\/docs\/hostile\.md:5: has 1001 `\[`/);
    expect(await refused(`${'*'.repeat(10_000)}a${'*'.repeat(10_000)}`)).toMatchInlineSnapshot(
      `"content/docs/hostile.md:5: has a run of 10000 \`*\` (more than 100), which the markdown parser nests as deep. Escape them (\`\\*\`) or put them in code."`,
    );
  });

  it('refuses a list of more than 10,000 items', async () => {
    expect(await refused('- \n'.repeat(20_000))).toMatchInlineSnapshot(
      `"content/docs/hostile.md:10005: is item 10001 of one list (more than 10000), which takes the markdown parser many seconds. Split the list with headings, or into pages."`,
    );
  });

  it('lists every page it refuses at once', async () => {
    project.write('docs/also.md', `# Also\n\n${indented(40)}\n`);
    project.write('docs/hostile.md', `# Hostile\n\n${'- '.repeat(40)}x\n`);
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    project.write('docs/also.md', '# Also\n');
    expect(error.problems.map((p) => `${p.file}:${p.line}`)).toEqual(['content/docs/also.md:35', 'content/docs/hostile.md:3']);
  });
});

describe('markdown that only looks like it', () => {
  it('builds code, tables, snake_case, thematic breaks and real nesting', async () => {
    const fence = '```';
    project.write(
      'docs/hostile.md',
      [
        '# Fine',
        '',
        `${fence}text`,
        indented(60),
        '*a**'.repeat(2000),
        `${fence}`,
        '',
        '- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -',
        '',
        Array.from({ length: 1200 }, (_, i) => `| **row** ${i} | [link](/docs/intro) |`)
          .join('\n')
          .replace('\n', '\n| --- | --- |\n'),
        '',
        Array.from({ length: 600 }, () => 'some_snake_case_name').join(' '),
        '',
        indented(20),
        '',
        `Fill in: ${'_'.repeat(60)}`,
      ].join('\n'),
    );
    await project.build();
    expect(project.read('docs/hostile.html')).toContain('some_snake_case_name');
    before = hashTree(project.distDir);
  });
});
