import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Opens search: the button, Ctrl/Cmd+K and '/' (spec §2). The modal arrives with the search feature. */
export function SearchButton() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        void navigate({ to: '/search' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
  return (
    <button type="button" className="search-button" aria-label="Search" onClick={() => void navigate({ to: '/search' })}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m14 14 4 4M8.5 15a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13z" /></svg>
      <span className="search-button__placeholder">Search</span>
      <kbd className="search-button__keys">Ctrl K</kbd>
    </button>
  );
}
