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

describe('raw HTML in a page read as CommonMark', () => {
  const run = (markdown: string) => {
    const removed: { line: number; message: string }[] = [];
    const processor = markdownProcessor({ grammars: {}, resolveLink: () => null, onSanitized: (r) => removed.push(r) });
    return { html: toHtml(runMarkdown(processor, markdown).hast), removed };
  };

  it('keeps the elements the sanitizer allows, markdown inside them read as markdown', () => {
    const { html, removed } = run(
      '<details>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n\n<a name="old-anchor"></a>\n\nPress <kbd>Ctrl</kbd>.\n',
    );
    expect(html).toBe(
      '<details>\n<summary>More</summary>\n<p>Hidden <strong>text</strong>.</p>\n</details>\n<p><a name="old-anchor"></a></p>\n<p>Press <kbd>Ctrl</kbd>.</p>',
    );
    expect(removed).toEqual([]);
  });

  it('removes scripts and event handlers, saying so at their line, and publishes no comment', () => {
    const { html, removed } = run('# Title\n\n<div class="note" onclick="steal()">Hi <script>alert(1)</script></div>\n\n<!-- internal -->\n');
    expect(html).toBe('<h1 id="title">Title</h1>\n<div class="note">Hi </div>\n');
    expect(removed).toEqual([
      { line: 3, message: expect.stringMatching(/^`onClick` of `<div>` is removed/) },
      { line: 3, message: expect.stringMatching(/^`<script>` is not allowed on this site and is left out \(with its content\)/) },
    ]);
  });
});

describe('admonitions', () => {
  const render = (markdown: string, keywords?: readonly string[]) => {
    const unknown: string[] = [];
    const processor = markdownProcessor({
      grammars: {},
      resolveLink: () => null,
      onUnknownDirective: (d) => unknown.push(d.name),
      ...(keywords ? { admonitions: { keywords } } : {}),
    });
    return { html: toHtml(runMarkdown(processor, prepareMarkdown(markdown)).hast), unknown };
  };

  it('reads a site’s own keyword as an info admonition titled with the keyword, a title written keeping its place', () => {
    const keywords = ['note', 'discord'];
    const { html, unknown } = render(':::discord\nJoin us.\n:::\n\n:::discord Our server\nHi.\n:::', keywords);
    expect(unknown).toEqual([]);
    expect(html).toContain('<div class="admonition admonition--info admonition--discord" role="note" aria-label="Discord">');
    expect(html).toContain('<span class="admonition__title">Discord</span>');
    expect(html).toContain('<span class="admonition__title">Our server</span>');
  });

  it('leaves a default the site dropped as a plain block, reported', () => {
    const { html, unknown } = render(':::tip\nStill shown.\n:::', ['note']);
    expect(unknown).toEqual(['tip']);
    expect(html).toBe('<div><p>Still shown.</p></div>');
    expect(render(':::tip\nA tip.\n:::').html).toContain('class="admonition admonition--tip"');
  });
});
