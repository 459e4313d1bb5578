/**
 * Loads `content/site.config.json`, validates it against its schema
 * (`manifest/siteConfigSchema.ts`; errors carry file, line and field) and checks the
 * search credentials with the Algolia client itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { liteClient } from 'algoliasearch/lite';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import * as v from 'valibot';
import type { SiteConfigInput } from '../manifest/siteConfig';
import { patternText, SiteConfigSchema } from '../manifest/siteConfigSchema';
import { BuildError, displayPath, type Problem, type ProblemLog } from './problems';

export const SITE_CONFIG_FILE = 'site.config.json';

/**
 * What is wrong with an image named by the configuration or a page's front matter (`favicon`,
 * `navbar.logo.src`, `image`), or null: it must be a path of the site (`img/logo.svg`) that does not
 * climb out of it with `..`, or an http(s) URL. Other schemes (`javascript:`, `data:`) and hosts
 * given without a scheme (`//host/x.png`) are refused.
 */
export function imageUrlProblem(value: string): string | null {
  const url = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme)
    return /^https?$/i.test(scheme) ? null : `is a \`${scheme}:\` URL, \`${value}\`. Give a path of the site such as \`img/logo.svg\`, or an http(s) URL.`;
  if (/^[\\/]{2}/.test(url))
    return `names another host without a scheme, \`${value}\`. Write its https:// URL, or a path of the site such as \`img/logo.svg\`.`;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Not percent-encoded: taken as written.
  }
  if (decoded.split(/[\\/]/).includes('..') || /[\u0000-\u001f\\]/.test(decoded))
    return `climbs out of the site, \`${value}\`. Give a path of the site such as \`img/logo.svg\` (no \`..\` or \`\\\`), or an http(s) URL.`;
  return null;
}

/** What is wrong with JSON whose arrays or objects nest too deeply for the parser. */
const TOO_DEEP = 'nests arrays or objects thousands deep, more than the JSON parser can follow. Flatten it.';

/** The syntax tree of a JSON text (errors go to `syntax`), or `'too deep'` when it nests past the parser's stack. */
export function jsonTree(text: string, syntax: ParseError[]): JsonNode | undefined | 'too deep' {
  try {
    return parseTree(text, syntax, { allowTrailingComma: false, disallowComments: true });
  } catch (error) {
    if (error instanceof RangeError) return 'too deep';
    throw error;
  }
}

/**
 * A JSON file below `contentDir`: its text, syntax tree and value, or null once `log` has said why it cannot be
 * read, with the line of the first syntax error.
 */
export function readJsonFile(contentDir: string, rel: string, log: Pick<ProblemLog, 'error'>): { text: string; tree: JsonNode; json: unknown } | null {
  const display = displayPath(contentDir, rel);
  const text = readFileSync(join(contentDir, rel), 'utf8');
  const syntax: ParseError[] = [];
  const tree = jsonTree(text, syntax);
  if (tree === 'too deep') {
    log.error(display, 1, TOO_DEEP);
    return null;
  }
  if (syntax.length || !tree) {
    const first = syntax[0];
    log.error(
      display,
      first ? lineAt(text, first.offset) : 1,
      `is not valid JSON (${first ? printParseErrorCode(first.error) : 'empty'}). Check commas, quotes and brackets near this line.`,
    );
    return null;
  }
  const proto = prototypeKey(tree);
  if (proto) {
    log.error(display, lineAt(text, proto.offset), PROTOTYPE_KEY);
    return null;
  }
  return { text, tree, json: JSON.parse(text) as unknown };
}

/** Whether `tag` is a language tag browsers take (BCP 47, as `Intl` reads it): `pt-BR`, not `pt_BR`. */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** A locale's name as a route segment and a folder below `i18n/`: letters and digits, joined by `-` or `_`. */
const LOCALE_NAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;

/**
 * What the schema cannot say about `i18n`: each locale's name is a route segment, its `htmlLang` (by default its
 * name) a language tag, which `<html lang>`, hreflang and the shell's `Intl` dates, numbers and plurals are given,
 * and the default locale is one of `locales`.
 */
