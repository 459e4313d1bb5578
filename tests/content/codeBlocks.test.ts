/**
 * Checks every fenced code block in `content/`: it names a language, and the
 * languages we can check parse (TypeScript/JavaScript with TypeScript's parser,
 * JSON with `JSON.parse`, shell with `bash -n`). Also checks that no unfilled
 * placeholders (TODO, lorem ipsum, your-server) are left in the prose.
 *
 * Blocks are found with remark-parse + remark-gfm on the body after the front
 * matter, as the site's markdown pipeline sees them; lines are file lines.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CONTENT = join(ROOT, 'content');

interface Block {
  /** `content/docs/x.md:LINE (lang)`. */
  name: string;
  file: string;
  line: number;
  lang: string | null;
  code: string;
}

interface Prose {
  file: string;
  line: number;
  text: string;
}

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(full));
    else if (/\.mdx?$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

const parser = unified().use(remarkParse).use(remarkGfm);

function scan(): { blocks: Block[]; prose: Prose[]; files: number } {
  const blocks: Block[] = [];
  const prose: Prose[] = [];
  const files = markdownFiles(CONTENT);
  for (const full of files) {
    const file = relative(ROOT, full).split(sep).join('/');
    const raw = readFileSync(full, 'utf8');
    // A fresh options object stops gray-matter from caching by input.
    const { content: body, data } = matter(raw, {});
    // File line of the body's first line.
    const offset = raw.slice(0, raw.length - body.length).split('\n').length - 1;
    for (const [key, value] of Object.entries(data)) prose.push({ file, line: 1, text: `${key}: ${JSON.stringify(value)}` });
    const tree = parser.parse(body) as Root;
    visit(tree, (node) => {
      const line = offset + (node.position?.start.line ?? 1);
      if (node.type === 'code') {
        const lang = node.lang ?? null;
        blocks.push({ name: `${file}:${line} (${lang ?? 'no language'})`, file, line, lang, code: node.value });
      } else if (node.type === 'text' || node.type === 'html') {
        prose.push({ file, line, text: node.value });
      } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        prose.push({ file, line, text: `${node.url} ${node.title ?? ''}` });
      }
    });
  }
  return { blocks, prose, files: files.length };
}

const { blocks, prose, files } = scan();

type Check = (code: string, name: string) => string[];

function tsParse(kind: ts.ScriptKind, ext: string): Check {
  return (code, name) => {
    const sf = ts.createSourceFile(`${name.replace(/[^\w.-]+/g, '_')}.${ext}`, code, ts.ScriptTarget.Latest, true, kind);
    const diagnostics = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    return diagnostics.map((d) => {
      const { line, character } = sf.getLineAndCharacterOfPosition(d.start ?? 0);
      return `block line ${line + 1}, column ${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  };
}

const jsonParse: Check = (code) => {
  try {
    JSON.parse(code);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
};

const bashParse: Check = (code) => {
  const result = spawnSync('bash', ['-n'], { input: code, encoding: 'utf8' });
  if (result.error) throw result.error;
  return result.status === 0 ? [] : [result.stderr.trim() || `bash -n exited with ${result.status}`];
};

const CHECKS: Record<string, Check> = {
  ts: tsParse(ts.ScriptKind.TS, 'ts'),
  typescript: tsParse(ts.ScriptKind.TS, 'ts'),
  tsx: tsParse(ts.ScriptKind.TSX, 'tsx'),
  js: tsParse(ts.ScriptKind.JS, 'js'),
  javascript: tsParse(ts.ScriptKind.JS, 'js'),
  mjs: tsParse(ts.ScriptKind.JS, 'mjs'),
  jsx: tsParse(ts.ScriptKind.JSX, 'jsx'),
  json: jsonParse,
  bash: bashParse,
  sh: bashParse,
  shell: bashParse,
};

describe('content code blocks', () => {
  it('finds the content and its code blocks', () => {
    expect(files).toBeGreaterThan(0);
    expect(blocks.length).toBeGreaterThan(0);
  });

  // One case per block, named `content/docs/x.md:LINE (lang)`.
  for (const block of blocks) {
    it(block.name, () => {
      expect(block.lang, `${block.file}:${block.line}: the code fence names no language; add one after the backticks (\`\`\`ts, \`\`\`bash, \`\`\`text …)`).toBeTruthy();
      const check = CHECKS[block.lang!.toLowerCase()];
      if (!check) return;
      const problems = check(block.code, block.name);
      expect(problems, `${block.file}:${block.line}: ${block.lang} block does not parse`).toEqual([]);
    });
  }
});

describe('content placeholders', () => {
  const PLACEHOLDERS: [RegExp, string][] = [
    [/\bTODO\b/, 'TODO'],
    [/\blorem\b/i, 'lorem ipsum'],
    [/your-server/i, 'your-server'],
  ];

  it('leaves no unfilled placeholders outside code', () => {
    const found: string[] = [];
    for (const p of prose) {
      for (const [pattern, what] of PLACEHOLDERS) {
        if (pattern.test(p.text)) found.push(`${p.file}:${p.line}: ${what} in "${p.text.trim().slice(0, 80)}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
