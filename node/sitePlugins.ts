/**
 * The site's own markdown plugins (`markdown.remarkPlugins`, `rehypePlugins` in `site.config.json`): found by package
 * name where Node finds a package from the content folder (its `node_modules`, then its parents'), else from this
 * project, and loaded where pages render. Their module file and installed version go with the pages, so a render
 * worker loads the same file and a plugin update renders the pages again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PluggableList } from 'unified';
import type { PluginRef, SiteConfig } from '../manifest/siteConfig';
import { BuildError, displayPath, type Problem } from './problems';

/** A plugin of the site, found: its package, the file its package exports, its installed version and its options. */
interface SitePlugin extends PluginRef {
  file: string;
  version: string | null;
}

/** The site's plugins, found, in the order the configuration lists them. */
export interface SitePlugins {
  remark: SitePlugin[];
  rehype: SitePlugin[];
}

const LISTS = [
  ['remark', 'remarkPlugins'],
  ['rehype', 'rehypePlugins'],
] as const;

/** Where the build itself is installed: a plugin the site lists may be a dependency of this project. */
const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The version in the `package.json` that holds `file`, found from its folder up to its package's root. */
function installedVersion(file: string, name: string): string | null {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (json.name === name) return typeof json.version === 'string' ? json.version : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The file `name` resolves to as an import from `dir`, or null when it is not installed there. */
function resolveFrom(dir: string, name: string): string | null {
  try {
    return createRequire(join(dir, 'noop.js')).resolve(name);
  } catch {
    return null;
  }
}

/**
 * Finds every plugin the configuration lists; one that is not installed stops the build, named at its line of
 * `site.config.json` with the command that installs it.
 */
export async function findSitePlugins(site: Pick<SiteConfig, 'markdown'>, contentDir: string): Promise<SitePlugins> {
  const found: SitePlugins = { remark: [], rehype: [] };
  const missing: { key: string; index: number; name: string }[] = [];
  for (const [kind, key] of LISTS) {
    site.markdown[key].forEach((ref, index) => {
      const file = resolveFrom(contentDir, ref.name) ?? resolveFrom(PROJECT_ROOT, ref.name);
      if (file) found[kind].push({ ...ref, file, version: installedVersion(file, ref.name) });
      else missing.push({ key, index, name: ref.name });
    });
  }
  if (!missing.length) return found;
  // The configuration's reader, loaded only to say where: render workers load this module too.
  const { jsonTree, lineAt, SITE_CONFIG_FILE } = await import('./siteConfigFile');
  const { findNodeAtLocation } = await import('jsonc-parser');
  const text = readFileSync(join(contentDir, SITE_CONFIG_FILE), 'utf8');
  const tree = jsonTree(text, []);
  const problems: Problem[] = missing.map(({ key, index, name }) => {
    const node = tree && tree !== 'too deep' ? findNodeAtLocation(tree, ['markdown', key, index]) : undefined;
    return {
      file: displayPath(contentDir, SITE_CONFIG_FILE),
      line: node ? lineAt(text, node.offset) : 1,
      message: `\`markdown.${key}[${index}]\` names \`${name}\`, which is not installed beside the content or in this project. Install it (\`npm install ${name}\`), or take it out of the list.`,
    };
  });
  throw new BuildError(`Cannot build: ${problems.length} markdown plugin${problems.length === 1 ? '' : 's'} not found:`, problems);
}

/** What a plugin module could not give: a function to `use`. */
export class SitePluginError extends Error {
  override name = 'SitePluginError';
}

/** Loads the plugins' modules, as unified's `use` takes them: `[plugin, options]`. */
export async function loadSitePlugins(plugins: SitePlugins): Promise<{ remark: PluggableList; rehype: PluggableList }> {
  const load = async (plugin: SitePlugin): Promise<PluggableList[number]> => {
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(plugin.file).href)) as { default?: unknown };
    } catch (error) {
      throw new SitePluginError(`the markdown plugin \`${plugin.name}\` could not be loaded: ${(error as Error).message}`, { cause: error });
    }
    // An ES module's default export, or a CommonJS module's `module.exports` (whose own `default` some packages set).
    const exported = module.default as unknown;
    const attacher = typeof exported === 'function' ? exported : (exported as { default?: unknown } | undefined)?.default;
    if (typeof attacher !== 'function')
      throw new SitePluginError(`the markdown plugin \`${plugin.name}\` exports no plugin function as its default export, which is what the build runs.`);
    return plugin.options === undefined ? [attacher as never] : [attacher as never, plugin.options];
  };
  return { remark: await Promise.all(plugins.remark.map(load)), rehype: await Promise.all(plugins.rehype.map(load)) };
}
