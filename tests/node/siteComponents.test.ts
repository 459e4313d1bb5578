/**
 * The site's own React components in MDX pages: bundled into chunks below `assets/site/` with their CSS modules and
 * what they import from the site, rendered into the page's HTML inside a mark the shell hydrates, and named with
 * file and line when they cannot be bundled or rendered. A changed component renders its pages again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSession } from '../../build';
import { componentImports } from '../../node/siteComponents';
import { articlesBuiltInWorkers, useFixture } from '../helpers/build';

/** The article of a built route, `<div class="markdown">` to the end of `<main>`'s article. */
const articleOf = (html: string) => /<div class="markdown">([\s\S]*?)<\/div><footer/.exec(html)?.[1] ?? '';

const PAGE = `---
title: Own components
---

import Counter from '@site/src/components/Counter';
import Box, { Row } from '@site/src/theme/Box';
import Context from '../src/components/Context';
import Broken from '../src/Broken.jsx';

# Own components

<Counter start={2} label="Clicks" />

<Box title="Careful">

Some **markdown** inside, with [a link](./intro.md).

</Box>

<table><tbody>
<Row name="first" code={\`let a = 1;\`} />
</tbody></table>

<Context>What the context would say.</Context>

<Broken>What broke.</Broken>
`;

const FILES: Record<string, string> = {
  'src/components/Counter.jsx': `import React, { useState } from 'react';
import Link from '@docusaurus/Link';

export default function Counter({ start = 0, label }) {
  const [n, setN] = useState(start);
  return (
    <div className="counter">
      <button type="button" onClick={() => setN(n + 1)}>{label}: {n}</button>
      <Link to="/docs/intro">Back to the start</Link>
    </div>
  );
}
`,
  'src/theme/Box/styles.module.css': '.box { border: 2px solid rebeccapurple; }\n',
  'src/theme/Box/index.tsx': `import React from 'react';
import styles from './styles.module.css';
import CodeBlock from '@theme/CodeBlock';
import { shout } from '@site/src/components/words';

export function Row({ name, code }: { name: string; code: string }) {
  return <tr><td>{name}</td><td><CodeBlock language="js">{code}</CodeBlock></td></tr>;
}

export default function Box({ title, children }: { title: string; children?: React.ReactNode }) {
  return <section className={styles.box} aria-label={title}><h4>{shout(title)}</h4>{children}</section>;
}
`,
  'src/components/words.ts': 'export const shout = (s: string): string => `${s.toUpperCase()}!`;\n',
  'src/components/Context.jsx': `import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function Context() {
  return <p>{useDocusaurusContext().siteConfig.title}</p>;
}
`,
  'src/Broken.jsx': `export default function Broken() {
  throw new Error('no data');
}
`,
};

describe('componentImports', () => {
  it("finds a page's imports of the site's code, by path below the content folder, and none in fenced examples or of markdown", () => {
    const body = [
      "import Box from '@site/src/components/Box';",
      "import { Row } from '../src/theme/Table.tsx';",
      "import Tabs from '@theme/Tabs';",
      "import Note from './_note.md';",
      '',
      '```jsx',
      "import App from './App';",
      '```',
    ].join('\n');
    expect(componentImports([{ rel: 'docs/guide/page.mdx', body }])).toEqual(['docs/src/theme/Table.tsx', 'src/components/Box']);
  });
});

