import { useColorMode } from '../../hooks/useColorMode';

const LABELS = { light: 'light mode', dark: 'dark mode', system: 'system mode' } as const;

/** Cycles light → dark → system (or light ↔ dark); the label names the current and next mode. */
export function ColorModeToggle() {
  const { mode, choice, cycle } = useColorMode();
  const current = choice ?? 'system';
  return (
    <button type="button" className="icon-button color-mode-toggle" onClick={cycle} aria-label={`Switch between dark and light mode (currently ${LABELS[current]})`} title={`Colour mode: ${current}`} data-mode={mode}>
      {/* Both icons are in the markup; the stylesheet shows the one of <html data-theme>, set before the first paint. */}
      <svg className="color-mode-toggle__dark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M9.4 4.2A8 8 0 1 0 19.8 14.6 7 7 0 0 1 9.4 4.2z" /></svg>
      <svg className="color-mode-toggle__light" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><circle cx="12" cy="12" r="4.5" fill="currentColor" /><path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></svg>
      {choice === null && <span className="color-mode-toggle__auto" aria-hidden="true">A</span>}
    </button>
  );
}
