// Content is input (a docs repository takes pull requests, CI builds them). Hostile or broken
// content files must fail the build with file and line, run no code, write nothing outside the output
// folder and leave the previous dist/ as it was.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { builtFixture, type FixtureProject, refusedBuild } from '../helpers/build';

let project: FixtureProject;
let before: Record<string, string>;
builtFixture('basic-site', (p, b) => ((project = p), (before = b)));

/** Builds, expecting a `BuildError` that leaves dist/ as it was and no temporary folder (`refusedBuild`). */
const failure = () => refusedBuild(project, before);

const lines = (error: BuildError) => error.problems.map((p) => `${p.file}:${p.line}`);

describe('front matter', () => {
  it('accepts YAML only: `---js` front matter runs nothing and fails with file:line', async () => {
    const marker = join(project.dir, 'pwned.txt');
    project.write('docs/evil.md', `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "x"), "T") }\n---\n\nBody.\n`);
    const error = await failure();
    expect(existsSync(marker)).toBe(false);
    expect(error.problems).toEqual([
      {
        file: 'content/docs/evil.md',
        line: 1,
        message:
          'front matter `---js` is not accepted: only YAML front matter is (other engines run code during the build). Write YAML between plain `---` lines.',
      },
    ]);
  });

  it('points a YAML error at the line that opened an unclosed bracket or quote', async () => {
    project.write('docs/a.md', '---\ntitle: A\nkeywords: [one, two\nsidebar_position: 2\n---\n\nBody.\n');
    project.write('docs/b.md', "---\ntitle: 'B\nsidebar_position: 2\n---\n\nBody.\n");
    expect(lines(await failure())).toEqual(['content/docs/a.md:3', 'content/docs/b.md:2']);
  });

  it('rejects `..` in a slug or an id with the line of the field', async () => {
    project.write('docs/slug.md', '---\ntitle: S\nslug: /../../../../escaped\n---\n\nBody.\n');
    project.write('docs/id.md', '---\ntitle: I\nid: ../../../../escaped\n---\n\nBody.\n');
    const error = await failure();
    expect(lines(error)).toEqual(['content/docs/id.md:3', 'content/docs/slug.md:3']);
    expect(error.problems[0]!.message).toContain('whose part `..` is no route segment');
    expect(existsSync(join(project.dir, '..', 'escaped.html'))).toBe(false);
  });
});

describe('files that are not markdown text', () => {
  it('names a binary .md file', async () => {
    writeFileSync(join(project.contentDir, 'docs/binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    expect((await failure()).problems).toEqual([
      { file: 'content/docs/binary.md', line: 0, message: expect.stringContaining('is a binary file, not markdown text') },
    ]);
  });

  it('names a Latin-1 file and the line of its first bad byte', async () => {
    writeFileSync(join(project.contentDir, 'docs/latin.md'), Buffer.from('# Latin\n\nFine line.\nCaf\xe9 au lait.\n', 'latin1'));
    expect((await failure()).problems).toEqual([{ file: 'content/docs/latin.md', line: 4, message: expect.stringContaining('is not UTF-8 text') }]);
  });

  it('names the file whose nesting is too deep to render, and its line', async () => {
    project.write('docs/deep.md', `# Deep\n\n${'>'.repeat(5000)} quote\n`);
    const error = await failure();
    expect(error.problems).toEqual([
      { file: 'content/docs/deep.md', line: 3, message: expect.stringContaining('nests lists or quotes 5000 deep on this line') },
    ]);
  });

  it('warns about MDX syntax in a .md file read as CommonMark, with file and line', async () => {
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as object;
    project.write('site.config.json', JSON.stringify({ ...config, markdown: { format: 'detect' } }));
    project.write('docs/tabs.md', "# Tabs\n\nimport Tabs from '@theme/Tabs';\n\n<Tabs>\n\nText.\n\n</Tabs>\n");
    await project.build();
    expect(project.warnings).toEqual([
      expect.stringMatching(/^content\/docs\/tabs\.md:3: MDX `import` statement in a page read as CommonMark: it shows as text/),
      expect.stringMatching(/^content\/docs\/tabs\.md:5: JSX element in a page read as CommonMark \(`<Tabs>`\): it is left out of the page/),
    ]);
  });
});

