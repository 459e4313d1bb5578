/**
 * `npm run write-translations -- --locale <code>`: writes the files a translator fills in for a locale, in
 * Docusaurus's format (`{ "<id>": { "message": "…", "description": "…" } }`), as `docusaurus write-translations`
 * does: `i18n/<code>/code.json` with every text of the shell's catalogue (`manifest/texts.ts`), and
 * `i18n/<code>/docusaurus-theme-classic/navbar.json` and `footer.json` with the labels `site.config.json` gives the
 * navbar and the footer. An id a file lacks gets its English; one it has keeps its translation (unless `--override`)
 * and gets the catalogue's description; an id the site does not know is kept, and named, since a translator may
 * have written it for a text still to come.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findNodeAtLocation } from 'jsonc-parser';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { TEXT_DESCRIPTIONS, TEXTS, type TextId } from '../manifest/texts';
import { BuildError, displayPath, ProblemLog } from '../node/problems';
import { lineAt, loadSiteConfig, readJsonFile } from '../node/siteConfigFile';
import { commandLine } from './commandLine';

const USAGE = `usage: npm run write-translations -- --locale <code> [--content content] [--override] [--messagePrefix <text>]

Writes content/i18n/<code>/code.json with every text of the shell, and docusaurus-theme-classic/navbar.json and
footer.json beside it with the navbar's and footer's labels. Translations already there are kept; --override
writes the English over them. --messagePrefix puts a text before each English message it writes (such as "(fr) "),
so untranslated texts stand out on the site.`;

/** One entry of a translation file. */
export interface TranslationEntry {
  message: string;
  description?: string;
}

/** A translation file, by id. */
export type TranslationFile = Record<string, TranslationEntry>;

/** How existing translations are treated. */
export interface WriteOptions {
  /** Write the English over the translations a file has. */
  override?: boolean;
  /** Put before each English message written. */
  messagePrefix?: string;
}

/**
 * `existing` with every id of `fresh`: an id it has keeps its message unless `override`, and takes `fresh`'s
 * description; an id it lacks gets `fresh`'s message after `messagePrefix`. Ids of `existing` that `fresh` lacks
 * stay where they are and are returned as `unknown`.
 */
export function mergeTranslations(
  existing: TranslationFile,
  fresh: Record<string, Required<TranslationEntry>>,
  { override = false, messagePrefix = '' }: WriteOptions = {},
): { content: TranslationFile; unknown: string[] } {
  const content: TranslationFile = { ...existing };
  for (const [id, { message, description }] of Object.entries(fresh)) {
    const kept = existing[id]?.message;
    content[id] = { message: override || kept === undefined ? `${messagePrefix}${message}` : kept, description };
  }
  return { content, unknown: Object.keys(existing).filter((id) => !Object.hasOwn(fresh, id)) };
}

/** The shell's texts as a translation file's entries, in the catalogue's order. */
export function codeTranslations(): Record<string, Required<TranslationEntry>> {
  return Object.fromEntries((Object.keys(TEXTS) as TextId[]).map((id) => [id, { message: TEXTS[id], description: TEXT_DESCRIPTIONS[id] }]));
}

/** The navbar's labels as `navbar.json`'s entries, by the keys the shell looks them up with (`item.label.<label>`). */
export function navbarTranslations(input: SiteConfigInput): Record<string, Required<TranslationEntry>> {
  const out: Record<string, Required<TranslationEntry>> = { title: { message: input.navbar.title, description: 'The title in the navbar, beside the logo' } };
  for (const item of input.navbar.items) {
    if ('label' in item && item.label !== undefined) {
      out[`item.label.${item.label}`] = { message: item.label, description: `Navbar item with label ${item.label}` };
    }
  }
  return out;
}

/** The footer's labels as `footer.json`'s entries (`link.title.<title>`, `link.item.label.<label>`, `copyright`). */
export function footerTranslations(input: SiteConfigInput): Record<string, Required<TranslationEntry>> {
  const out: Record<string, Required<TranslationEntry>> = {};
  for (const column of input.footer.links) {
    out[`link.title.${column.title}`] = { message: column.title, description: `The title of the footer links column with title ${column.title}` };
    for (const item of column.items) {
      out[`link.item.label.${item.label}`] = { message: item.label, description: `The label of footer link with label ${item.label}` };
    }
  }
  out.copyright = { message: input.copyright, description: 'The footer copyright' };
  return out;
}

