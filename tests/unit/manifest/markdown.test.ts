import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { markdownProcessor, parseCodeMeta, prepareMarkdown, runMarkdown } from '../../../manifest/markdown';

describe('parseCodeMeta', () => {
  it('reads a quoted title and line ranges', () => {
    expect(parseCodeMeta('title="src/a.ts" {1,3-4}')).toEqual({ title: 'src/a.ts', lines: new Set([1, 3, 4]), lineNumbers: false });
  });

  it('reads single-quoted and bare titles', () => {
    expect(parseCodeMeta("title='my file.ts'").title).toBe('my file.ts');
    expect(parseCodeMeta('title=x.json').title).toBe('x.json');
    expect(parseCodeMeta('title="x"').title).toBe('x');
  });

  it('reads ranges in either order with the title', () => {
    expect(parseCodeMeta('{2} title="b.ts"')).toEqual({ title: 'b.ts', lines: new Set([2]), lineNumbers: false });
    expect([...parseCodeMeta('{ 1, 5-7 }').lines]).toEqual([1, 5, 6, 7]);
  });

  it('returns no title and no lines for an empty meta string', () => {
    expect(parseCodeMeta('')).toEqual({ title: null, lines: new Set(), lineNumbers: false });
    expect(parseCodeMeta('showLineNumbers')).toEqual({ title: null, lines: new Set(), lineNumbers: true });
  });
});

describe('prepareMarkdown', () => {
  it('turns a Docusaurus admonition title into a directive label, keeping lines', () => {
    expect(prepareMarkdown(':::tip Custom [title]\nbody\n:::')).toBe(':::tip[Custom \\[title\\]]\nbody\n:::');
    expect(prepareMarkdown('> :::note In a quote\n> x\n> :::')).toBe('> :::note[In a quote]\n> x\n> :::');
  });

  it('leaves labels, attributes, bare fences and code blocks alone', () => {
    const text = ':::tip[Already]\n:::\n:::note{.x}\n:::\n:::info\n:::\n```md\n:::tip Not a title\n```\n~~~\n:::tip Nor this\n~~~';
    expect(prepareMarkdown(text)).toBe(text);
  });
});

describe('code blocks', () => {
  const html = (markdown: string) => toHtml(runMarkdown(markdownProcessor({ grammars: {}, resolveLink: () => null }), markdown).hast);

  it('carry their copy button in the markup, the same for the build and the shell', () => {
    expect(html('```ts\nconst a = 1;\n```')).toBe(
      '<div class="code-block" data-language="ts"><div class="code-block__header"><span class="code-block__lang">TypeScript</span></div>' +
        '<pre tabindex="0"><code class="hljs language-ts">const a = 1;\n</code></pre>' +
        '<button type="button" class="code-block__copy" aria-label="Copy code to clipboard">Copy</button></div>',
    );
  });

  it('leave Mermaid sources without a copy button', () => {
    expect(html('```mermaid\ngraph LR\n```')).not.toContain('code-block__copy');
  });
});