function localeProblems(input: SiteConfigInput, tree: JsonNode, text: string, display: string): Problem[] {
  const i18n = input.i18n;
  if (!i18n) return [];
  const problems: Problem[] = [];
  const at = (path: (string | number)[], message: string) => {
    const node = findNodeAtLocation(tree, ['i18n', ...path]);
    problems.push({ file: display, line: node ? lineAt(text, node.offset) : 1, message });
  };
  i18n.locales.forEach((code, i) => {
    const config = i18n.localeConfigs && Object.hasOwn(i18n.localeConfigs, code) ? i18n.localeConfigs[code] : undefined;
    if (!LOCALE_NAME.test(code)) {
      at(
        ['locales', i],
        `\`i18n.locales\` has \`${code}\`, which is no name for a route and a folder. Use letters and digits joined by \`-\` or \`_\`, such as \`pt-BR\`.`,
      );
    } else if (config?.htmlLang !== undefined) {
      if (!isLanguageTag(config.htmlLang))
        at(
          ['localeConfigs', code, 'htmlLang'],
          `\`i18n.localeConfigs.${code}.htmlLang\` is \`${config.htmlLang}\`, which is no BCP 47 language tag: browsers refuse it in \`lang\` and \`Intl\`. Write a tag such as \`pt-BR\`.`,
        );
    } else if (!isLanguageTag(code)) {
      at(
        ['locales', i],
        `\`i18n.locales\` has \`${code}\`, which is no BCP 47 language tag, and its pages take it as their \`lang\` and for \`Intl\`. Name the locale with a tag such as \`${code.replace(/_/g, '-')}\`, or give it one in \`i18n.localeConfigs.${code}.htmlLang\`.`,
      );
    }
  });
  if (!i18n.locales.includes(i18n.defaultLocale)) {
    at(
      ['defaultLocale'],
      `\`i18n.defaultLocale\` is \`${i18n.defaultLocale}\`, which \`i18n.locales\` does not list. Add it to \`i18n.locales\`, or name one of those.`,
    );
  }
  return problems;
}

/**
 * The first property named `__proto__` in a JSON tree, or undefined: an object made from the text takes its
 * value as its prototype (valibot's record copies keys by assignment), so every lookup of a name it lacks would
 * find one. Walked with a stack of its own: the tree may be thousands deep.
 */
function prototypeKey(tree: JsonNode): JsonNode | undefined {
  const stack = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'property' && node.children?.[0]?.value === '__proto__') return node;
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return undefined;
}

/** What is wrong with a `__proto__` key. */
const PROTOTYPE_KEY = 'has the key `__proto__`, which JavaScript takes for the prototype of the object rather than a name in it. Rename or remove it.';

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** JSON Schema's names for the types a schema issue expects (valibot's `expected`: `Object`, `(Array | null)`). */
const JSON_TYPES = new Map([
  ['string', 'string'],
  ['number', 'number'],
  ['boolean', 'boolean'],
  ['Object', 'object'],
  ['Array', 'array'],
  ['null', 'null'],
]);

/**
 * The schema's issues as problems at the line of their field, in the file's order and worded as
 * `manifest/site.schema.json` states the rule, which is what an author's editor shows too.
 */
function schemaProblems(issues: readonly v.BaseIssue<unknown>[], tree: JsonNode, text: string, display: string): Problem[] {
  const problems: Problem[] = [];
  const add = (issue: v.BaseIssue<unknown>, base: readonly PropertyKey[]): void => {
    const path = [...base, ...(issue.path ?? []).map((item) => item.key as PropertyKey)];
    // A value that is one of a union's types but wrong inside: its own issues, not "must be null".
    const inner = issue.type === 'union' ? (issue.issues ?? []).filter((i) => i.path?.length) : [];
    if (inner.length) {
      for (const i of inner) add(i, path);
      return;
    }
    let at = path;
    let detail: string;
    const key = String(path[path.length - 1]);
    const container = issue.path?.[issue.path.length - 1]?.input;
    if ((issue.type === 'object' || issue.type === 'strict_object') && Array.isArray(container)) {
      // valibot reads an array as an object without the required fields; it is a value of the wrong type.
      at = path.slice(0, -1);
      detail = `must be object, got \`${JSON.stringify(container)}\``;
    } else if (issue.expected === 'never') {
      at = path.slice(0, -1);
      detail = `has unknown field \`${key}\``;
    } else if ((issue.type === 'object' || issue.type === 'strict_object') && path.length && issue.input === undefined) {
      at = path.slice(0, -1);
      detail = `lacks required field \`${key}\``;
    } else if (issue.type === 'regex' && !issue.message.startsWith('Invalid ')) {
      // The schema's own words for the format (valibot's own start with "Invalid").
      detail = issue.message;
    } else if (issue.type === 'regex') {
      detail = `must match pattern "${patternText(issue.requirement as RegExp)}"`;
    } else if (issue.type === 'check') {
      // A rule over several fields, in the schema's own words (the editors' schema states it too).
      detail = issue.message;
    } else if (issue.type === 'min_length') {
      detail = `must NOT have fewer than ${String(issue.requirement)} characters`;
    } else {
      const names = (issue.expected ?? '').replace(/[()]/g, '').split(' | ');
      const types = names.every((n) => JSON_TYPES.has(n)) ? names.map((n) => JSON_TYPES.get(n)).join(',') : null;
      detail = types ? `must be ${types}, got \`${JSON.stringify(issue.input ?? null)}\`` : 'must be equal to one of the allowed values';
    }
    const location = at.map((k) => (typeof k === 'number' ? k : String(k)));
    const node = findNodeAtLocation(tree, location);
    const field = location.length ? location.join('.') : '(root)';
    const message = `\`${field}\` ${detail}. See manifest/site.schema.json for the expected shape.`;
    if (!problems.some((p) => p.message === message)) {
      problems.push({
        file: display,
        line: node ? lineAt(text, node.parent && node.parent.type === 'property' ? node.parent.offset : node.offset) : 1,
        message,
      });
    }
  };
  for (const issue of issues) add(issue, []);
  return problems.sort((a, b) => a.line - b.line);
}

