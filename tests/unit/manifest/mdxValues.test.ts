import type { Program } from 'estree';
import type { Root } from 'mdast';
import type { MdxFlowExpression } from 'mdast-util-mdx';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { expressionValue, namesRead } from '../../../manifest/mdxValues';

/** The estree MDX attaches to a flow expression written alone in a page. */
function program(expression: string): Program {
  const tree = unified().use(remarkParse).use(remarkMdx).parse(`{${expression}}\n`) as Root;
  const node = tree.children[0] as MdxFlowExpression;
  return node.data!.estree as Program;
}

const names = (expression: string) => {
  const read = namesRead(program(expression));
  return read && [...read].sort();
};

describe('namesRead', () => {
  it('lists the names read, not the properties or keys named', () => {
    expect(names('constants.getDevNotesTabs(["web"])')).toEqual(['constants']);
    expect(names('({ label: a.b, [key]: c })')).toEqual(['a', 'c', 'key']);
    expect(names('a[b].c')).toEqual(['a', 'b']);
  });

  it('counts the globals and the parameters an expression names', () => {
    expect(names('constants.tabs(document.cookie)')).toEqual(['constants', 'document']);
    expect(names('items.map((item) => item.label)')).toEqual(['item', 'items']);
  });

  it('reads as no names an expression with `this`, `import.meta` or JSX', () => {
    expect(namesRead(program('constants.tabs(this)'))).toBeNull();
    expect(namesRead(program('constants.tabs(<b />)'))).toBeNull();
  });
});

describe('expressionValue', () => {
  it("reads `useBaseUrl`'s path from the site root, with or without its `/`, and a URL as it is", () => {
    const read = (expression: string) => expressionValue(program(expression), { frontMatter: {} });
    expect(read("useBaseUrl('img/usage/tabs.jpg')")).toBe('/img/usage/tabs.jpg');
    expect(read("useBaseUrl('/img/logo.svg')")).toBe('/img/logo.svg');
    expect(read("useBaseUrl('https://example.com/a.png')")).toBe('https://example.com/a.png');
  });
});