/** A translation file below `contentDir` as it is (none when it is missing); its problems, with their lines, go to `log`. */
function readTranslationFile(contentDir: string, rel: string, log: ProblemLog): TranslationFile | undefined {
  if (!existsSync(join(contentDir, rel))) return {};
  const read = readJsonFile(contentDir, rel, log);
  if (!read) return undefined;
  const display = displayPath(contentDir, rel);
  if (typeof read.json !== 'object' || read.json === null || Array.isArray(read.json)) {
    log.error(display, 1, 'must be an object of translations, `{ "<id>": { "message": "…" } }`.');
    return undefined;
  }
  const file: TranslationFile = {};
  for (const [id, entry] of Object.entries(read.json as Record<string, unknown>)) {
    const { message, description } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof message === 'string' && (description === undefined || typeof description === 'string')) {
      file[id] = description === undefined ? { message } : { message, description };
      continue;
    }
    const node = findNodeAtLocation(read.tree, [id]);
    log.error(
      display,
      node ? lineAt(read.text, node.parent?.offset ?? node.offset) : 1,
      `\`${id}\` must be \`{ "message": "…", "description": "…" }\` with strings (the description may be left out). Fix it, or remove the entry to have it written again.`,
    );
  }
  return file;
}

/** What `writeTranslations` did to one file. */
export interface WrittenFile {
  /** The file, as messages name it (`content/i18n/fr/code.json`). */
  file: string;
  /** Ids it did not have before. */
  added: number;
  /** Ids the site does not know, kept. */
  unknown: string[];
}

/**
 * Writes `locale`'s translation files below `contentDir` (`code.json`, the navbar's and the footer's), keeping what
 * they hold; throws a `BuildError` naming the file and line of anything in the way, before any file is written.
 */
export function writeTranslations(contentDir: string, locale: string, options: WriteOptions = {}): WrittenFile[] {
  const { input } = loadSiteConfig(contentDir);
  const locales = input.i18n?.locales ?? ['en'];
  if (!locales.includes(locale)) {
    throw new BuildError(
      `Cannot write translations for locale \`${locale}\`: \`${displayPath(contentDir, 'site.config.json')}\` does not list it in \`i18n.locales\`. ` +
        `Add it there, or choose one of: ${locales.map((code) => `\`${code}\``).join(', ')}.`,
    );
  }
  const files = [
    { rel: `i18n/${locale}/code.json`, fresh: codeTranslations() },
    { rel: `i18n/${locale}/docusaurus-theme-classic/navbar.json`, fresh: navbarTranslations(input) },
    { rel: `i18n/${locale}/docusaurus-theme-classic/footer.json`, fresh: footerTranslations(input) },
  ];
  const log = new ProblemLog();
  const read = files.map((file) => ({ ...file, existing: readTranslationFile(contentDir, file.rel, log) }));
  log.throwIfAny((count) => `Cannot write translations: ${count} problem${count === 1 ? '' : 's'} in the files there:`);
  return read.map(({ rel, fresh, existing = {} }) => {
    const { content, unknown } = mergeTranslations(existing, fresh, options);
    const path = join(contentDir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);
    return { file: displayPath(contentDir, rel), added: Object.keys(fresh).filter((id) => !Object.hasOwn(existing, id)).length, unknown };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const values = commandLine(
    'write-translations',
    USAGE,
    {
      locale: { type: 'string' },
      content: { type: 'string', default: 'content' },
      override: { type: 'boolean', default: false },
      messagePrefix: { type: 'string', default: '' },
    },
    (v) => (v.locale ? undefined : 'the locale is missing: --locale <code>'),
  );
  try {
    for (const { file, added, unknown } of writeTranslations(values.content, values.locale!, values)) {
      console.log(`[write-translations] ${file}: ${added} new text${added === 1 ? '' : 's'}`);
      if (unknown.length) {
        console.warn(
          `[write-translations] ${file} has ${unknown.length} id${unknown.length === 1 ? '' : 's'} the site does not use, kept: ${unknown.map((id) => `\`${id}\``).join(', ')}. Remove them if they are left over.`,
        );
      }
    }
  } catch (error) {
    console.error(`[write-translations] ${(error as Error).message}`);
    process.exit(1);
  }
}
