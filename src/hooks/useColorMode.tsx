import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { THEME_STORAGE_KEY } from '../../manifest/constants';
import type { ColorModeConfig } from '../../manifest';
import { setRootFlag } from '../../manifest/prePaint';
import { useHydrated } from './useHydrated';
import { useLocalStorage } from './useLocalStorage';

/** The reader's choice: a mode, or null to follow the system (or the default). */
type ColorChoice = 'light' | 'dark' | null;

interface ColorModeValue {
  /** The mode in effect. */
  mode: 'light' | 'dark';
  /** The stored choice; null when none. */
  choice: ColorChoice;
  /** Next step of the toggle: light, dark, then system when the site respects the OS preference. */
  cycle: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void) {
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/**
 * Colour mode state, stored under `theme` and synced across tabs.
 * Before the first paint the inline script (`manifest/prePaint.ts`) has set
 * `<html data-theme>`; this provider hydrates with no stored choice, like the
 * build's HTML, and keeps the attribute in step once hydrated.
 */
export function ColorModeProvider({ config, children }: { config: ColorModeConfig; children: ReactNode }) {
  const [stored, setStored] = useLocalStorage(THEME_STORAGE_KEY);
  const choice: ColorChoice = stored === 'light' || stored === 'dark' ? stored : null;
  const prefersDark = useSyncExternalStore(
    subscribeSystem,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  const hydrated = useHydrated();
  const mode: 'light' | 'dark' = choice ?? (config.respectPrefersColorScheme ? (prefersDark ? 'dark' : 'light') : config.defaultMode);
  useEffect(() => {
    // The hydration render sees no stored choice; writing its mode would undo the inline script's.
    if (!hydrated) return;
    document.documentElement.setAttribute('data-theme', mode);
    setRootFlag(document.documentElement, 'themeChoice', choice !== null);
  }, [mode, choice, hydrated]);
  const cycle = useCallback(() => {
    const order: ColorChoice[] = config.respectPrefersColorScheme ? ['light', 'dark', null] : ['light', 'dark'];
    const current = config.respectPrefersColorScheme ? choice : mode;
    // Storage blocked: the choice lasts for this page only.
    setStored(order[(order.indexOf(current) + 1) % order.length] ?? null);
  }, [choice, mode, config.respectPrefersColorScheme, setStored]);
  const value = useMemo(() => ({ mode, choice, cycle }), [mode, choice, cycle]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The colour mode. Throws outside `<ColorModeProvider>`. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode is called outside <ColorModeProvider>.');
  return value;
}
