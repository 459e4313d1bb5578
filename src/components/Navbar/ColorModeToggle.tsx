import { useColorMode } from '../../hooks/useColorMode';
import { useTranslate } from '../../hooks/useTranslate';
import { useSite } from '../SiteContext';

/** Cycles light → dark → system (or light ↔ dark); the label names the current and next mode. */
export function ColorModeToggle() {
  const { mode, choice, cycle } = useColorMode();
  const current = choice ?? 'system';
  const t = useTranslate(useSite().site);
  return (
    <button
      type="button"
      className="icon-button color-mode-toggle"
      onClick={cycle}
      aria-label={t('theme.colorToggle.ariaLabel', {
        mode: t(`theme.colorToggle.ariaLabel.mode.${current}`),
      })}
      title={t('shell.colorToggle.title', { mode: t(`shell.colorToggle.title.mode.${current}`) })}
      data-mode={mode}
    >
      {/* Both icons are in the markup; the stylesheet shows the one of <html data-theme>, set before the first paint. */}
      <span className="icon icon--moon color-mode-toggle__dark" aria-hidden="true" />
      <span className="icon icon--sun color-mode-toggle__light" aria-hidden="true" />
      {choice === null && (
        <span className="color-mode-toggle__auto" aria-hidden="true">
          A
        </span>
      )}
    </button>
  );
}
