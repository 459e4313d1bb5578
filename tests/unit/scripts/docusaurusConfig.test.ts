import { describe, expect, it } from 'vitest';
import { announcementFromHtml } from '../../../scripts/docusaurusConfig';

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
