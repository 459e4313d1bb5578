/**
 * The search modal: DocSearch v3's `DocSearchModal`, fed by our client
 * (`transformSearchClient`), so Algolia and the local index answer through the
 * same interface. Loaded lazily by the navbar's search button.
 *
 * DocSearch itself gives: the 64-character input, the selection pre-fill, the
 * stalled state after 300 ms, recent (7, or 4 with favourites) and favourite
 * (10) searches in localStorage, results grouped by category (5 per group), the
 * no-results and error screens with DocSearch's words, and Insights events.
 */
import {
  DocSearchModal,
  type DocSearchModalProps,
  type DocSearchProps,
  type DocSearchTransformClient,
  type InternalDocSearchHit,
  type StoredDocSearchHit,
} from '@docsearch/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { isExternalHref, SEARCH_HITS_PER_PAGE, SEARCH_RESULTS_PER_GROUP, SNIPPET_WORDS, versionKey, type Manifest } from '../../manifest';
import { hasPlaceholderCredentials, type DocsSearchClient } from './client';
import { insightsOptions, loadInsights } from './insights';
import { localSearcher } from './localIndex';
import { useLocale } from '../hooks/useLocale';
import { useContextVersion } from '../hooks/usePreferredVersion';
import { hitHref, siteSearchClient } from './site';
import { injectSearchStyles } from './styles';
import { FIRST_HITS, SearchUnavailableError, type SearchHit, type SearchResult } from './types';
import { useTranslate, type Translate } from '../hooks/useTranslate';
import { DidYouMean } from './DidYouMean';
import { ERROR_HELP, ERROR_TITLE, FROM_LOCAL_INDEX, INCOMPLETE, NO_RESULTS, REPORT_MISSING, REPORT_MISSING_LINK, UNREADABLE } from './texts';

injectSearchStyles();

/**
 * Work before the modal first shows: analytics (when on) and, with placeholder
 * credentials, the local index, which is then the only source.
 *
 * @public Called by `Navbar/SearchButton.tsx` on the module `loadChunk` returns,
 * a use knip cannot follow.
 */
export async function prepareSearch(manifest: Manifest): Promise<void> {
  if (hasPlaceholderCredentials(manifest.site.search)) localSearcher(manifest).catch(() => {});
  await loadInsights(manifest.site.search);
}

/** Quiet time after a keystroke before the local index searches (it reads each answer's fragments), ms. */
const LOCAL_TYPING_MS = 150;

/** Snippet length DocSearch asks for (`content:10`, or 5 on small screens). */
function snippetWords(attributes: unknown): number {
  const spec = Array.isArray(attributes) ? attributes.find((a): a is string => typeof a === 'string' && a.startsWith('content:')) : undefined;
  const n = spec ? Number(spec.slice('content:'.length)) : NaN;
  return Number.isInteger(n) && n > 0 ? n : SNIPPET_WORDS;
}

/** Algolia's response shape around one of our results. */
function response(result: SearchResult) {
  return {
    results: [
      {
        hits: inRankedGroups(result.hits.map(withHeadingPath)),
        nbHits: result.nbHits,
        page: result.page,
        nbPages: result.nbPages,
        hitsPerPage: result.hitsPerPage,
        queryID: result.queryID ?? undefined,
        query: result.query,
        params: '',
        processingTimeMS: 0,
        exhaustiveNbHits: true,
      },
    ],
  };
}

/** The heading levels below the page title, top down. */
const SECTION_LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/**
 * A hit whose path names the headings above it. Under a paragraph or a heading below the second level, DocSearch
 * shows the page title alone (its snippet of `lvl1`), so a reader cannot tell which section of a long page a hit
 * opens; that snippet becomes "Page › Section", as the search page shows it.
 */
export function withHeadingPath(hit: SearchHit): SearchHit {
  const own = hit.type === 'content' ? SECTION_LEVELS.length + 1 : Number(hit.type.slice(3));
  const parts = SECTION_LEVELS.filter((l) => Number(l.slice(3)) < own)
    .map((l) => hit._snippetResult.hierarchy[l]?.value ?? hit.hierarchy[l])
    .filter((v): v is string => !!v);
  if (parts.length < 2) return hit;
  const lvl1 = hit._snippetResult.hierarchy.lvl1 ?? { value: hit.hierarchy.lvl1, matchLevel: 'none' as const };
  return { ...hit, _snippetResult: { ...hit._snippetResult, hierarchy: { ...hit._snippetResult.hierarchy, lvl1: { ...lvl1, value: parts.join(' › ') } } } };
}

