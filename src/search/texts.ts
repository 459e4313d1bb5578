/**
 * The ids of the texts the search modal and the search page share, so a Docusaurus site's `theme.SearchModal.*`
 * translations serve both. Their English is in the catalogue (`manifest/texts.ts`).
 */
import type { TextId } from '../../manifest';

export const ERROR_TITLE = 'theme.SearchModal.errorScreen.titleText' satisfies TextId;
export const ERROR_HELP = 'theme.SearchModal.errorScreen.helpText' satisfies TextId;
export const NO_RESULTS = 'theme.SearchModal.noResultsScreen.noResultsText' satisfies TextId;
export const REPORT_MISSING = 'theme.SearchModal.noResultsScreen.reportMissingResultsText' satisfies TextId;
export const REPORT_MISSING_LINK = 'theme.SearchModal.noResultsScreen.reportMissingResultsLinkText' satisfies TextId;
export const FROM_LOCAL_INDEX = 'shell.search.fromLocalIndex' satisfies TextId;
export const INCOMPLETE = 'shell.search.incomplete' satisfies TextId;
export const UNREADABLE = 'shell.search.unreadable' satisfies TextId;
export const DID_YOU_MEAN = 'shell.search.didYouMean' satisfies TextId;
