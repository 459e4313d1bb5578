/**
 * The search parameters fixed for every DocSearch query (hits per page, snippet length, highlight tags), written out
 * once for the tests that check the requests the shell sends.
 */
export const SPEC_SEARCH_PARAMS = {
  attributesToRetrieve: [
    'hierarchy.lvl0',
    'hierarchy.lvl1',
    'hierarchy.lvl2',
    'hierarchy.lvl3',
    'hierarchy.lvl4',
    'hierarchy.lvl5',
    'hierarchy.lvl6',
    'content',
    'type',
    'url',
  ],
  attributesToSnippet: ['content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  clickAnalytics: false,
  facetFilters: ['language:en', 'docusaurus_tag:docs-default-current'],
};
