import { describe, expect, it } from 'vitest';
import { announcementFromHtml, importConfig } from '../../../scripts/docusaurusConfig';

describe('announcementFromHtml', () => {
  it('takes a closing link out of the text as the bar link', () => {
    expect(
      announcementFromHtml(
        '⭐️ If you like Widgets, give it a star on <a target="_blank" rel="noopener noreferrer" href="https://github.com/example/widgets">GitHub</a>! ⭐️',
      ),
    ).toEqual({
      content: '⭐️ If you like Widgets, give it a star on',
      link: { label: 'GitHub', href: 'https://github.com/example/widgets' },
      html: true,
    });
  });

  it('keeps a link inside a sentence in the text, and decodes entities', () => {
    expect(announcementFromHtml('Read <b>the</b> <a href="https://example.org/notes">release notes</a> for 2.0 &amp; later')).toEqual({
      content: 'Read the release notes for 2.0 & later',
      link: { label: 'release notes', href: 'https://example.org/notes' },
      html: true,
    });
  });

  it('leaves plain text as it is, and a link to this site out', () => {
    expect(announcementFromHtml('Version 3 is out')).toEqual({ content: 'Version 3 is out', html: false });
    expect(announcementFromHtml('See <a href="/blog/v3">the post</a>')).toEqual({ content: 'See the post', html: true });
  });
});

describe('importConfig: themeConfig.prism.magicComments', () => {
  /** A Docusaurus configuration as the evaluator writes it, with `prism` in its theme configuration. */
  const configWith = (prism?: Record<string, never>) =>
    ({
      title: 'Widgets',
      url: 'https://widgets.example.org',
      baseUrl: '/',
      presets: [['classic', { docs: {} }]],
      themeConfig: prism === undefined ? {} : { prism },
    }) as unknown as Parameters<typeof importConfig>[0];
  // As Docusaurus's documentation writes it: a magic comment may be words.
  const errorLine = { className: 'code-block-error-line', line: 'This will error' };

  it('carries the list as `markdown.magicComments`, which replaces the defaults', () => {
    const magicComments = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      errorLine,
    ];
    const { site, notes } = importConfig(configWith({ magicComments } as never));
    expect(site.markdown).toEqual({ magicComments });
    expect(notes.filter((note) => note.includes('magicComments'))).toEqual([]);
  });

  it('keeps the markdown format beside it', () => {
    const config = { ...configWith({ magicComments: [errorLine] } as never), markdown: { format: 'detect' } } as Parameters<typeof importConfig>[0];
    expect(importConfig(config).site.markdown).toEqual({ format: 'detect', magicComments: [errorLine] });
  });

  it('writes nothing when the site keeps the defaults, or sets prism without magic comments', () => {
    expect(importConfig(configWith()).site.markdown).toBeUndefined();
    expect(importConfig(configWith({ additionalLanguages: ['csharp'] } as never)).site.markdown).toBeUndefined();
  });

  it('carries an empty list: the site has no magic comments', () => {
    expect(importConfig(configWith({ magicComments: [] } as never)).site.markdown).toEqual({ magicComments: [] });
  });

  it('leaves out an entry this build cannot read, saying which and why, and carries the others', () => {
    const { site, notes } = importConfig(
      configWith({ magicComments: [{ className: 'two-lines', line: 'first\nsecond' }, { className: 'nothing-named' }, errorLine] } as never),
    );
    expect(site.markdown).toEqual({ magicComments: [errorLine] });
    expect(notes.filter((note) => note.includes('magicComments'))).toMatchInlineSnapshot(`
      [
        "themeConfig.prism.magicComments[0] is left out: \`line\` is text on one line, with no space at either end; its comments show as code.",
        "themeConfig.prism.magicComments[1] is left out: it needs \`line\`, \`block\` or both: a magic comment names lines; its comments show as code.",
      ]
    `);
  });
});

describe('importConfig: the docs plugin’s admonitions', () => {
  /** A Docusaurus configuration whose docs plugin has `admonitions`. */
  const configWith = (admonitions: unknown) =>
    ({
      title: 'Widgets',
      url: 'https://widgets.example.org',
      baseUrl: '/',
      presets: [['classic', { docs: { admonitions } }]],
      themeConfig: {},
    }) as unknown as Parameters<typeof importConfig>[0];

  it('carries the site’s own keywords as `markdown.admonitions`, leaving out the defaults named again', () => {
    const { site, notes } = importConfig(configWith({ keywords: ['note', 'discord', 'my-tip'], extendDefaults: true }));
    expect(site.markdown).toEqual({ admonitions: { keywords: ['discord', 'my-tip'], extendDefaults: true } });
    expect(notes.filter((note) => note.includes('admonitions'))).toEqual([]);
  });

  it('keeps every keyword when the defaults are dropped, and writes nothing when only defaults are named', () => {
    expect(importConfig(configWith({ keywords: ['note', 'discord'], extendDefaults: false })).site.markdown).toEqual({
      admonitions: { keywords: ['note', 'discord'], extendDefaults: false },
    });
    expect(importConfig(configWith({ keywords: ['tip'] })).site.markdown).toBeUndefined();
  });

  it('leaves out a keyword that is no directive name, and says that `admonitions: false` is not carried', () => {
    const odd = importConfig(configWith({ keywords: ['two words', 'discord'] }));
    expect(odd.site.markdown).toEqual({ admonitions: { keywords: ['discord'] } });
    expect(odd.notes.filter((note) => note.includes('admonitions'))).toEqual([
      'docs admonitions keyword `two words` is left out: it is no directive name: a letter, then letters, digits, `_` or `-`.',
    ]);
    const off = importConfig(configWith(false));
    expect(off.site.markdown).toBeUndefined();
    expect(off.notes.filter((note) => note.includes('admonitions'))).toEqual([
      'docs admonitions: false is not carried: `:::note` and the other keywords are admonitions.',
    ]);
  });
});
