/** `content/site.config.json` is validated with line and field before anything is built. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnknownIdError } from '../../manifest/manifestErrors';
import { BuildError } from '../../node/problems';
import { loadSiteConfig } from '../../node/siteConfigFile';
import { buildError, ROOT } from '../helpers/build';

describe('fixture bad-config-type', () => {
  it('names line, field, expected type and value of every wrongly typed field', async () => {
    const error = await buildError('bad-config-type');
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toMatchInlineSnapshot(`
      "Cannot build: 2 problems in \`content/site.config.json\`:
        content/site.config.json:3: \`title\` must be string, got \`42\`. See manifest/site.schema.json for the expected shape.
        content/site.config.json:31: \`navbar.hideOnScroll\` must be boolean, got \`"yes"\`. See manifest/site.schema.json for the expected shape."
    `);
    expect((error as BuildError).problems.map((p) => p.line)).toEqual([3, 31]);
  });
});

describe('fixture bad-config-navbar-doc', () => {
  it('lists the available doc ids for an unknown navbar doc id', async () => {
    const error = await buildError('bad-config-navbar-doc');
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toMatchInlineSnapshot(`
      "Cannot build: an item in \`content/site.config.json\` cannot be rendered.
        Unknown doc id \`getting-started\`. Available doc ids:
        - guide
        - intro"
    `);
    expect(error.cause).toBeInstanceOf(UnknownIdError);
  });
});

describe('fixture bad-config-search', () => {
  it("rejects an empty search.appId with the client's own message", async () => {
    const error = await buildError('bad-config-search');
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toContain('`appId` is missing.');
    expect(error.message).toMatchInlineSnapshot(`
      "Cannot build: the search settings in \`content/site.config.json\` are incomplete.
        content/site.config.json:75: \`appId\` is missing. Set \`search.appId\` and \`search.apiKey\` (keep the placeholders YOUR_APP_ID / YOUR_SEARCH_API_KEY to search the local index only)."
    `);
    // Line 75 holds `"appId": ""`, not the `"search"` key above it.
    expect((error as BuildError).problems.map((p) => p.line)).toEqual([75]);
    expect((error.cause as Error).message).toBe('`appId` is missing.');
  });
});

describe('the schema of site.config.json', () => {
  /** The problems `loadSiteConfig` finds in basic-site's configuration after `edit`, as `line: message`. */
  function problems(edit: (config: Record<string, unknown> & { navbar: { items: unknown[] } }) => void): string[] {
    const config = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/basic-site/content/site.config.json'), 'utf8')) as Record<string, unknown> & {
      navbar: { items: unknown[] };
    };
    edit(config);
    const dir = mkdtempSync(join(tmpdir(), 'site-config-'));
    try {
      writeFileSync(join(dir, 'site.config.json'), JSON.stringify(config, null, 2));
      loadSiteConfig(dir);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(BuildError);
      return (error as BuildError).problems.map((p) => `${p.line}: ${p.message}`);
    } finally {
      rmSync(dir, { recursive: true });
    }
  }

  it('checks each navbar item by its type: a sidebar needs its id, a doc its id, and no other type is known', () => {
    expect(problems((c) => c.navbar.items.push({ type: 'docSidebar', label: 'Docs' }, { type: 'doc', label: 'Intro' }, { type: 'dropdown', label: 'More' })))
      .toMatchInlineSnapshot(`
      [
        "44: \`navbar.items.2\` lacks required field \`sidebarId\`. See manifest/site.schema.json for the expected shape.",
        "48: \`navbar.items.3\` lacks required field \`docId\`. See manifest/site.schema.json for the expected shape.",
        "53: \`navbar.items.4.type\` must be equal to one of the allowed values. See manifest/site.schema.json for the expected shape.",
      ]
    `);
    expect(problems((c) => c.navbar.items.push({ type: 'doc', docId: 'intro' }))).toEqual([]);
  });

  it('names what is wrong inside an announcement bar, and a bar that is neither an object nor null once', () => {
    expect(problems((c) => (c.announcementBar = { id: 7, content: 'News', link: { label: '' } }))).toMatchInlineSnapshot(`
      [
        "74: \`announcementBar.id\` must be string, got \`7\`. See manifest/site.schema.json for the expected shape.",
        "77: \`announcementBar.link.label\` must NOT have fewer than 1 characters. See manifest/site.schema.json for the expected shape.",
      ]
    `);
    expect(problems((c) => (c.announcementBar = 'News'))).toMatchInlineSnapshot(`
      [
        "73: \`announcementBar\` must be object,null, got \`"News"\`. See manifest/site.schema.json for the expected shape.",
      ]
    `);
  });

  it('names a magic comment that names no lines, and one whose word spans lines, at their lines', () => {
    const magicComments = [{ className: 'ok', line: 'mark-next' }, { className: 'nothing' }, { className: 'split', line: 'a\nb' }];
    expect(problems((c) => (c.markdown = { magicComments }))).toMatchInlineSnapshot(`
      [
        "128: \`markdown.magicComments.1\` needs \`line\`, \`block\` or both: a magic comment names lines. See manifest/site.schema.json for the expected shape.",
        "133: \`markdown.magicComments.2.line\` is text on one line, with no space at either end. See manifest/site.schema.json for the expected shape.",
      ]
    `);
    expect(problems((c) => (c.markdown = { magicComments: [{ className: 'code-block-error-line', line: 'This will error' }] }))).toEqual([]);
  });
});
