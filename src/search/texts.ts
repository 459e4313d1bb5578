/**
 * The texts the search modal and the search page share, each as its id in code.json and its English default
 * (DocSearch's words), so a Docusaurus site's `theme.SearchModal.*` translations
 * serve both.
 */
import { INCOMPLETE_NOTE } from './types';

type Text = [id: string, message: string];

export const ERROR_TITLE: Text = ['theme.SearchModal.errorScreen.titleText', 'Unable to fetch results'];
export const ERROR_HELP: Text = ['theme.SearchModal.errorScreen.helpText', 'You might want to check your network connection.'];
export const NO_RESULTS: Text = ['theme.SearchModal.noResultsScreen.noResultsText', 'No results for'];
export const REPORT_MISSING: Text = ['theme.SearchModal.noResultsScreen.reportMissingResultsText', 'Believe this query should return results?'];
export const REPORT_MISSING_LINK: Text = ['theme.SearchModal.noResultsScreen.reportMissingResultsLinkText', 'Let us know.'];
export const FROM_LOCAL_INDEX: Text = ['shell.search.fromLocalIndex', 'Results from the local index'];
export const INCOMPLETE: Text = ['shell.search.incomplete', INCOMPLETE_NOTE];