describe('site components', () => {
  const project = useFixture('mdx-components');
  const session = new BuildSession();
  let article = '';
  beforeAll(async () => {
    for (const [rel, text] of Object.entries({ ...FILES, 'docs/own-components.mdx': PAGE })) {
      mkdirSync(dirname(join(project.contentDir, rel)), { recursive: true });
      project.write(rel, text);
    }
    await project.build({ session });
    article = articleOf(project.read('docs/own-components.html'));
  });
  afterAll(() => project.remove());

  /** The files the build wrote below `assets/site/`. */
  const chunks = () => readdirSync(join(project.distDir, 'assets', 'site')).sort();

  it('renders a component into the page inside a mark naming its chunk, export and props', () => {
    const counter = /<div data-site-component="(assets\/site\/src-components-Counter-\w+\.js)#default" data-site-props="([^"]*)">(.*?)<\/div><\/div>/.exec(
      article,
    );
    expect(counter?.[2]?.replaceAll('&#x22;', '"')).toBe('{"start":2,"label":"Clicks"}');
    // React's markup of the component with its props, its link below the base.
    expect(counter?.[3]).toBe(
      '<div class="counter"><button type="button">Clicks<!-- -->: <!-- -->2</button><a href="/abp-react/docs/intro">Back to the start</a>',
    );
    expect(chunks()).toContain(counter?.[1]?.slice('assets/site/'.length));
  });

  it("renders the page's markdown as the component's children, and names a named export", () => {
    expect(article).toMatch(
      /<div data-site-component="assets\/site\/src-theme-Box-\w+\.js#default"[^>]*><section class="styles_box" aria-label="Careful"><h4>CAREFUL!<\/h4><div data-site-children=""><p>Some <strong>markdown<\/strong> inside, with <a href="intro">a link<\/a>\.<\/p><\/div><\/section><\/div>/,
    );
  });

  it("links the styles of the page's components, bundled with their CSS modules' class names", () => {
    const href = /^<link rel="stylesheet" href="\/abp-react\/(assets\/site\/src-theme-Box-\w+\.css)">/.exec(article)?.[1];
    expect(href).toBeDefined();
    expect(readFileSync(join(project.distDir, href!), 'utf8')).toContain('.styles_box{border:2px solid rebeccapurple}');
  });

  it('renders a component among table rows without a mark, which HTML would move out of the table', () => {
    expect(article).toMatch(/<table><tbody>\s*<tr><td>first<\/td><td><div class="code-block" data-language="js">/);
    expect(article).toContain('<code class="language-js">let a = 1;</code>');
  });

  it('bundles React out of the chunk: it reads the shell’s, and imports nothing', () => {
    for (const name of chunks().filter((n) => n.endsWith('.js'))) {
      const code = readFileSync(join(project.distDir, 'assets', 'site', name), 'utf8');
      // Broken writes no JSX and imports nothing.
      if (!name.startsWith('src-Broken-')) expect(code).toContain('__abpDocsSiteReact');
      expect(code).not.toMatch(/\bfrom\s*["']|\bimport\s*\(/);
    }
  });

  it('publishes none of the site’s code as it is', () => {
    expect(existsSync(join(project.distDir, 'src'))).toBe(false);
    const code = (readdirSync(project.distDir, { recursive: true }) as string[]).filter((name) => /\.(jsx|tsx?|css)$/.test(name) && !name.startsWith('assets'));
    expect(code).toEqual([]);
  });

  it('shows the children of one that cannot be bundled or throws, named with the page’s line and the reason', () => {
    // Both are in running text: their children stay in the paragraph.
    expect(article).toContain('<p>What the context would say.</p>');
    expect(article).toContain('<p><span>What broke.</span></p>');
    const warnings = project.warnings.filter((w) => w.includes('own-components'));
    expect(warnings).toEqual([
      "content/docs/own-components.mdx:24: `<Context>` is a component of the site (`../src/components/Context`), which this build does not render (it cannot be bundled: src/components/Context.jsx:1: imports `@docusaurus/useDocusaurusContext`, a module of Docusaurus's that this site does not provide): the page shows its children in its place.",
      'content/docs/own-components.mdx:26: `<Broken>`, a component of the site, failed to render (no data): the page shows its children in its place.',
    ]);
  });

  it('renders them the same in render workers, which load the same chunks', async () => {
    const articles = await articlesBuiltInWorkers(project.contentDir);
    const inWorker = articles.find((a) => a.includes('data-site-component'));
    expect(inWorker).toBe(articleOf(project.read('docs/own-components.html')));
  });

  it('renders its pages again when a component changes, with the same session', async () => {
    const file = join(project.contentDir, 'src/components/words.ts');
    writeFileSync(file, 'export const shout = (s: string): string => `${s.toLowerCase()}?`;\n');
    const result = await project.build({ session });
    expect(result.rendered).toBeGreaterThan(0);
    expect(articleOf(project.read('docs/own-components.html'))).toContain('<h4>careful?</h4>');
  });
});