/** Reads and validates the configuration, returned with its text; throws a `BuildError` listing every problem. */
export function loadSiteConfig(contentDir: string): { input: SiteConfigInput; text: string } {
  const display = displayPath(contentDir, SITE_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(join(contentDir, SITE_CONFIG_FILE), 'utf8');
  } catch (error) {
    throw new BuildError(
      `Cannot read \`${display}\`. Create it: the site title, navbar, footer and search settings live there (see README, "Site configuration").`,
      [],
      { cause: error },
    );
  }
  const syntax: ParseError[] = [];
  const tree = jsonTree(text, syntax);
  if (tree === 'too deep') throw new BuildError(`Cannot build: 1 problem in \`${display}\`:`, [{ file: display, line: 1, message: TOO_DEEP }]);
  if (syntax.length || !tree) {
    throw new BuildError(
      `Cannot build: \`${display}\` is not valid JSON.`,
      syntax.map((e) => ({
        file: display,
        line: lineAt(text, e.offset),
        message: `JSON syntax error (code ${e.error}). Check commas, quotes and brackets near this line.`,
      })),
    );
  }
  const proto = prototypeKey(tree);
  if (proto) throw new BuildError(`Cannot build: 1 problem in \`${display}\`:`, [{ file: display, line: lineAt(text, proto.offset), message: PROTOTYPE_KEY }]);
  const parsed = v.safeParse(SiteConfigSchema, JSON.parse(text));
  if (!parsed.success) {
    const problems = schemaProblems(parsed.issues, tree, text, display);
    throw new BuildError(`Cannot build: ${problems.length} problem${problems.length === 1 ? '' : 's'} in \`${display}\`:`, problems);
  }
  const input = parsed.output;
  // Images the pages' heads and the shell show: checked as links are (no `..` out of the site, no `javascript:`).
  const images: [string, (string | number)[]][] = [
    ['favicon', ['favicon']],
    ['image', ['image']],
    ['navbar.logo.src', ['navbar', 'logo', 'src']],
    ['footer.logo.src', ['footer', 'logo', 'src']],
  ];
  const refused: Problem[] = [];
  for (const [field, path] of images) {
    const node = findNodeAtLocation(tree, path);
    const problem = typeof node?.value === 'string' ? imageUrlProblem(node.value) : null;
    if (problem) refused.push({ file: display, line: lineAt(text, node!.offset), message: `\`${field}\` ${problem}` });
  }
  refused.push(...localeProblems(input, tree, text, display));
  if (refused.length) throw new BuildError(`Cannot build: ${refused.length} problem${refused.length === 1 ? '' : 's'} in \`${display}\`:`, refused);
  try {
    // The client's own checks, so a configuration the shell could not search with (no `appId` or `apiKey`) never ships.
    liteClient(input.search.appId, input.search.apiKey);
  } catch (error) {
    // Point at the field the client names (`appId` / `apiKey`), else at `search`.
    const field = /`(appId|apiKey)`/.exec((error as Error).message)?.[1];
    const node = (field && findNodeAtLocation(tree, ['search', field])) || findNodeAtLocation(tree, ['search']);
    throw new BuildError(
      `Cannot build: the search settings in \`${display}\` are incomplete.`,
      [
        {
          file: display,
          line: node ? lineAt(text, node.offset) : 1,
          message: `${(error as Error).message} Set \`search.appId\` and \`search.apiKey\` (keep the placeholders YOUR_APP_ID / YOUR_SEARCH_API_KEY to search the local index only).`,
        },
      ],
      { cause: error },
    );
  }
  return { input, text };
}
