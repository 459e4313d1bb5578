// A source's body and the line it starts on are gray-matter's split of the whole file, whatever its front matter looks like.
import { afterEach, describe, expect, it } from 'vitest';
import matter from 'gray-matter';
import { readContent } from '../../node/sources';
import { ProblemLog } from '../../node/problems';
import { BuildSession } from '../../node/session';
import { useFixture, type FixtureProject } from '../helpers/build';

describe('reading sources', () => {
  let project: FixtureProject;
  afterEach(() => project.remove());

  it('splits body from front matter as gray-matter does given the whole file (byte-order mark, CRLF, text after the closing `---`, a rule in the body)', () => {
    project = useFixture('basic-site');
    const files: Record<string, string> = {
      'docs/plain.md': '---\ntitle: Plain\n---\n# Plain\n\nText.\n',
      'docs/crlf.md': '---\r\ntitle: CRLF\r\n---\r\n\r\n# CRLF\r\n',
      'docs/bom.md': '\uFEFF---\ntitle: BOM\n---\n\n# BOM\n',
      'docs/trailing.md': '---\ntitle: Trailing\n---xyz\n# Trailing\n',
      'docs/rule.md': '---\ntitle: Rule\n---\nAbove.\n\n---\n\nBelow.\n',
      'docs/none.md': '# None\n\n---\n\nAfter a rule.\n',
      'docs/blank.md': '---\n---\n\n\n# Blank\n',
      'docs/end.md': '---\ntitle: End\n---',
    };
    for (const [rel, text] of Object.entries(files)) project.write(rel, text);
    const log = new ProblemLog();
    const { sources } = readContent(project.contentDir, undefined, log, new BuildSession({ keeps: false }));
    expect(log.errors).toEqual([]);
    for (const [rel, text] of Object.entries(files)) {
      const file = sources.find((source) => source.rel === rel)!;
      const whole = matter(text, {});
      expect(file.body, rel).toBe(whole.content);
      expect(file.bodyLine, rel).toBe(text.split('\n').length - whole.content.split('\n').length + 1);
      expect(file.data.title, rel).toBe(whole.data.title);
    }
  });
});