describe('symbolic links', () => {
  it('refuses a link that leaves content/, naming it', async () => {
    symlinkSync('/etc/passwd', join(project.contentDir, 'img/passwd.txt'));
    const error = await failure();
    expect(error.problems).toEqual([
      { file: 'content/img/passwd.txt', line: 0, message: expect.stringContaining('is a symbolic link to `/etc/passwd`, outside `content`') },
    ]);
  });

  it('names a dangling link and a loop instead of throwing ENOENT or ELOOP', async () => {
    symlinkSync(join(project.contentDir, 'img/gone.png'), join(project.contentDir, 'img/dangling.png'));
    symlinkSync('loop-b', join(project.contentDir, 'img/loop-a'));
    symlinkSync('loop-a', join(project.contentDir, 'img/loop-b'));
    mkdirSync(join(project.contentDir, 'docs/nested'));
    symlinkSync('..', join(project.contentDir, 'docs/nested/up'));
    const error = await failure();
    expect(error.problems.map((p) => `${p.file}: ${p.message.split('.')[0]}`)).toEqual([
      'content/docs/nested/up: is a symbolic link to a folder that contains it (a loop)',
      'content/img/dangling.png: is a symbolic link to `content/img/gone',
      'content/img/loop-a: is a symbolic link loop',
      'content/img/loop-b: is a symbolic link loop',
    ]);
  });

  it('follows a link that stays inside content/', async () => {
    symlinkSync('logo.svg', join(project.contentDir, 'img/logo-copy.svg'));
    await project.build();
    expect(project.read('img/logo-copy.svg')).toBe(project.read('img/logo.svg'));
  });
});

describe('generated files and built-in routes', () => {
  it('refuses a content file over a file the build writes', async () => {
    project.write('shell.json', '{}');
    mkdirSync(join(project.contentDir, 'blobs'));
    project.write('blobs/x.txt', 'x');
    expect(lines(await failure())).toEqual(['content/blobs/x.txt:0', 'content/shell.json:0']);
  });

  it('refuses pages at the home and search routes', async () => {
    project.write('pages/index.md', '# Home\n');
    project.write('pages/search.md', '# Search\n');
    const error = await failure();
    expect(error.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      'content/pages/index.md: route `/` is also used by the home page (its texts are `home` in `content/site.config.json`). Give one of them another `id` or `slug` in its front matter.',
      'content/pages/search.md: route `/search` is also used by the search page (`search.searchPagePath` in `content/site.config.json`). Give one of them another `id` or `slug` in its front matter.',
    ]);
  });

  it('reads a page slug without a leading slash as relative to its folder', async () => {
    project.write('pages/about.md', '---\nslug: team\n---\n\n# About\n');
    await project.build();
    expect(project.manifest().pages.about!.path).toBe('/team');
    expect(project.read('team.html')).toContain('<h1');
  });

  it('refuses configured paths that leave the site', async () => {
    const config = JSON.parse(project.read('../content/site.config.json')) as { search: Record<string, unknown>; navbar: { items: Record<string, unknown>[] } };
    config.search.searchPagePath = '../../../escaped';
    config.search.feedbackUrl = 'javascript:alert(1)';
    config.navbar.items.push({ label: 'Evil', href: 'javascript:alert(1)' }, { label: 'Away', to: '//evil.example' });
    project.write('site.config.json', JSON.stringify(config, null, 2));
    const error = await failure();
    expect(error.problems.map((p) => p.message.split(' ')[0]).sort()).toEqual(
      ['`navbar.items.2.href`', '`navbar.items.3.to`', '`search.feedbackUrl`', '`search.searchPagePath`'].sort(),
    );
    expect(existsSync(join(project.dir, '..', 'escaped.html'))).toBe(false);
  });
});

describe('messages', () => {
  it('name files by where --content points, not by `content/`', async () => {
    const elsewhere = join(project.dir, 'site');
    rmSync(elsewhere, { recursive: true, force: true });
    const { buildContent } = await import('../../build');
    mkdirSync(elsewhere);
    project.write('docs/bad.md', '---\ntitle: [\n---\n');
    const { cpSync } = await import('node:fs');
    cpSync(project.contentDir, elsewhere, { recursive: true });
    const error = (await buildContent({ contentDir: elsewhere, shell: null }).catch((e: unknown) => e)) as BuildError;
    expect(error.problems[0]!.file).toBe(`${elsewhere}/docs/bad.md`);
  });
});

describe('the output writer', () => {
  it('refuses a path that resolves outside its folder, and a file already there', async () => {
    const { writeFiles } = await import('../../node/output');
    const out = join(project.dir, 'out');
    mkdirSync(out);
    await expect(writeFiles(out, new Map([['docs/../../escaped.html', 'x']]))).rejects.toThrow('would be written outside the output folder');
    expect(existsSync(join(project.dir, 'escaped.html'))).toBe(false);
    writeFileSync(join(out, 'sw.js'), 'shell');
    await expect(writeFiles(out, new Map([['sw.js', 'content']]))).rejects.toThrow('`sw.js` is written twice');
  });
});