/**
 * Hits as DocSearch groups them, in their ranked order: DocSearch gathers every hit of a category under its first
 * one, which would lift a lower hit above better ones of another category, and shows five of a group. Each run of
 * hits of one category, five at most, is made a group of its own: a category coming back gets a key of its own, the
 * same text followed by zero-width spaces, which readers and screen readers do not see.
 */
export function inRankedGroups(hits: SearchHit[], perGroup = SEARCH_RESULTS_PER_GROUP): SearchHit[] {
  const runs = new Map<string, number>();
  let previous: string | null = null;
  let length = 0;
  return hits.map((hit) => {
    const category = hit._highlightResult.hierarchy.lvl0?.value ?? hit.hierarchy.lvl0;
    // A new run at each change of category, and past a group's most hits (DocSearch would leave the rest out).
    if (category !== previous || length === perGroup) {
      runs.set(category, (runs.get(category) ?? -1) + 1);
      length = 0;
    }
    previous = category;
    length++;
    const run = runs.get(category)!;
    if (run === 0) return hit;
    const lvl0 = hit._highlightResult.hierarchy.lvl0 ?? { value: hit.hierarchy.lvl0, matchLevel: 'none' as const, matchedWords: [] };
    return {
      ...hit,
      _highlightResult: {
        ...hit._highlightResult,
        hierarchy: { ...hit._highlightResult.hierarchy, lvl0: { ...lvl0, value: lvl0.value + '\u200b'.repeat(run) } },
      },
    };
  });
}

/** How the newest search ended: no source answered, or the local index answered without some of its files, with no hits. */
interface Outcome {
  failed: boolean;
  incomplete: boolean;
  /** `SearchResult.unreadable`. */
  unreadable: boolean;
  empty: boolean;
  /** The query of the index's closest words when nothing matched (`SearchResult.suggestion`), else null. */
  suggestion: string | null;
}

/** Openings of the modal, each a stream of queries of its own (`latestOf`). */
let openings = 0;

/**
 * DocSearch's `search(...)` routed to our client. When no source can answer,
 * it resolves with no hits and reports the failure (`onOutcome`): DocSearch
 * 3.9 would show its error screen only for an instant (autocomplete resets the
 * status to idle after a rejection), so the modal draws that screen itself.
 */
