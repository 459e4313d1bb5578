/**
 * Pages read as MDX (`markdown.format`): theme components become the site's markup, JSX and raw HTML elements go
 * through one allow-list, expressions are read as literals and never run, and what cannot be shown is named.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { BuildSession } from '../../build';
import { useFixture } from '../helpers/build';

/** The article of a built route, `<div class="markdown">` to the end of `<main>`'s article. */
const articleOf = (html: string) => /<div class="markdown">([\s\S]*?)<\/div><footer/.exec(html)?.[1] ?? '';

describe('fixture mdx-components', () => {
  const project = useFixture('mdx-components');
  let html = '';
  beforeAll(async () => {
    await project.build();
    html = articleOf(project.read('docs/components.html'));
  });
  afterAll(() => project.remove());

  it('shows no MDX source as text: imports, exports and comments are gone', () => {
    expect(html).not.toMatch(/import |export const|\{\/\*|An author's note|&#x3C;Tabs|<Tabs/);
  });

  it('renders Tabs as the ARIA tabs pattern, the default tab shown, the group and query string named', () => {
    const first = /<div class="tabs-container"[^>]*>[\s\S]*?<\/div><\/div><\/div>/.exec(html)?.[0] ?? '';
    expect(first).toContain('data-group-id="package-manager"');
    expect(first).toContain('data-query-string="package-manager"');
    expect(first).toMatch(/<div role="tablist"[^>]*>/);
    expect(first).toMatch(
      /<button type="button" role="tab" id="tabs-1-tab-1" aria-selected="false" aria-controls="tabs-1-panel-1" tabindex="-1"[^>]*data-value="npm">npm<\/button>/,
    );
    expect(first).toMatch(
      /<button type="button" role="tab" id="tabs-1-tab-2" aria-selected="true" aria-controls="tabs-1-panel-2" tabindex="0"[^>]*data-value="yarn">Yarn<\/button>/,
    );
    expect(first).toMatch(/<div role="tabpanel" id="tabs-1-panel-1" aria-labelledby="tabs-1-tab-1"[^>]* hidden>/);
    expect(first).toMatch(/<div role="tabpanel" id="tabs-1-panel-2" aria-labelledby="tabs-1-tab-2"[^>]*data-value="yarn">/);
    // `values` gives the labels of tabs written on one line each.
    expect(html).toMatch(/data-value="yarn">Yarn<\/button><\/div><div role="tabpanel" id="tabs-2-panel-1"[^>]*>Run npm\.<\/div>/);
  });

  it('renders Details, details, Admonition, CodeBlock, TOCInline and Link with the site markup', () => {
    expect(html).toContain('<details class="details"><summary>What it installs</summary><div class="details__content"><p>The <strong>shell</strong>');
    expect(html).toContain('<details class="details"><summary>Raw HTML details</summary>');
    expect(html).toMatch(/<div class="admonition admonition--tip" role="note" aria-label="Tip">[\s\S]*?<span class="admonition__title">Keep it short<\/span>/);
    expect(html).toMatch(
      /<div class="code-block code-block--numbered" data-language="ts"><div class="code-block__header"><span class="code-block__title">src\/config\.ts<\/span>/,
    );
    expect(html).toContain(
      '<div class="toc-inline"><ul><li><a href="#install">Install</a></li><li><a href="#again">Again</a></li><li><a href="#more">More</a></li><li><a href="#from-the-partial">From the partial</a></li></ul></div>',
    );
    expect(html).toContain('see <a href="/abp-react/docs/intro">the intro</a>');
    expect(html).toMatch(
      /<div class="admonition admonition--important" role="note" aria-label="Important">[\s\S]*?<span class="admonition__title">Read this<\/span>/,
    );
  });

  it('keeps allowed elements and attributes: kbd, sup, anchors, classes, literal styles, images with their size', () => {
    expect(html).toContain('Press <kbd>Ctrl</kbd>+<kbd>K</kbd>');
    expect(html).toContain('footnote<sup>1</sup>, and Components in the text.');
    expect(html).toContain('<a name="old-anchor"></a>');
    expect(html).toContain('<a href="/abp-react/docs/intro" class="button">Start</a>');
    expect(html).toContain('<div class="note-box" style="border-color: red; padding: 4px">A styled box.</div>');
    expect(html).toContain('<img src="/abp-react/img/logo.svg" alt="Logo" width="40" height="40"');
  });

  it('neutralises handlers, script URLs and styles that load files, and names each with its line', () => {
    expect(html).toContain('<p><button>Stripped handler</button></p>');
    expect(html).toContain('<p><a>A script URL</a></p>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">External</a>');
    expect(html).not.toMatch(/onclick|javascript:|url\(/i);
    expect(project.warnings).toEqual([
      expect.stringMatching(/^content\/docs\/components\.mdx:18: an MDX `export` is never run/),
      expect.stringMatching(/^content\/docs\/components\.mdx:83: `<Highlight>` is a component of the site \(`@site\/src\/components\/Highlight`\)/),
      'content/docs/components.mdx:87: `onClick` of `<button>` is removed: event handlers, scripts, `javascript:` URLs and styles that load files are not allowed.',
      'content/docs/components.mdx:89: `href` of `<a>` is removed: event handlers, scripts, `javascript:` URLs and styles that load files are not allowed.',
      'content/docs/components.mdx:91: `style` of `<a>` is removed: event handlers, scripts, `javascript:` URLs and styles that load files are not allowed.',
    ]);
  });

  it('shows npm2yarn blocks and consecutive tab blocks as tabs, magic comments as highlighted lines, live blocks as code', () => {
    const npm =
      /<div class="tabs-container" data-tabs=""><div role="tablist"[^>]*>(.*?)<\/div>/.exec(html.slice(html.indexOf('code-tabs-1-tab-1') - 200))?.[1] ?? '';
    expect([...npm.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['npm', 'Yarn', 'pnpm']);
    expect(html).toContain('npm install --save abp-react');
    expect(html).toContain('yarn add abp-react');
    expect(html).toContain('pnpm add abp-react');
    expect(html).toMatch(/id="code-tabs-2-tab-1"[^>]*>TypeScript<\/button><button[^>]*id="code-tabs-2-tab-2"[^>]*>JavaScript<\/button>/);
    expect(html).toMatch(
      /<span class="code-line code-line--highlighted theme-code-block-highlighted-line"><span class="hljs-keyword">const<\/span> answer = <span class="hljs-number">42<\/span>;<\/span>/,
    );
    expect(html).not.toContain('highlight-next-line');
    expect(html).toMatch(/<code class="hljs language-jsx">&#x3C;p>.*Shown.* code\.&#x3C;\/p>/);
  });

  it("shows a site component's children, never its source", () => {
    expect(html).toContain('<p>highlighted words</p>');
    expect(html).not.toContain('Highlight');
  });

  it('inlines a partial where it is used, its headings in the TOC and its own imports resolved', () => {
    expect(html).toMatch(
      /<h2 id="from-the-partial">From the partial<\/h2>\s*<p>Text of the partial, with <a href="\/abp-react\/docs\/intro">a link<\/a>\.<\/p>/,
    );
    expect(html).not.toContain('title: Shared');
    expect(project.manifest().docs.components?.headings.map((h) => h.id)).toEqual(['install', 'again', 'more', 'from-the-partial']);
  });

  it('inlines a partial whose import a formatter escaped (`./\\_shared.mdx`)', async () => {
    project.write('docs/escaped.mdx', "import Shared from './\\_shared.mdx';\n\n# Escaped\n\n<Shared />\n");
    await project.build();
    expect(articleOf(project.read('docs/escaped.html'))).toContain('<h2 id="from-the-partial">From the partial</h2>');
    rmSync(join(project.contentDir, 'docs/escaped.mdx'));
    await project.build();
  });

  it('inlines a partial whose import a formatter put after another on its line and broke over two', async () => {
    project.write('docs/wrapped-import.mdx', "import Tabs from '@theme/Tabs'; import\nShared from './\\_shared.mdx';\n\n# Wrapped import\n\n<Shared />\n");
    await project.build();
    expect(articleOf(project.read('docs/wrapped-import.html'))).toContain('<h2 id="from-the-partial">From the partial</h2>');
    rmSync(join(project.contentDir, 'docs/wrapped-import.mdx'));
    await project.build();
  });

  it('builds no page of a partial, nor of a file below a folder whose name starts with `_`, which needs no title', async () => {
    const manifest = project.manifest();
    expect(Object.keys(manifest.docs).sort()).toEqual(['components', 'intro', 'site-partials']);
    expect(Object.keys(manifest.routes).filter((path) => path.includes('_'))).toEqual([]);
    mkdirSync(join(project.contentDir, 'docs/_snippets'));
    project.write('docs/_snippets/untitled.md', 'A snippet without a title.\n');
    await project.build();
    expect(Object.keys(project.manifest().docs).sort()).toEqual(['components', 'intro', 'site-partials']);
    rmSync(join(project.contentDir, 'docs/_snippets'), { recursive: true });
  });

  it("leaves out an expression over the site's imports with a warning, and shows what is around it", async () => {
    project.write(
      'docs/site-values.mdx',
      [
        "import constants from '@site/core/TabsConstants';",
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '# Site values',
        '',
        '<Tabs values={constants.getDevNotesTabs(["web"])}>',
        '<TabItem value="web">Web notes.</TabItem>',
        '</Tabs>',
        '',
        'Version {constants.version.toUpperCase()} here.',
        '',
      ].join('\n'),
    );
    project.warnings.length = 0;
    await project.build();
    const article = articleOf(project.read('docs/site-values.html'));
    rmSync(join(project.contentDir, 'docs/site-values.mdx'));
    expect(article).toContain('Web notes.');
    expect(article).toContain('<p>Version  here.</p>');
    expect(article).not.toContain('constants');
    expect(project.warnings.filter((w) => w.startsWith('content/docs/site-values.mdx'))).toEqual([
      'content/docs/site-values.mdx:7: prop `values={constants.getDevNotesTabs(["web"])}` of `<Tabs>` uses `constants`, imported from the site, which this build does not run: it is left out.',
      'content/docs/site-values.mdx:11: `{constants.version.toUpperCase()}` uses `constants`, imported from the site, which this build does not run: it is left out.',
    ]);
    await project.build();
  });

  it('reads the MDX in an `mdx-code-block` fence as part of the page, its problems at their lines', async () => {
    project.write(
      'docs/wrapped.mdx',
      [
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '# Wrapped',
        '',
        '````mdx-code-block',
        '<Tabs>',
        '<TabItem value="web" label="Web">',
        '',
        'Web **notes**.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        '<Unknown>inside</Unknown>',
        '````',
        '',
      ].join('\n'),
    );
    project.warnings.length = 0;
    await project.build();
    const article = articleOf(project.read('docs/wrapped.html'));
    rmSync(join(project.contentDir, 'docs/wrapped.mdx'));
    expect(article).toContain('<div class="tabs-container"');
    expect(article).toContain('Web <strong>notes</strong>.');
    expect(article).not.toMatch(/mdx-code-block|&#x3C;Tabs|&#x3C;TabItem/);
    expect(project.warnings.filter((w) => w.startsWith('content/docs/wrapped.mdx'))).toEqual([
      expect.stringMatching(/^content\/docs\/wrapped\.mdx:15: `<Unknown>`/),
    ]);
    await project.build();
  });

  it("lists the cards of its category where a category's page writes <DocCardList />, and again when a card's doc changes", async () => {
    mkdirSync(join(project.contentDir, 'docs/guides'));
    project.write(
      'docs/guides/index.mdx',
      "import DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n# Guides\n\n<DocCardList />\n\n<DocCardList items={useCurrentSidebarCategory().items} />\n",
    );
    project.write('docs/guides/setup.md', '---\ndescription: Install it.\n---\n\n# Setup\n\nText.\n');
    project.write('docs/guides/deploy.md', '# Deploy\n\nShip it.\n');
    const session = new BuildSession();
    try {
      await project.build({ session });
      const cards =
        '<ul class="card-grid doc-card-list"><li><a class="card" href="guides/deploy"><h2 class="card__title">Deploy</h2><p class="card__description">Ship it.</p></a></li>' +
        '<li><a class="card" href="guides/setup"><h2 class="card__title">Setup</h2><p class="card__description">Install it.</p></a></li></ul>';
      expect(articleOf(project.read('docs/guides.html'))).toBe(`<h1 id="guides">Guides</h1>\n${cards}\n${cards}`);
      expect(project.warnings.filter((w) => w.includes('guides/'))).toEqual([]);
      project.write('docs/guides/deploy.md', '# Deploy\n\nShip it today.\n');
      await project.build({ session });
      expect(articleOf(project.read('docs/guides.html'))).toContain('<p class="card__description">Ship it today.</p>');
    } finally {
      rmSync(join(project.contentDir, 'docs/guides'), { recursive: true });
    }
  });

  it("inlines partials imported from the site's root (`@site/docs`, `@site/static`, `@site/src`) and markdown imported by any name", () => {
    const article = articleOf(project.read('docs/site-partials.html'));
    expect(article).toMatch(/<h2 id="from-the-docs-root">From the docs root<\/h2>\s*<p>A partial imported from the site's root\.<\/p>/);
    expect(article).toMatch(/<h2 id="from-static">From static<\/h2>/);
    expect(article).toMatch(/<h2 id="from-src">From src<\/h2>\s*<p>Nested partial text\.<\/p>/);
    expect(article).toMatch(/<h2 id="imported-by-name">Imported by name<\/h2>/);
    expect(article).not.toMatch(/import |title: Not a page/);
    expect(project.manifest().docs['site-partials']?.headings.map((h) => h.id)).toEqual(['from-the-docs-root', 'from-static', 'from-src', 'imported-by-name']);
    // Neither the imported page-like file nor the static markdown is published on its own.
    expect(project.manifest().docs['plain-partial']).toBeUndefined();
    expect(existsSync(join(project.distDir, 'snippets/notice.md'))).toBe(false);
    expect(project.warnings.filter((w) => w.includes('site-partials') || w.includes('notice.md'))).toEqual([]);
  });

  it('renders a page again when a partial it imports from `@site/static` or `@site/src` changed', async () => {
    const session = new BuildSession();
    await project.build({ session });
    project.write('static/snippets/notice.md', '## Static changed\n');
    await project.build({ session });
    expect(articleOf(project.read('docs/site-partials.html'))).toContain('<h2 id="static-changed">Static changed</h2>');
    project.write('docs/_nested.md', 'Nested text changed.\n');
    await project.build({ session });
    expect(articleOf(project.read('docs/site-partials.html'))).toContain('<p>Nested text changed.</p>');
  });

  it('renders a page again when only its partial changed', async () => {
    const session = new BuildSession();
    await project.build({ session });
    project.write('docs/_shared.mdx', '---\ntitle: Shared\n---\n\n## Changed partial\n\nNew text.\n');
    await project.build({ session });
    expect(articleOf(project.read('docs/components.html'))).toContain('<h2 id="changed-partial">Changed partial</h2>');
  });

  it("shows the children of the site's own components, in a paragraph or as a block, each named with its file and line", async () => {
    const warnedBefore = project.warnings.length;
    project.write(
      'docs/own-components.mdx',
      [
        "import Box from './Box.jsx';",
        "import Video from '@site/src/components/Video.tsx';",
        '',
        '# Own components',
        '',
        'Some <Box tone="warm">boxed words</Box> in a sentence.',
        '',
        '<Video id="abc123">',
        '',
        'Check out this **video**.',
        '',
        '</Video>',
        '',
      ].join('\n'),
    );
    try {
      await project.build();
      const article = articleOf(project.read('docs/own-components.html'));
      expect(article).toContain('<p>Some boxed words in a sentence.</p>');
      expect(article).toMatch(/<div class="mdx-component">\s*<p>Check out this <strong>video<\/strong>\.<\/p>\s*<\/div>/);
      expect(article).not.toMatch(/warm|abc123|Box|Video/);
      expect(project.warnings.slice(warnedBefore).filter((w) => w.includes('own-components'))).toEqual([
        'content/docs/own-components.mdx:6: `<Box>` is a component of the site (`./Box.jsx`), which this build does not render (there is no such file in the content folder): the page shows its children in its place.',
        'content/docs/own-components.mdx:8: `<Video>` is a component of the site (`@site/src/components/Video.tsx`), which this build does not render (there is no such file in the content folder): the page shows its children in its place.',
      ]);
    } finally {
      rmSync(join(project.contentDir, 'docs/own-components.mdx'));
    }
  });

  it('writes both images of a ThemedImage, each marked with its colour mode, their paths checked as images are', async () => {
    project.write(
      'docs/themed.mdx',
      "import ThemedImage from '@theme/ThemedImage';\n\n# Themed\n\n<ThemedImage alt=\"The logo\" sources={{ light: '/img/logo.svg', dark: useBaseUrl('/img/logo.svg') }} />\n",
    );
    try {
      await project.build();
      expect(articleOf(project.read('docs/themed.html'))).toMatch(
        /<p><span class="themed-image"><img src="\/abp-react\/img\/logo\.svg" alt="The logo" class="themed-image--light"[^>]*><img src="\/abp-react\/img\/logo\.svg" alt="The logo" class="themed-image--dark"[^>]*><\/span><\/p>/,
      );
    } finally {
      rmSync(join(project.contentDir, 'docs/themed.mdx'));
    }
  });

  it("renders code blocks again with the site's own magic comments when the configuration names them", async () => {
    const configFile = join(project.contentDir, 'site.config.json');
    const config = readFileSync(configFile, 'utf8');
    const session = new BuildSession();
    try {
      await project.build({ session });
      const magicComments = [{ className: 'code-block-error-line', line: 'highlight-next-line' }];
      project.write('site.config.json', JSON.stringify({ ...(JSON.parse(config) as object), markdown: { magicComments } }));
      await project.build({ session });
      const article = articleOf(project.read('docs/components.html'));
      expect(article).toMatch(/<span class="code-line code-block-error-line"><span class="hljs-keyword">const<\/span> answer/);
      expect(article).not.toContain('highlight-next-line');
      expect(article).not.toContain('theme-code-block-highlighted-line');
    } finally {
      project.write('site.config.json', config);
    }
  });
});

describe('fixture mdx-hostile', () => {
  const project = useFixture('mdx-hostile');
  afterAll(() => project.remove());

  it('refuses expressions that call functions, handler props, spreads and imports from outside the content folder', async () => {
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message.split('\n')[0]).toBe('Cannot build: 6 MDX problems in content:');
    expect(error.problems).toEqual([
      {
        file: 'content/docs/hostile.mdx',
        line: 5,
        message: 'imports `../../../secret.jsx`, which is outside the content folder. Keep what a page imports inside `content/`.',
      },
      {
        file: 'content/docs/hostile.mdx',
        line: 8,
        message:
          "`{alert(document.cookie)}` is a function call, and pages never run code. Write a literal value (a string, number, boolean, array or object of literals), `toc`, `frontMatter.<field>`, `useBaseUrl('/path')` or `require('./file.png').default`.",
      },
      {
        file: 'content/docs/hostile.mdx',
        line: 10,
        message: expect.stringMatching(/^prop `onClick=\{\(\) => fetch\(.*\)\}` of `<div>` is code \(`ArrowFunctionExpression`\), and pages never run code\./),
      },
      {
        file: 'content/docs/hostile.mdx',
        line: 12,
        message: expect.stringMatching(/^`<Tabs>` spreads `\.\.\.props` into its props, which runs code\./),
      },
      {
        file: 'content/docs/hostile.mdx',
        line: 16,
        message: expect.stringMatching(/^`\{constants\.tabs\(document\.cookie\)\}` is a function call, and pages never run code\./),
      },
      {
        file: 'content/docs/hostile.mdx',
        line: 18,
        message: 'imports `@site/../outside.md`, which is outside the content folder. Keep what a page imports inside `content/`.',
      },
    ]);
  });
});

describe('fixture mdx-plain', () => {
  const project = useFixture('mdx-plain');
  afterAll(() => project.remove());

  it('reads plain markdown in an .mdx file, JSX inside a code fence included', async () => {
    const result = await project.build();
    expect(result.pages).toBe(2);
    const doc = project.manifest().docs.plain;
    expect(doc).toMatchObject({ path: '/docs/plain', title: 'Plain MDX', source: 'docs/plain.mdx', codeLanguages: ['tsx'] });
    expect(project.read('docs/plain.html')).toContain('This <code>.mdx</code> file holds plain markdown only.');
  });
});

describe('MDX syntax errors', () => {
  const project = useFixture('mdx-plain');
  afterAll(() => project.remove());

  it('names the line MDX cannot read and says how to escape it or read .md files as CommonMark', async () => {
    project.write('docs/broken.md', '# Broken\n\nFine.\n\nA brace { opens code here.\n');
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.problems).toEqual([
      {
        file: 'content/docs/broken.md',
        line: 5,
        message: expect.stringMatching(/^cannot be read as MDX: .*escape them .* or set `markdown\.format` to `detect`/),
      },
    ]);
  });

  it('reads the same .md file as CommonMark under `markdown.format: detect`', async () => {
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as object;
    project.write('site.config.json', JSON.stringify({ ...config, markdown: { format: 'detect' } }));
    await project.build();
    expect(project.read('docs/broken.html')).toContain('A brace { opens code here.');
  });
});
