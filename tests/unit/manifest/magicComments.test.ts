import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { DEFAULT_MAGIC_COMMENTS, HIGHLIGHTED_LINE_CLASS, metaLines } from '../../../manifest/magicComments';
import { markdownProcessor, runMarkdown } from '../../../manifest/markdown';
import type { MagicComment } from '../../../manifest/siteConfigSchema';

/** The code block's HTML as the pipeline renders it, with `magicComments` if given. */
const render = (markdown: string, magicComments?: readonly MagicComment[]) =>
  toHtml(runMarkdown(markdownProcessor({ grammars: {}, resolveLink: () => null, ...(magicComments ? { codeLines: { magicComments } } : {}) }), markdown).hast);

/** The code element's inner HTML: one `<span class>` per line when lines are marked. */
const codeOf = (html: string) => /<code[^>]*>([\s\S]*?)<\/code>/.exec(html)?.[1];

const HIGHLIGHT = `code-line code-line--highlighted ${HIGHLIGHTED_LINE_CLASS}`;

describe('magic comments', () => {
  it('are Docusaurus’s three by default, with its highlight class', () => {
    expect(DEFAULT_MAGIC_COMMENTS).toEqual([
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
    ]);
  });

  it('take `highlight-next-line` out of the code and highlight the line after it', () => {
    expect(codeOf(render('```js\nconst a = 1;\n// highlight-next-line\nconst b = 2;\nconst c = 3;\n```'))).toBe(
      `<span class="code-line">const a = 1;</span>\n<span class="${HIGHLIGHT}">const b = 2;</span>\n<span class="code-line">const c = 3;</span>\n`,
    );
  });

  it('highlight the lines between `highlight-start` and `highlight-end`, in any comment syntax', () => {
    const code = codeOf(render('```py\n# highlight-start\na = 1\nb = 2\n# highlight-end\nc = 3\n```'));
    expect(code).toBe(`<span class="${HIGHLIGHT}">a = 1</span>\n<span class="${HIGHLIGHT}">b = 2</span>\n<span class="code-line">c = 3</span>\n`);
    expect(codeOf(render('```html\n<!-- highlight-next-line -->\n<p>x</p>\n```'))).toBe(`<span class="${HIGHLIGHT}">&#x3C;p>x&#x3C;/p></span>\n`);
    expect(codeOf(render('```jsx\n{/* highlight-next-line */}\n<p />\n```'))).toBe(`<span class="${HIGHLIGHT}">&#x3C;p /></span>\n`);
  });

  it('leave a comment that is not alone on its line, and the words in code, as they are', () => {
    const markdown = '```js\nconst a = 1; // highlight-next-line\nconst word = "highlight-start";\n```';
    expect(codeOf(render(markdown))).toBe('const a = 1; // highlight-next-line\nconst word = "highlight-start";\n');
  });

  it('mark the lines a fence’s `{1,3-5}` names with the first magic comment’s class, past the code’s end naming nothing', () => {
    expect(codeOf(render('```text {1,3-99999999}\na\nb\nc\n```'))).toBe(
      `<span class="${HIGHLIGHT}">a</span>\n<span class="code-line">b</span>\n<span class="${HIGHLIGHT}">c</span>\n`,
    );
    const own: MagicComment[] = [{ className: 'code-block-error-line', line: 'error-next-line' }];
    expect(codeOf(render('```text {2}\na\nb\n```', own))).toBe('<span class="code-line">a</span>\n<span class="code-line code-block-error-line">b</span>\n');
  });

  it('are the site’s own when it names them, in place of the defaults', () => {
    const own: MagicComment[] = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
      { className: 'code-block-error-line', line: 'This will error', block: { start: 'error-start', end: 'error-end' } },
    ];
    const markdown =
      '```js\n// highlight-next-line\nok();\n// This will error\nbad();\n/* error-start */\nworse();\n/* error-end */\n// highlight-start\nplain();\n```';
    expect(codeOf(render(markdown, own))).toBe(
      `<span class="${HIGHLIGHT}">ok();</span>\n` +
        '<span class="code-line code-block-error-line">bad();</span>\n' +
        '<span class="code-line code-block-error-line">worse();</span>\n' +
        // No magic comment of the site's is `highlight-start`: that line is code.
        '<span class="code-line">// highlight-start</span>\n' +
        '<span class="code-line">plain();</span>\n',
    );
  });

  it('give a line named by two magic comments both classes', () => {
    const own: MagicComment[] = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
      { className: 'added-line', block: { start: 'added-start', end: 'added-end' } },
    ];
    expect(codeOf(render('```js\n// added-start\n// highlight-next-line\na();\nb();\n// added-end\n```', own))).toBe(
      `<span class="${HIGHLIGHT} added-line">a();</span>\n<span class="code-line added-line">b();</span>\n`,
    );
  });

  it('are none when the site names an empty list: comments stay code', () => {
    expect(codeOf(render('```js\n// highlight-next-line\na();\n```', []))).toBe('// highlight-next-line\na();\n');
  });

  it('leave Mermaid sources as written', () => {
    expect(render('```mermaid\n%% highlight-next-line\ngraph LR\n```')).toContain('%% highlight-next-line\ngraph LR');
  });

  it('are read afresh on each run when the caller changes them between pages', () => {
    const codeLines = { magicComments: DEFAULT_MAGIC_COMMENTS as readonly MagicComment[] };
    const processor = markdownProcessor({ grammars: {}, resolveLink: () => null, codeLines });
    const page = '```js\n// mark-next\na();\n```';
    expect(codeOf(toHtml(runMarkdown(processor, page).hast))).toBe('// mark-next\na();\n');
    codeLines.magicComments = [{ className: 'marked', line: 'mark-next' }];
    expect(codeOf(toHtml(runMarkdown(processor, page).hast))).toBe('<span class="code-line marked">a();</span>\n');
  });
});

describe('metaLines', () => {
  it('reads single lines and ranges, from line 1 up to the last it is given', () => {
    expect(metaLines('title="a.ts" {1,3-5}')).toEqual([1, 3, 4, 5]);
    expect(metaLines('{0-2,7}', 5)).toEqual([1, 2]);
    expect(metaLines('{1-999999999}').length).toBe(10_000);
    expect(metaLines('showLineNumbers')).toEqual([]);
  });
});
