import { useRouter } from '@tanstack/react-router';
import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { splitHref, type Manifest } from '../../../manifest';
import { canReloadForChunk, loadChunk, reloadForChunk } from '../../data/chunks';
import { ChunkLoadError } from '../../data/fetchErrors';
import { useSite } from '../SiteContext';
import { useTranslate } from '../../hooks/useTranslate';
import { SearchUnavailable, type SearchFailure } from './SearchUnavailable';

type ModalModule = typeof import('../../search/SearchModal');

let modalModule: Promise<ModalModule> | null = null;

/**
 * Loads the modal's code (DocSearch, our client, styles) once; a failed load is
 * tried again next time. Failures are `ChunkLoadError`s: the button says what
 * happened rather than reloading the page under the reader.
 */
function loadModal(manifest: Manifest): Promise<ModalModule> {
  modalModule ??= loadChunk(() => import('../../search/SearchModal'), { reload: false }).then(async (mod) => {
    await mod.prepareSearch(manifest);
    return mod;
  });
  modalModule.catch(() => (modalModule = null));
  return modalModule;
}

let LazyModal: ReturnType<typeof lazy<ModalModule['default']>> | null = null;

/** Nothing of search loads with the page: the modal arrives on the first hover, focus, touch or shortcut. */
function lazyModal(manifest: Manifest) {
  LazyModal ??= lazy(() => loadModal(manifest));
  return LazyModal;
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Whether a key event comes from a place where the reader types. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return Boolean(target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)));
}

/** Closes the modal when its code cannot load (offline before it was ever fetched, or a deploy removed it), so the button works again. */
class ModalBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[docs] the search modal could not load:', error);
    LazyModal = null;
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Opens search: the button, Ctrl/Cmd+K and '/'. Escape closes the
 * modal and keeps the query, which the next opening shows again; a second Escape
 * clears it. Choosing a result navigates inside the app once the modal is gone.
 */
export function SearchButton() {
  const manifest = useSite();
  const label = useTranslate(manifest.site)('theme.SearchBar.label');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<SearchFailure | null>(null);
  const [kept, setKept] = useState('');
  // Keys typed after opening while the modal's code loads: its input starts with them.
  const [ahead, setAhead] = useState('');
  const initial = useRef<string | undefined>(undefined);
  // Whether the modal is open, for key handlers that run before the render that opens it.
  const isOpen = useRef(false);
  const pending = useRef<string | null>(null);
  const chose = useRef(false);
  /** The query when Escape was pressed, read before DocSearch's own handler may clear it. */
  const escapedQuery = useRef<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const Modal = open ? lazyModal(manifest) : null;
  const preload = useCallback(() => void loadModal(manifest).catch(() => {}), [manifest]);

  const openModal = useCallback(
    (query?: string) => {
      preload();
      // Text selected on the page wins: DocSearch pre-fills it when no initial query is given.
      const selection = window.getSelection()?.toString() ?? '';
      initial.current = selection ? undefined : (query ?? kept) || undefined;
      setAhead('');
      isOpen.current = true;
      chose.current = false;
      setFailure(null);
      setOpen(true);
    },
    [kept, preload],
  );

  const close = useCallback(() => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    setKept(pending.current ? '' : (escapedQuery.current ?? input?.value ?? ''));
    escapedQuery.current = null;
    isOpen.current = false;
    setOpen(false);
    // Back to the button, as a dialog should, unless a result is being opened (then the new page takes focus).
    requestAnimationFrame(() => chose.current || button.current?.focus({ preventScroll: true }));
  }, []);

  const navigateTo = useCallback((url: string) => {
    pending.current = url;
    chose.current = true;
    setKept('');
  }, []);

  // After the modal has unmounted (DocSearch restores the scroll position then), go to the chosen hit.
  useEffect(() => {
    if (open || !pending.current) return;
    const { path, query, hash } = splitHref(pending.current);
    pending.current = null;
    const search = Object.fromEntries(new URLSearchParams(query));
    void router.navigate({ to: path || '/', hash: hash || undefined, search }).then(() => {
      // The heading when there is one (also when it is the current hash), else the top.
      requestAnimationFrame(() => (hash ? document.getElementById(decodeURIComponent(hash))?.scrollIntoView() : window.scrollTo(0, 0)));
    });
  }, [open, router]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const modK = (e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey);
      if (isOpen.current) {
        if (e.key === 'Escape' || modK) {
          e.preventDefault();
          escapedQuery.current = document.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? null;
          close();
        } else if (!document.querySelector('.DocSearch-Input') && !isTyping(e) && !e.metaKey && !e.ctrlKey && !e.altKey) {
          if (e.key.length === 1) {
            e.preventDefault();
            setAhead((typed) => typed + e.key);
          } else if (e.key === 'Backspace') {
            e.preventDefault();
            setAhead((typed) => typed.slice(0, -1));
          }
        }
        return;
      }
      if (failure && e.key === 'Escape') {
        setFailure(null);
      } else if (modK || (e.key === '/' && !isTyping(e))) {
        e.preventDefault();
        openModal();
      } else if (e.key === 'Escape' && kept && !isTyping(e)) {
        setKept('');
      } else if (document.activeElement === button.current && e.key.length === 1 && /[a-z0-9]/i.test(e.key) && !e.metaKey && !e.ctrlKey && !e.altKey) {
        // Typing on the focused button starts a search with that key, as DocSearch's button does.
        e.preventDefault();
        openModal(e.key);
      }
    };
    // Capture phase: the query is read before the modal's input handles the key.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [kept, close, openModal, failure]);

  const onLoadError = useCallback((error: unknown) => {
    isOpen.current = false;
    setOpen(false);
    if (!(error instanceof ChunkLoadError)) setFailure('network');
    else if (!error.missing) setFailure('network');
    else setFailure(canReloadForChunk() ? 'updated' : 'still-missing');
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-button"
        aria-keyshortcuts="Control+K Meta+K /"
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={() => openModal()}
      >
        <span className="icon icon--search" aria-hidden="true" />
        {/* The name comes from the hidden span, so it stays "Search" (or "Search: <kept query>") on narrow screens, where the visible text is hidden. */}
        <span className="search-button__placeholder" aria-hidden="true">
          {kept || label}
        </span>
        <kbd className="search-button__keys" aria-hidden="true">
          Ctrl K
        </kbd>
        <span style={VISUALLY_HIDDEN}>{kept ? `${label}: ${kept}` : label}</span>
      </button>
      {Modal && (
        <ModalBoundary onError={onLoadError}>
          <Suspense fallback={null}>
            <Modal manifest={manifest} initialQuery={ahead ? (initial.current ?? '') + ahead : initial.current} onClose={close} onNavigate={navigateTo} />
          </Suspense>
        </ModalBoundary>
      )}
      {failure && (
        <SearchUnavailable
          failure={failure}
          // A missing chunk reloads once per shell, never in a loop; with storage blocked the reader's click still reloads.
          onReload={() => reloadForChunk() || window.location.reload()}
          onRetry={() => openModal()}
          onClose={() => setFailure(null)}
        />
      )}
    </>
  );
}
