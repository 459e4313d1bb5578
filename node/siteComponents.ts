/**
 * The site's own React components, imported by its MDX pages from the content folder (`@site/src/components/Box`,
 * `../src/Chart.jsx`; outside the docs and pages folders, `readContent`): esbuild bundles each into a chunk of its own below `assets/site/`, with the styles and files it
 * imports, reading React from the shell (`SITE_REACT_GLOBAL`) so that page and component share one React. The
 * renderer loads the same chunk to render the component into the page's HTML (`render.ts`), and the shell hydrates
 * it (`src/markdown/siteComponents.ts`). The few Docusaurus modules components commonly use are the site's own here
 * (`siteTheme.ts`); one a component imports that no file or module provides is a warning on the pages that use it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { partialTarget } from '../manifest/mdx';
import { SITE_COMPONENTS_FOLDER, SITE_REACT_GLOBAL, type SiteComponentFound, type SiteComponents } from '../manifest/siteComponents';
import { withBase } from '../manifest/paths';

/** The bundling of one build: the components, the files to publish, and what made them, for the next build. */
interface SiteBundles {
  components: SiteComponents;
  /** Files below the site's root: the chunks and what they import. */
  files: Map<string, Buffer>;
  /** The imports looked for and each input file's hash: a later build with the same reuses these bundles. */
  inputs: string;
}

/** Extensions a component's file may have, tried in this order after the import as written. */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/**
 * An import of a file of the site that is no markdown (`import Box from '@site/src/components/Box'`): its path as
 * written. A scan for which files to bundle; the renderer reads the imports itself, with the same `partialTarget`.
 */
const COMPONENT_IMPORT = /(?:^|;)[ \t]*import\s[^'"]*?\bfrom\s+['"]((?:\.|@site\/)[^'"]*)['"]/gm;

/** Fenced code, whose imports are examples, not the page's. */
const FENCED = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm;

/** The paths below the content folder of the components the MDX `sources` (each at its path below it) import. */
export function componentImports(sources: Iterable<{ rel: string; body: string }>): string[] {
  const found = new Set<string>();
  for (const { rel, body } of sources) {
    if (!body.includes('import')) continue;
    for (const match of body.replace(FENCED, '').matchAll(COMPONENT_IMPORT)) {
      const target = partialTarget(rel, match[1]!);
      if (target !== null && !/\.mdx?$/.test(target)) found.add(target);
    }
  }
  return [...found].sort();
}

/** The file an import of `target` names below `contentDir`, as a bundler resolves one without an extension. */
function componentFile(contentDir: string, target: string): string | null {
  const base = join(contentDir, target);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** How a component's imports that are no code load: its CSS modules' class names, the files it shows by URL. */
const LOADERS: Record<string, 'jsx' | 'local-css' | 'file'> = {
  '.js': 'jsx',
  '.module.css': 'local-css',
  ...Object.fromEntries(['.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.woff', '.woff2'].map((ext) => [ext, 'file' as const])),
};

/** Where the Docusaurus modules a component may import come from: the site's own small versions (`siteTheme.ts`). */
const THEME_EXPORTS: Record<string, string> = {
  '@docusaurus/Link': 'export { Link as default } from',
  '@docusaurus/useBaseUrl': 'export { useBaseUrl as default, useBaseUrlUtils } from',
  '@theme/CodeBlock': 'export { CodeBlock as default } from',
  '@theme/MDXComponents/A': 'export { A as default } from',
  '@theme/ThemedImage': 'export { ThemedImage as default } from',
};

const SITE_THEME = join(dirname(fileURLToPath(import.meta.url)), 'siteTheme.ts');

/** React's exports, for the modules that hand a chunk the shell's React. */
async function reactModules(): Promise<{ react: string; jsxRuntime: string }> {
  const [react, jsxRuntime] = await Promise.all([import('react'), import('react/jsx-runtime')]);
  const module = (key: string, names: string[]) =>
    `const m = globalThis.${SITE_REACT_GLOBAL}.${key};\nexport default m;\nexport const { ${names.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default').join(', ')} } = m;\n`;
  return { react: module('react', Object.keys(react)), jsxRuntime: module('jsxRuntime', Object.keys(jsxRuntime)) };
}

/** The esbuild plugin that gives a component the shell's React, the content folder as `@site/`, and the theme's modules. */
function sitePlugin(contentDir: string, react: { react: string; jsxRuntime: string }): Plugin {
  return {
    name: 'site-components',
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-runtime|\/jsx-dev-runtime)?$/ }, (args) => ({ path: args.path, namespace: 'site-react' }));
      build.onLoad({ filter: /.*/, namespace: 'site-react' }, (args) => ({ contents: args.path === 'react' ? react.react : react.jsxRuntime, loader: 'js' }));
      build.onResolve({ filter: /^react-dom(\/.*)?$/ }, (args) => ({
        errors: [{ text: `imports \`${args.path}\`, which a component of this site cannot use: the page's React DOM is the shell's own` }],
      }));
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: contentDir, kind: args.kind, importer: args.importer }),
      );
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) =>
        Object.hasOwn(THEME_EXPORTS, args.path)
          ? { path: args.path, namespace: 'site-theme' }
          : { errors: [{ text: `imports \`${args.path}\`, a module of Docusaurus's that this site does not provide` }] },
      );
      build.onLoad({ filter: /.*/, namespace: 'site-theme' }, (args) => ({
        contents: `${THEME_EXPORTS[args.path]} ${JSON.stringify(SITE_THEME)};`,
        loader: 'js',
        resolveDir: dirname(SITE_THEME),
      }));
    },
  };
}

