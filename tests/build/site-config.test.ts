/** `content/site.config.json` is validated with line and field before anything is built (spec §5). */
import { describe, expect, it } from 'vitest';
import { UnknownIdError } from '../../manifest/errors';
import { BuildError } from '../../src/build/errors';
import { buildError } from '../helpers/build';

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
  it('rejects an empty search.appId with the client\'s own message', async () => {
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
