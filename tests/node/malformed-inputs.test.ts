/**
 * The smaller inputs: each is named for what it is,
 * with file and line, and a failed build leaves the last good dist/ as it was and no temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { builtFixture, type FixtureProject, refusedBuild, ROOT } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;
builtFixture('basic-site', (p, b) => ((project = p), (before = b)));

/** Builds, expecting a `BuildError` that leaves dist/ as it was and no temporary folder (`refusedBuild`). */
const failure = () => refusedBuild(project, before);

describe('encodings', () => {
  it('names UTF-16 text as such, with or without a byte-order mark, and says how to convert it', async () => {
    writeFileSync(join(project.contentDir, 'docs/le.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Little\n\nText.\n', 'utf16le')]));
    writeFileSync(join(project.contentDir, 'docs/be.md'), Buffer.from('# Big\n\nText.\n', 'utf16le').swap16());
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 2 problems in content:
        content/docs/be.md:1: is UTF-16 text (big-endian), not UTF-8. Save it as UTF-8: in VS Code, "Save with Encoding" then "UTF-8"; on the command line, \`iconv -f UTF-16BE -t UTF-8 file.md > file.utf8.md\`, then replace the file with it.
        content/docs/le.md:1: is UTF-16 text (little-endian), not UTF-8. Save it as UTF-8: in VS Code, "Save with Encoding" then "UTF-8"; on the command line, \`iconv -f UTF-16 -t UTF-8 file.md > file.utf8.md\`, then replace the file with it."
    `);
  });

  it('reads a byte-order mark before `---js` as the start of the front matter it refuses', async () => {
    project.write('docs/bom.md', '\uFEFF---js\n{ title: "T" }\n---\n\n# T\n');
    expect((await failure()).problems).toEqual([
      { file: 'content/docs/bom.md', line: 1, message: expect.stringMatching(/^front matter `---js` is not accepted: only YAML front matter is/) },
    ]);
  });
});

describe('JSON files', () => {
  it('names the line of a syntax error and of a field of the wrong type', async () => {
    project.write('docs/guides/_category_.json', '{\n  "label": "Guides",\n  "position": 2\n  "collapsed": false\n}\n');
    for (const dir of ['more', 'deep']) mkdirSync(join(project.contentDir, 'docs', dir));
    project.write('docs/more/_category_.json', '{\n  "label": "More",\n  "position": "two",\n  "link": { "type": "generated-index", "slug": "../up" }\n}\n');
    project.write('docs/more/page.md', '# Page\n');
    project.write('docs/deep/_category_.json', `{ "label": ${'['.repeat(100_000)}${']'.repeat(100_000)} }`);
    project.write('docs/deep/page.md', '# Page\n');
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 4 problems in content:
        content/docs/deep/_category_.json:1: nests arrays or objects thousands deep, more than the JSON parser can follow. Flatten it.
        content/docs/guides/_category_.json:4: is not valid JSON (CommaExpected). Check commas, quotes and brackets near this line.
        content/docs/more/_category_.json:3: \`position\` must be a number, got \`"two"\`.
        content/docs/more/_category_.json:4: \`link.slug\` must be a route such as \`/category/guides\` (no \`.\` or \`..\` parts), got \`"../up"\`."
    `);
  });

  it('checks every field of a category link, and takes no front matter key for a field because every object has it', async () => {
    mkdirSync(join(project.contentDir, 'docs', 'typed'));
    project.write('docs/typed/_category_.json', '{\n  "label": "Typed",\n  "link": { "type": "generated-index", "description": 3 }\n}\n');
    project.write('docs/typed/page.md', '---\ntoString: 1\n---\n\n# Page\n');
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 1 problem in content:
        content/docs/typed/_category_.json:3: \`link\` must be \`{ "type": "generated-index", "description": "..." }\` or \`{ "type": "doc", "id": "..." }\`, got \`{"type":"generated-index","description":3}\`."
    `);
  });

  it('names a site.config.json nested past what the parser follows', async () => {
    project.write('site.config.json', `{ "title": ${'['.repeat(100_000)}${']'.repeat(100_000)} }`);
    expect((await failure()).problems).toEqual([
      { file: 'content/site.config.json', line: 1, message: 'nests arrays or objects thousands deep, more than the JSON parser can follow. Flatten it.' },
    ]);
  });
});

