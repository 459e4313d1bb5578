/** What a sidebars file's items read as, and file names without their number prefixes, as Docusaurus has them. */
import { describe, expect, it } from 'vitest';
import { ProblemLog } from '../../node/problems';
import { isCategoryIndex, readSidebars, stripNumberPrefix } from '../../node/sidebars';

describe('stripNumberPrefix', () => {
  it('drops a number prefix, but not the start of a version or a date', () => {
    expect(['01-intro', '2_setup', '3.guide', '10 - spaced', '5-0', '8.0-notes', '2021-11-notes', 'intro', '1-'].map(stripNumberPrefix)).toEqual([
      'intro',
      'setup',
      'guide',
      'spaced',
      '5-0',
      '8.0-notes',
      '2021-11-notes',
      'intro',
      '1-',
    ]);
  });
});

describe('isCategoryIndex', () => {
  it('takes index, README in any case, and a doc named like its folder', () => {
    expect([
      isCategoryIndex('index', 'guides'),
      isCategoryIndex('ReadMe', ''),
      isCategoryIndex('guides', 'docs/guides'),
      isCategoryIndex('guide', 'guides'),
    ]).toEqual([true, true, true, false]);
  });
});

describe('readSidebars', () => {
  it('reads the shorthands: a doc id, an object of categories as a sidebar or as an item', () => {
    const log = new ProblemLog();
    const sidebars = readSidebars({ display: 'content/sidebars.json', value: { a: { Start: ['intro', { Deeper: ['x'] }] } } }, log);
    expect(log.errors).toEqual([]);
    expect(sidebars.get('a')).toEqual([
      {
        type: 'category',
        label: 'Start',
        where: 'sidebar `a` › `Start`',
        items: [
          { type: 'doc', id: 'intro', where: 'sidebar `a` › `Start` › item 1' },
          {
            type: 'category',
            label: 'Deeper',
            where: 'sidebar `a` › `Start` › item 2 › `Deeper`',
            items: [{ type: 'doc', id: 'x', where: 'sidebar `a` › `Start` › item 2 › `Deeper` › item 1' }],
          },
        ],
      },
    ]);
  });

  it('refuses a file that exports no object of sidebars', () => {
    const log = new ProblemLog();
    readSidebars({ display: 'content/sidebars.json', value: ['intro'] }, log);
    expect(log.errors.map((e) => e.message)).toEqual(['the file: must export an object of sidebars by id, such as `{ "docs": ["intro"] }`, got `["intro"]`.']);
  });
});