/** esbuild's first error, as a clause of a warning. */
function firstError(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
  const first = errors?.[0];
  if (!first) return error instanceof Error ? error.message : String(error);
  return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
}

/** A digest of the files an earlier bundling read, as they are now. */
function inputsDigest(targets: string[], files: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(targets));
  for (const file of files) {
    hash.update(`\0${file}\0`);
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('gone');
    }
  }
  return hash.digest('hex');
}

/** What `bundleSiteComponents` made last, to reuse when the same imports read the same files. */
export interface KeptBundles {
  bundles: SiteBundles;
  targets: string[];
  files: string[];
  baseUrl: string;
}

/**
 * Bundles the components `targets` name (`componentImports`) for a site served below `baseUrl`. `kept` is the
 * last bundling of this process, reused when its imports, base and every file it read are the same.
 */
export async function bundleSiteComponents(contentDir: string, targets: string[], baseUrl: string, kept?: KeptBundles): Promise<KeptBundles> {
  if (kept && kept.baseUrl === baseUrl && JSON.stringify(kept.targets) === JSON.stringify(targets) && inputsDigest(targets, kept.files) === kept.bundles.inputs)
    return kept;
  const esbuild = await import('esbuild');
  const react = await reactModules();
  const byTarget: Record<string, SiteComponentFound> = {};
  const files = new Map<string, Buffer>();
  const read = new Set<string>();
  const entries: { target: string; file: string }[] = [];
  for (const target of targets) {
    const file = componentFile(contentDir, target);
    if (file) entries.push({ target, file });
    else byTarget[target] = { error: 'there is no such file in the content folder' };
  }
  // One build for all: the class names of components' CSS modules are unique across the site, not within each.
  const bundle = (list: typeof entries) =>
    esbuild.build({
      entryPoints: list.map(({ target, file }) => ({ in: file, out: target.replace(/\.[cm]?[jt]sx?$/, '').replace(/[^\w.-]+/g, '-') })),
      absWorkingDir: contentDir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      // Whitespace and syntax only: short local names would be short class names too, which a site's CSS may have.
      minifyWhitespace: true,
      minifySyntax: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: join(contentDir, SITE_COMPONENTS_FOLDER),
      entryNames: '[name]-[hash]',
      assetNames: '[name]-[hash]',
      publicPath: withBase(`/${SITE_COMPONENTS_FOLDER}`, baseUrl),
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: LOADERS,
      plugins: [sitePlugin(contentDir, react)],
    });
  let result: Awaited<ReturnType<typeof bundle>> | null = null;
  try {
    if (entries.length) result = await bundle(entries);
  } catch {
    // Which components fail, each on its own, and the others together.
    const alone = await Promise.all(
      entries.map((entry) =>
        bundle([entry]).then(
          () => null,
          (error: unknown) => firstError(error),
        ),
      ),
    );
    entries.forEach(({ target }, i) => {
      if (alone[i] !== null) byTarget[target] = { error: `it cannot be bundled: ${alone[i]}` };
    });
    const good = entries.filter((_, i) => alone[i] === null);
    for (const { file } of entries) read.add(file);
    result = good.length ? await bundle(good) : null;
  }
  if (result) {
    const moduleDir = join(tmpdir(), 'abp-docs-site-components');
    const byEntry = new Map(entries.map(({ target, file }) => [file, target]));
    for (const input of Object.keys(result.metafile.inputs)) if (!input.includes(':')) read.add(join(contentDir, input));
    const named = (path: string) => relative(contentDir, path).split(sep).join('/');
    for (const out of result.outputFiles) files.set(named(out.path), Buffer.from(out.contents));
    for (const out of result.outputFiles) {
      const meta = result.metafile.outputs[relative(contentDir, out.path).split(sep).join('/')];
      const target = meta?.entryPoint && byEntry.get(join(contentDir, meta.entryPoint));
      if (!target) continue;
      const module = join(moduleDir, `${out.hash.replace(/[^\w-]/g, '_')}.mjs`);
      if (!existsSync(module)) {
        mkdirSync(moduleDir, { recursive: true });
        writeFileSync(module, out.contents);
      }
      byTarget[target] = { chunk: named(out.path), css: meta.cssBundle ? withBase(`/${meta.cssBundle}`, baseUrl) : null, module };
    }
  }
  const list = [...read].sort();
  return { bundles: { components: { baseUrl, byTarget }, files, inputs: inputsDigest(targets, list) }, targets, files: list, baseUrl };
}