describe('front matter', () => {
  it('titles a doc with neither a `title` nor a `# heading` from its id, as Docusaurus does, with no warning', async () => {
    project.write('docs/02-setup-guide.md', 'Text.\n');
    project.write('docs/named.md', '---\nid: custom-id\n---\n\nText.\n');
    await project.build();
    const { docs } = project.manifest();
    expect([docs['setup-guide']?.title, docs['custom-id']?.title]).toEqual(['setup-guide', 'custom-id']);
    expect(project.warnings).toEqual([]);
  });

  it('builds a page with fields it does not know, naming each once with its line', async () => {
    project.write('docs/authored.md', '---\ntitle: Authored\nauthor: Ada\nauthorURL: https://example.com\ntoString: 1\n---\n\nText.\n');
    await project.build();
    expect(project.manifest().docs.authored?.title).toBe('Authored');
    const known =
      'Known fields: id, title, sidebar_label, sidebar_position, slug, description, keywords, image, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, draft, pagination_prev, pagination_next, pagination_label, hide_title, sidebar_class_name, sidebar_custom_props, displayed_sidebar, unlisted, custom_edit_url, tags.';
    expect(project.warnings).toEqual([
      `content/docs/authored.md:3: front matter field \`author\` is unknown and ignored. ${known}`,
      `content/docs/authored.md:4: front matter field \`authorURL\` is unknown and ignored. ${known}`,
      `content/docs/authored.md:5: front matter field \`toString\` is unknown and ignored. ${known}`,
    ]);
  });

  it('names a value of the wrong type that YAML aliases make billions of characters long, without writing it out', async () => {
    const lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    project.write('docs/bomb.md', `---\nsidebar_custom_props:\n  ${lines.join('\n  ')}\ntitle: *a11\n---\n\n# Bomb\n`);
    expect((await failure()).message).toMatchInlineSnapshot(`
      "Cannot build: 1 problem in content:
        content/docs/bomb.md:15: front matter \`title\` must be a string, got \`[[[[[[[[[[[["lol","lol","lol","lol","lol","lol","lol","lol","lol"],["lol","lol"…\`."
    `);
  });
});

describe('warnings', () => {
  it('warns of a code fence that is never closed, with its line', async () => {
    project.write(
      'docs/open.md',
      [
        '# Open',
        '',
        '```ts',
        'const a = 1;',
        '```',
        '',
        '- item',
        '',
        '  ~~~~bash',
        '  echo inside an item',
        '',
        'After the item.',
        '',
        '````md',
        'the rest of the file',
        '```',
        'is code',
      ].join('\n'),
    );
    await project.build();
    expect(project.warnings).toMatchInlineSnapshot(`
      [
        "content/docs/open.md:9: opens a code block that no line closes, so all that follows it (in the file, or in its list item or quote) shows as code. Close it with a line of ~~~~ (4 tildes).",
        "content/docs/open.md:14: opens a code block that no line closes, so all that follows it (in the file, or in its list item or quote) shows as code. Close it with a line of \`\`\`\` (4 backticks).",
      ]
    `);
  });
});

describe('a very large markdown file', () => {
  it('builds with a warning that names it', async () => {
    const paragraph = `${'Words of a long reference page. '.repeat(30)}\n\n`;
    project.write('docs/huge.md', `# Huge\n\n${paragraph.repeat(Math.ceil(1_200_000 / paragraph.length))}`);
    await project.build();
    expect(project.warnings).toMatchInlineSnapshot(`
      [
        "content/docs/huge.md: is 1.1 MiB of markdown (more than 1 MiB): it takes seconds to render, and every reader who opens the page loads all of it. Split it into pages.",
      ]
    `);
  }, 120_000);
});

describe('build.ts on the command line', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'build.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

  it('prints its usage for --help and builds nothing', () => {
    const out = join(project.dir, 'help-out');
    const result = run('--help', '--content', project.contentDir, '--out', out);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: tsx build\.ts \[--shell\] \[--content content\] \[--out dist\] \[--no-cache\] \[--timings\]\n/);
    expect(result.stdout).toContain('-h, --help      print this and exit');
    expect(readdirSync(project.dir)).not.toContain('help-out');
  });

  it('refuses an unknown option or a missing value with the usage, exit code 2', () => {
    const unknown = run('--outt', 'x');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^\[build\] Unknown option '--outt'[^\n]*\n\nusage: tsx build\.ts/);
    const missing = run('--out');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^\[build\] Option '--out <value>' argument missing\n\nusage: /);
  });
});
