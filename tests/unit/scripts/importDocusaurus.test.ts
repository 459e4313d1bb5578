import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../manifest/siteConfigSchema';
import { ROOT } from '../../helpers/build';
import { runScript } from '../../helpers/cli';

const SITE = join(ROOT, 'tests/fixtures/docusaurus-source');

/** Every file below `dir`, relative, sorted. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe('npm run import:docusaurus', () => {
  const work = mkdtempSync(join(tmpdir(), 'abp-import-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes a content folder from a site as written: its config evaluated with stand-ins, docs, versions, static files and sidebars', () => {
    const out = join(work, 'content');
    const { status, stdout, stderr } = runScript('scripts/importDocusaurus.ts', [SITE, '--out', out]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(filesIn(out)).toEqual([
      'docs/_snippets/_note.md',
      'docs/guides/index.md',
      'docs/guides/setup.md',
      'docs/intro.md',
      'docs/reference.md',
      'sidebars.json',
      'site.config.json',
      // What pages import from outside docs/ comes along at its path below the site: partials, and components
      // with what they import from the site.
      'src/components/WidgetCount/index.jsx',
      'src/components/WidgetCount/styles.module.css',
      'src/components/label.js',
      'src/partials/_batteries.md',
      'static/.nojekyll',
      'static/CNAME',
      'static/img/widgets.svg',
      'static/legal.md',
      'static/manifest.json',
      'versioned_docs/version-1.0/intro.md',
      'versioned_docs/version-1.0/reference.md',
      'versioned_sidebars/version-1.0-sidebars.json',
      'versions.json',
    ]);
    expect(readFileSync(join(out, 'static/img/widgets.svg'), 'utf8')).toBe(readFileSync(join(SITE, 'static/img/widgets.svg'), 'utf8'));

    // The sidebars file is code: what it evaluates to is written as JSON.
    expect(JSON.parse(readFileSync(join(out, 'sidebars.json'), 'utf8'))).toEqual({
      guideSidebar: [
        'intro',
        {
          type: 'category',
          label: 'Guides',
          link: { type: 'doc', id: 'guides/index' },
          items: ['guides/setup', { type: 'link', label: 'Widget store', href: 'https://store.example.org' }],
        },
      ],
      referenceSidebar: { Reference: ['reference'] },
    });

    const site: unknown = JSON.parse(readFileSync(join(out, 'site.config.json'), 'utf8'));
    expect(v.safeParse(SiteConfigSchema, site).success).toBe(true);
    expect(site).toMatchObject({
      title: 'Widget Docs',
      baseUrl: '/',
      favicon: 'img/favicon.ico',
      image: 'img/social.png',
      editUrl: 'https://github.com/widgets/widget-docs/edit/main/docs/',
      copyright: `Copyright © ${new Date().getFullYear()} Widgets.`,
      onBrokenLinks: 'warn',
      announcementBar: {
        id: 'star',
        content: 'If you like Widgets, give it a star on',
        link: { label: 'GitHub', href: 'https://github.com/widgets/widget-docs' },
        isCloseable: false,
      },
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false },
      search: { appId: 'WIDGETS', apiKey: 'search-key', indexName: 'widgets' },
      docs: { sidebarId: 'guideSidebar', mainDocId: 'intro' },
      navbar: {
        title: 'Widgets',
        logo: { src: 'img/widgets.svg', alt: 'Widgets logo' },
        items: [
          { type: 'docSidebar', sidebarId: 'guideSidebar', label: 'Guide', position: 'left' },
          { type: 'doc', docId: 'reference', label: 'Reference', position: 'left' },
          { label: 'Blog', to: '/blog', position: 'left' },
          { label: 'GitHub repository', href: 'https://github.com/widgets/widget-docs', position: 'right' },
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: '',
            items: [
              { label: 'Guide', to: '/docs/intro' },
              { label: 'GitHub', href: 'https://github.com/widgets' },
            ],
          },
        ],
      },
    });
    expect(site).not.toHaveProperty('home');

    // One line for each thing that could not be carried, and what to do.
    const notes = stdout.split('\n').filter((line) => line.startsWith('[import:docusaurus] not carried: '));
    expect(notes).toEqual(
      [
        'packages the configuration imports are not installed here (`@docusaurus/remark-plugin-npm2yarn`, `prism-react-renderer`, `remark-widget-embeds`); it ran with stand-ins for them.',
        'files the configuration reads are not there (`../crowdin.yaml`, `./src/css/custom.css`); it ran as if they were empty.',
        'the blog (preset classic `blog`) is not carried; links to it are broken links (see onBrokenLinks).',
        "custom CSS (theme.customCss) is not carried: the shell's stylesheet styles every page.",
        "analytics (`gtag`) is not carried; add its script to the shell's index.html if you need it.",
        'plugin `function inlinePlugin` is not carried; what it adds (pages, redirects, data) is not in the imported site.',
        'remark plugin `remark-widget-embeds` (docs remarkPlugins) is not carried; the syntax it adds shows as written. A plugin published as a package runs once installed and named in `markdown.remarkPlugins` of site.config.json.',
        "themeConfig.announcementBar.content is HTML; the bar shows its text and its link to https://github.com/widgets/widget-docs (this site's bar holds text and one link).",
        'themeConfig.navbar.items[3]: the dropdown "More" is not carried (the navbar has no dropdowns); put its links in the footer.',
        'themeConfig.footer.links[2]: an HTML footer item is not carried; write it as a link.',
        '1 static file (static/demo/index.html) of kinds the site does not publish (pages, scripts, styles) not copied: a browser would run them outside every check pages get. Write pages as docs; images, data and archives are published.',
        "1 static file (static/img/logo.svg) at the address of a file of the shell's public/ not copied: the shell's is served. Give the site's file another name.",
        '1 markdown file that include/exclude leave out is not copied.',
        '1 file in the docs that are code or of no kind the site publishes, not copied (guides/example.js).',
      ].map((note) => `[import:docusaurus] not carried: ${note}`),
    );
  });

  it('refuses a folder that is not empty, and leaves it as it was', () => {
    const out = join(work, 'taken');
    mkdirSync(out);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const { status, stderr } = runScript('scripts/importDocusaurus.ts', [SITE, '--out', out]);
    expect(status).toBe(1);
    expect(stderr).toBe(`[import:docusaurus] ${out} is not empty. Name a new folder with --out, or remove it.\n`);
    expect(readdirSync(out)).toEqual(['notes.txt']);
  });

  it('says where a configuration stopped, and writes nothing', () => {
    const site = join(work, 'broken-site');
    cpSync(SITE, site, { recursive: true });
    writeFileSync(
      join(site, 'docusaurus.config.js'),
      "module.exports = { title: 'x', url: 'https://x.org', baseUrl: '/', presets: [] };\nthrow new Error('no config today');\n",
    );
    const out = join(work, 'never');
    const { status, stderr } = runScript('scripts/importDocusaurus.ts', [site, '--out', out]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^\[import:docusaurus\] \S+docusaurus\.config\.js stopped with an error:\nError: no config today\n/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('importing'))).toEqual([]);
  });

  it('names the folder when it holds no Docusaurus configuration', () => {
    const { status, stderr } = runScript('scripts/importDocusaurus.ts', [join(SITE, 'docs'), '--out', join(work, 'none')]);
    expect(status).toBe(1);
    expect(stderr).toContain(`${join(SITE, 'docs')} holds no Docusaurus configuration (docusaurus.config.ts, docusaurus.config.mts, docusaurus.config.js`);
  });
});
