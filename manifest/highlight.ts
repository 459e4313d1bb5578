/**
 * The highlight.js grammars the site supports, each loaded on demand so the
 * shell downloads only the ones a page uses (the manifest lists them per page).
 * The build loads all of them, so its static rendering matches the shell's.
 */
import type { LanguageFn } from 'highlight.js';

type GrammarModule = { default: LanguageFn };

/** Grammar loaders by highlight.js name. */
export const GRAMMARS: Record<string, () => Promise<GrammarModule>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  ini: () => import('highlight.js/lib/languages/ini'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/** Names authors write in a fence, mapped to a grammar (highlight.js's own aliases included). */
export const LANGUAGE_ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  cs: 'csharp',
  docker: 'dockerfile',
  env: 'ini',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  md: 'markdown',
  ps1: 'powershell',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

/** Fence languages shown as plain text, never highlighted. */
export const PLAIN_LANGUAGES = ['text', 'txt', 'plaintext', 'mermaid', 'output'];

/** Labels shown on code blocks. */
const LABELS: Record<string, string> = {
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  js: 'JavaScript',
  javascript: 'JavaScript',
  jsx: 'JSX',
  json: 'JSON',
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  css: 'CSS',
  html: 'HTML',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
  env: '.env',
  dockerfile: 'Dockerfile',
  diff: 'Diff',
  csharp: 'C#',
  cs: 'C#',
  sql: 'SQL',
  text: 'Text',
  ini: 'INI',
  powershell: 'PowerShell',
  markdown: 'Markdown',
  md: 'Markdown',
  nginx: 'Nginx',
  toml: 'TOML',
};

/** Label of a fence language for the code-block header. */
export function languageLabel(lang: string): string {
  return LABELS[lang] ?? lang.toUpperCase();
}

/** The grammar name behind a fence language, or null when it is plain or unknown. */
function grammarFor(lang: string): string | null {
  const name = LANGUAGE_ALIASES[lang] ?? lang;
  return name in GRAMMARS ? name : null;
}

/** Loads the grammars for the given fence languages; unknown ones are skipped. */
export async function loadGrammars(langs: Iterable<string>): Promise<Record<string, LanguageFn>> {
  const names = new Set<string>();
  for (const lang of langs) {
    const name = grammarFor(lang);
    if (name) names.add(name);
  }
  const entries = await Promise.all([...names].map(async (name) => [name, (await GRAMMARS[name]!()).default] as const));
  return Object.fromEntries(entries);
}
