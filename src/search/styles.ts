/**
 * Search styles, injected when the search code loads: DocSearch's modal CSS
 * and ours. They are imported as text rather than as CSS modules because
 * esbuild merges CSS imported anywhere below the entry into the entry's
 * stylesheet, which would put them on every first page.
 */
import docsearchModal from '@docsearch/css/dist/modal.css' with { type: 'text' };
import docsearchVariables from '@docsearch/css/dist/_variables.css' with { type: 'text' };
import searchCss from './search.css' with { type: 'text' };

/** Adds the search styles to the document once. */
export function injectSearchStyles(): void {
  if (typeof document === 'undefined' || document.getElementById('docs-search-styles')) return;
  const style = document.createElement('style');
  style.id = 'docs-search-styles';
  // Ours last: it maps DocSearch's variables onto the site's colours for both modes.
  style.textContent = `${docsearchVariables}\n${docsearchModal}\n${searchCss}`;
  document.head.append(style);
}
