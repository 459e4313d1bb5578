/**
 * The catalogue of the shell's texts holds every id the code uses and no other: an id written in the shell (a call
 * of `t`, a table of ids, an id made from a template) that the catalogue lacks fails here even where a cast hides it
 * from the type checker, and so does an entry nothing uses any more or a translation of an id that does not exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TEXT_DESCRIPTIONS, TEXTS, isTextId } from '../../../manifest/texts';
import { ROOT } from '../../helpers/build';

/** What a text id looks like: Docusaurus's theme ids, the shell's own, and the docs' notices. */
const ID = /^(theme|shell|docs)\.[A-Za-z][\w.]*$/;

/** Every module of the shell and of the contract, but the catalogue itself. */
function modules(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && full !== join(ROOT, 'manifest', 'texts.ts')) out.push(full);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'manifest'));
  return out;
}

interface Use {
  /** `file:line` of the string. */
  where: string;
  /** The id, or for a template the pattern its values fill (`theme.docs.sidebar.*ButtonTitle`). */
  id: string;
  /** The ids of the catalogue the string can be. */
  matches: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every string of the code that is, or a template that makes, a text id. */
function uses(): Use[] {
  const ids = Object.keys(TEXTS);
  const out: Use[] = [];
  for (const file of modules()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ID.test(node.text)) {
        out.push({ where: where(node), id: node.text, matches: ids.filter((id) => id === node.text) });
      } else if (ts.isTemplateExpression(node) && /^(theme|shell|docs)\./.test(node.head.text)) {
        // Each value of the template is one word of the id (`collapse`, `light`).
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        const pattern = new RegExp(`^${parts.map(escape).join('[A-Za-z]+')}$`);
        out.push({ where: where(node), id: parts.join('*'), matches: ids.filter((id) => pattern.test(id)) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('the catalogue of texts', () => {
  const found = uses();

  it('finds the ids the shell uses', () => {
    // A scan that finds nothing would pass every check below.
    expect(found.length).toBeGreaterThan(100);
    expect(found.map((use) => use.id)).toEqual(expect.arrayContaining(['theme.docs.paginator.next', 'theme.docs.sidebar.*ButtonTitle']));
  });

  it('holds every id the code uses', () => {
    expect(found.filter((use) => use.matches.length === 0).map((use) => `${use.where}: ${use.id}`)).toEqual([]);
  });

  it('holds no id that nothing uses', () => {
    const used = new Set(found.flatMap((use) => use.matches));
    expect(Object.keys(TEXTS).filter((id) => !used.has(id))).toEqual([]);
  });

  it('gives every id an English text and a description, and no id the site configuration’s labels use', () => {
    for (const [id, message] of Object.entries(TEXTS)) {
      expect(message, id).not.toBe('');
      expect(TEXT_DESCRIPTIONS[id as keyof typeof TEXTS], id).toMatch(/\w/);
      expect(id).not.toMatch(/^(navbar|footer)\./);
    }
    expect(Object.keys(TEXT_DESCRIPTIONS).sort()).toEqual(Object.keys(TEXTS).sort());
  });

  it('knows every id the French fixture translates', () => {
    const codeJson = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/localized-site/content/i18n/fr/code.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(codeJson).filter((id) => !isTextId(id))).toEqual([]);
  });
});