function routedSearch(client: DocsSearchClient, onOutcome: (query: string, outcome: Outcome) => void): DocSearchTransformClient['search'] {
  let latest = 0;
  const stream = `modal-${++openings}`;
  type Params = { requests?: { query?: string; attributesToSnippet?: unknown; hitsPerPage?: number }[] };
  type Answer = ReturnType<typeof response>;
  // The local index's whole answer to the newest query, once its first hits are on screen (`FIRST_HITS`).
  let whole: { query: string; answer: Promise<Answer> } | null = null;
  const run = async (params: Params, call: number, latestOf?: string, firstHits?: number): Promise<Answer> => {
    const request = params.requests?.[0] ?? {};
    const query = request.query ?? '';
    try {
      const result = await client.search(query, {
        snippetWords: snippetWords(request.attributesToSnippet),
        hitsPerPage: request.hitsPerPage ?? SEARCH_HITS_PER_PAGE,
        ...(latestOf ? { latestOf } : {}),
        ...(firstHits ? { firstHits } : {}),
      });
      if (result.partial && call === latest) {
        // The rest of the hits, then DocSearch asked again: its input's focus searches the query anew.
        const rest = run(params, call, latestOf);
        whole = { query, answer: rest };
        rest.then(
          () => {
            if (call !== latest || whole?.answer !== rest) return;
            document.querySelector('.DocSearch-Input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          },
          () => {},
        );
      }
      // DocSearch's footer credits Algolia: not when the local index answered (search.css hides it then).
      document.documentElement.dataset.searchSource = result.fromLocalIndex ? 'local' : 'algolia';
      if (call === latest)
        onOutcome(query, {
          failed: false,
          incomplete: result.incomplete === true,
          unreadable: result.unreadable === true,
          empty: result.nbHits === 0,
          suggestion: result.suggestion ?? null,
        });
      return response(result);
    } catch (error) {
      if (!(error instanceof SearchUnavailableError)) throw error;
      console.warn('[docs] search unavailable:', error);
      // Algolia gave no answer: its logo stays hidden.
      document.documentElement.dataset.searchSource = 'local';
      if (call === latest) onOutcome(query, { failed: true, incomplete: false, unreadable: false, empty: true, suggestion: null });
      return response({ query, hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: SEARCH_HITS_PER_PAGE, queryID: null, fromLocalIndex: true });
    }
  };
  // Keystrokes that the local index answers: a burst of them searches once, after the last (`LOCAL_TYPING_MS`), and
  // a search that a newer one replaces stops before it reads its results' fragments (`latestOf`, one stream per opening). Every keystroke
  // waits for the newest search's answer, so a word typed fast reads one set of fragments and shows its own results.
  let waiting: ((answer: Promise<Answer>) => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let runs = 0;
  return ((params: Params) => {
    const call = ++latest;
    if (client.localReason() === null) return run(params, call);
    const query = params.requests?.[0]?.query ?? '';
    if (whole?.query === query) {
      // DocSearch asking again for the query whose first hits it shows: the whole answer, as soon as it is here.
      const answer = whole.answer;
      whole = null;
      return answer;
    }
    whole = null;
    client.warm(query);
    return new Promise<Answer>((resolve) => {
      waiting.push(resolve);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const mine = ++runs;
        const answer = run(params, call, stream, FIRST_HITS);
        const settle = () => {
          if (mine !== runs) return;
          const all = waiting;
          waiting = [];
          for (const done of all) done(answer);
        };
        answer.then(settle, settle);
      }, LOCAL_TYPING_MS);
    });
  }) as unknown as DocSearchTransformClient['search'];
}

/** DocSearch's own texts in the locale on screen, by the ids Docusaurus gives them (`theme.SearchModal.*`). */
export function modalTranslations(t: Translate): NonNullable<DocSearchModalProps['translations']> {
  return {
    searchBox: {
      resetButtonTitle: t('theme.SearchModal.searchBox.resetButtonTitle'),
      resetButtonAriaLabel: t('theme.SearchModal.searchBox.resetButtonAriaLabel'),
      cancelButtonText: t('theme.SearchModal.searchBox.cancelButtonText'),
      cancelButtonAriaLabel: t('theme.SearchModal.searchBox.cancelButtonAriaLabel'),
      searchInputLabel: t('theme.SearchBar.label'),
    },
    startScreen: {
      recentSearchesTitle: t('theme.SearchModal.startScreen.recentSearchesTitle'),
      noRecentSearchesText: t('theme.SearchModal.startScreen.noRecentSearchesText'),
      saveRecentSearchButtonTitle: t('theme.SearchModal.startScreen.saveRecentSearchButtonTitle'),
      removeRecentSearchButtonTitle: t('theme.SearchModal.startScreen.removeRecentSearchButtonTitle'),
      favoriteSearchesTitle: t('theme.SearchModal.startScreen.favoriteSearchesTitle'),
      removeFavoriteSearchButtonTitle: t('theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle'),
    },
    errorScreen: { titleText: t(ERROR_TITLE), helpText: t(ERROR_HELP) },
    noResultsScreen: {
      noResultsText: t(NO_RESULTS),
      suggestedQueryText: t('theme.SearchModal.noResultsScreen.suggestedQueryText'),
      reportMissingResultsText: t(REPORT_MISSING),
      reportMissingResultsLinkText: t(REPORT_MISSING_LINK),
    },
    footer: {
      selectText: t('theme.SearchModal.footer.selectText'),
      selectKeyAriaLabel: t('theme.SearchModal.footer.selectKeyAriaLabel'),
      navigateText: t('theme.SearchModal.footer.navigateText'),
      navigateUpKeyAriaLabel: t('theme.SearchModal.footer.navigateUpKeyAriaLabel'),
      navigateDownKeyAriaLabel: t('theme.SearchModal.footer.navigateDownKeyAriaLabel'),
      closeText: t('theme.SearchModal.footer.closeText'),
      closeKeyAriaLabel: t('theme.SearchModal.footer.closeKeyAriaLabel'),
      searchByText: t('theme.SearchModal.footer.searchByText'),
    },
  };
}

/** `children` drawn into DocSearch's dropdown, after what it shows there, once the dropdown is on the page. */
function InDropdown({ children }: { children: ReactNode }) {
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useEffect(() => setDropdown(document.querySelector('.DocSearch-Dropdown')), []);
  return dropdown ? createPortal(children, dropdown) : null;
}

/** DocSearch's error screen ("Unable to fetch results" and its help), drawn by us into its dropdown. */
function ErrorScreen({ t }: { t: Translate }) {
  return (
    <InDropdown>
      <div className="DocSearch-ErrorScreen docs-search-error" role="alert">
        <div className="DocSearch-Screen-Icon">
          <svg
            width="40"
            height="40"
            viewBox="0 0 20 20"
            fill="none"
            fillRule="evenodd"
            stroke="currentColor"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
          </svg>
        </div>
        <p className="DocSearch-Title">{t(ERROR_TITLE)}</p>
        <p className="DocSearch-Help">{t(ERROR_HELP)}</p>
      </div>
    </InDropdown>
  );
}

/** The note on results that may miss pages, drawn into DocSearch's dropdown (under results and under "No results" alike). */
function IncompleteNote({ t, unreadable }: { t: Translate; unreadable: boolean }) {
  return (
    <InDropdown>
      <p className="search-note docs-search-incomplete" role="status">
        {t(unreadable ? UNREADABLE : INCOMPLETE)}
      </p>
    </InDropdown>
  );
}

/**
 * "Did you mean …?" under DocSearch's "No results for", drawn into its dropdown: choosing the suggestion searches it,
 * typed into the modal's input as if the reader had typed it.
 */
function Suggestion({ t, suggestion }: { t: Translate; suggestion: string }) {
  const search = () => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    if (!input) return;
    // DocSearch's input is React's: its own value setter, then an input event, reach its change handler.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, suggestion);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  };
  return (
    <InDropdown>
      <div className="search-note docs-search-suggestion">
        <DidYouMean t={t}>
          <button type="button" className="search-suggestion__query" onClick={search}>
            {suggestion}
          </button>
        </DidYouMean>
      </div>
    </InDropdown>
  );
}

/** Props of the modal. */
export interface SearchModalProps {
  manifest: Manifest;
  /** Query to start with (the kept query, or a key typed on the button); DocSearch prefers the page's selection. */
  initialQuery: string | undefined;
  /** Closes the modal. */
  onClose: () => void;
  /** Opens a hit's route inside the app, once the modal has closed. */
  onNavigate: (url: string) => void;
}

/** The DocSearch modal, in a portal on `document.body`. */
export default function SearchModal({ manifest, initialQuery, onClose, onNavigate }: SearchModalProps) {
  const config = manifest.site.search;
  const base = manifest.site.baseUrl;
  // The search page of the locale on screen.
  const searchPagePath = `${useLocale(manifest.site).locale.path}/${config.searchPagePath}`;
  // The docs version on screen (else the preferred one): search shows its pages only.
  const version = versionKey(useContextVersion(manifest));
  const t = useTranslate(manifest.site);
  // One object while the texts stay the same: DocSearch keeps its state across renders.
  const translations = useMemo(() => modalTranslations(t), [t]);
  const client = useMemo(() => siteSearchClient(manifest, version), [manifest, version]);
  // With Algolia configured, the local index still loads once the modal is idle, so search keeps working offline.
  useEffect(() => {
    // DocSearch's footer credits Algolia: hidden from the start when the local index is the one to answer.
    if (client.localReason() !== null) document.documentElement.dataset.searchSource = 'local';
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void localSearcher(manifest, version).catch(() => {}));
    return () => void delete document.documentElement.dataset.searchSource;
  }, [manifest, version, client]);
  // The query whose search failed on every source, while it is the one shown.
  const [failed, setFailed] = useState<string | null>(null);
  // Whether the results shown may miss pages (`SearchResult.incomplete`), and whether there are none.
  const [incomplete, setIncomplete] = useState<'some' | 'none' | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  // "Did you mean …?" for the query shown, when it matched nothing.
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const onOutcome = useCallback((query: string, outcome: Outcome) => {
    // A failure that arrives after the reader changed the query is not the current one.
    const shown = document.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? query;
    const current = shown.trim() === query.trim();
    setFailed(outcome.failed && current ? query : null);
    setIncomplete(outcome.incomplete && current ? (outcome.empty ? 'none' : 'some') : null);
    setUnreadable(outcome.unreadable);
    setSuggestion(outcome.empty && current ? outcome.suggestion : null);
  }, []);
  const transformSearchClient = useCallback(
    (c: DocSearchTransformClient): DocSearchTransformClient => ({ ...c, search: routedSearch(client, onOutcome) }),
    [client, onOutcome],
  );
  useEffect(() => {
    // An emptied input shows the start screen again, not the error.
    const onInput = (e: Event) => {
      if ((e.target as HTMLElement | null)?.classList?.contains('DocSearch-Input') && !(e.target as HTMLInputElement).value.trim()) {
        setFailed(null);
        setIncomplete(null);
        setSuggestion(null);
      }
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, []);
  useEffect(() => {
    // search.css hides DocSearch's "No results" screen under ours.
    if (failed === null) delete document.documentElement.dataset.searchError;
    else document.documentElement.dataset.searchError = '';
    return () => void delete document.documentElement.dataset.searchError;
  }, [failed]);
  useEffect(() => {
    // Nothing found in what the device holds is no proof the docs lack the words: search.css hides "No results for".
    if (incomplete === 'none') document.documentElement.dataset.searchOffline = '';
    else delete document.documentElement.dataset.searchOffline;
    return () => void delete document.documentElement.dataset.searchOffline;
  }, [incomplete]);

  const Hit = useCallback(
    ({ hit, children }: { hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode }) => (
      <a
        href={hitHref(hit.url, base)}
        onClick={(event) => {
          if (isExternalHref(hit.url) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onNavigate(hit.url);
        }}
      >
        {children}
      </a>
    ),
    [base, onNavigate],
  );

  const navigator = useMemo<NonNullable<DocSearchProps['navigator']>>(
    () => ({
      navigate: ({ itemUrl }) => (isExternalHref(itemUrl) ? window.location.assign(itemUrl) : onNavigate(itemUrl)),
      navigateNewTab: ({ itemUrl }) => void window.open(hitHref(itemUrl, base), '_blank', 'noopener'),
      navigateNewWindow: ({ itemUrl }) => void window.open(hitHref(itemUrl, base), '_blank', 'noopener'),
    }),
    [base, onNavigate],
  );

  const Footer = useCallback(
    ({ state }: { state: { query: string; context: { nbHits?: unknown }; collections: { items: unknown[] }[] } }) => {
      const first = state.collections.flatMap((c) => c.items)[0] as Partial<SearchHit> | undefined;
      const nbHits = typeof state.context.nbHits === 'number' ? state.context.nbHits : 0;
      const searchPage = hitHref(`${searchPagePath}?q=${encodeURIComponent(state.query)}`, base);
      return (
        <div className="search-footer">
          {first?.fromLocalIndex ? <p className="search-note">{t(FROM_LOCAL_INDEX)}</p> : <span />}
          {nbHits > 0 && (
            <a
              href={searchPage}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onNavigate(`${searchPagePath}?q=${encodeURIComponent(state.query)}`);
                onClose();
              }}
            >
              {t('theme.SearchBar.seeAll', { count: nbHits })}
            </a>
          )}
        </div>
      );
    },
    [base, searchPagePath, onClose, onNavigate, t],
  );

  // DocSearch rebuilds its autocomplete (and loses the query) whenever one of these props changes identity.
  const insights = useMemo(() => (config.insights ? insightsOptions(config) : false), [config]);
  const feedbackUrl = config.feedbackUrl;
  const getMissingResultsUrl = useMemo(
    () => (feedbackUrl ? ({ query }: { query: string }) => feedbackUrl.replace('{query}', encodeURIComponent(query)) : undefined),
    [feedbackUrl],
  );

  return createPortal(
    <>
      <DocSearchModal
        appId={config.appId}
        apiKey={config.apiKey}
        indexName={config.indexName}
        placeholder={t('theme.SearchModal.placeholder')}
        translations={translations}
        initialScrollY={window.scrollY}
        initialQuery={initialQuery}
        onClose={onClose}
        maxResultsPerGroup={SEARCH_RESULTS_PER_GROUP}
        transformSearchClient={transformSearchClient}
        hitComponent={Hit}
        navigator={navigator}
        resultsFooterComponent={Footer as DocSearchProps['resultsFooterComponent']}
        getMissingResultsUrl={getMissingResultsUrl}
        insights={insights}
      />
      {failed !== null && <ErrorScreen t={t} />}
      {failed === null && incomplete !== null && <IncompleteNote t={t} unreadable={unreadable} />}
      {failed === null && suggestion !== null && <Suggestion key={suggestion} t={t} suggestion={suggestion} />}
    </>,
    document.body,
  );
}
