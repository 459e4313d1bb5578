/**
 * The site's own markdown plugins (`markdown.remarkPlugins`, `rehypePlugins`): packages installed beside the
 * content, run by the build on every page, their output held to the sanitizer's policy.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../node/problems';
import { articlesBuiltInWorkers, useFixture } from '../helpers/build';

/** Writes a package into the project's `node_modules`. */
function installPackage(dir: string, name: string, files: Record<string, string>, manifest: Record<string, unknown>) {
  const root = join(dir, 'node_modules', name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
}

describe('markdown plugins of the site', () => {
  const project = useFixture('unknown-directive');
  afterAll(() => project.remove());
  const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
  const configure = (markdown: Record<string, unknown>) => project.write('site.config.json', JSON.stringify({ ...config, markdown }, null, 2));

  // A remark plugin as an ES module with options, and a rehype one as CommonJS, each with no dependencies.
  installPackage(
    project.dir,
    'remark-swap-words',
    {
      'index.js': `export default function swap(options) {
  const walk = (node) => {
    if (node.type === 'text') node.value = node.value.replaceAll(options.from, options.to);
    for (const child of node.children ?? []) walk(child);
  };
  return (tree) => walk(tree);
}
`,
    },
    { type: 'module', exports: './index.js' },
  );
  installPackage(
    project.dir,
    'rehype-add-note',
    {
      'index.cjs': `module.exports = function addNote() {
  return (tree) => {
    tree.children.push(
      { type: 'element', tagName: 'div', properties: { className: ['from-plugin'] }, children: [{ type: 'text', value: 'Added by a plugin.' }] },
      { type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'alert(1)' }] },
    );
  };
};
`,
    },
    { main: './index.cjs' },
  );

  it('runs them on every page, with their options, the rehype ones before the sanitizer', async () => {
    configure({ remarkPlugins: [['remark-swap-words', { from: 'still shown', to: 'swapped by a plugin' }]], rehypePlugins: ['rehype-add-note'] });
    await project.build();
    const article = project.read(`blobs/${project.manifest().docs.intro!.article}`);
    expect(article).toContain('The text inside is swapped by a plugin.');
    expect(article).toContain('<div class="from-plugin">Added by a plugin.</div>');
    expect(article).not.toContain('alert(1)');
    expect(project.warnings).toContain(
      'content/docs/intro.md: `<script>`, in a partial this page imports or added by a markdown plugin of site.config.json, is not allowed on this site and is left out (with its content).',
    );
  });

  it("runs them in render workers as in the build's own thread", async () => {
    configure({ remarkPlugins: [['remark-swap-words', { from: 'still shown', to: 'swapped in a worker' }]] });
    // Pages enough for a worker to take some: each batch of one goes to this thread or the worker in turn.
    for (const n of [1, 2, 3]) project.write(`docs/more-${n}.md`, `# More ${n}\n\nThis is still shown.\n`);
    const articles = await articlesBuiltInWorkers(project.contentDir);
    expect(articles.some((a) => a.includes('The text inside is swapped in a worker.'))).toBe(true);
    for (const n of [1, 2, 3]) expect(articles.some((a) => a.includes(`<h1 id="more-${n}">More ${n}</h1>\n<p>This is swapped in a worker.</p>`))).toBe(true);
  });

  it('stops the build on a plugin that is not installed, at its line of site.config.json, saying how to install it', async () => {
    configure({ remarkPlugins: ['remark-swap-words', 'remark-not-here'] });
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toBe(
      'Cannot build: 1 markdown plugin not found:\n  content/site.config.json:' +
        `${
          readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')
            .split('\n')
            .findIndex((l) => l.includes('remark-not-here')) + 1
        }: ` +
        '`markdown.remarkPlugins[1]` names `remark-not-here`, which is not installed beside the content or in this project. Install it (`npm install remark-not-here`), or take it out of the list.',
    );
  });

  it('stops the build on a plugin that transforms asynchronously, naming the page and the plugins', async () => {
    installPackage(
      project.dir,
      'remark-later',
      { 'index.js': 'export default function later() {\n  return async () => {};\n}\n' },
      { type: 'module', exports: './index.js' },
    );
    configure({ remarkPlugins: ['remark-later'] });
    const error = (await project.build().catch((e: unknown) => e)) as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toBe(
      'Cannot build: `content/docs/intro.md` cannot be rendered: a markdown plugin of site.config.json (`remark-later`) transforms asynchronously, which this build does not run. Use a plugin that transforms synchronously.',
    );
  });
});
