import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { THEME_STORAGE_KEY } from '../../manifest/constants';
import type { ColorModeConfig } from '../../manifest';
import { localStore } from '../lib/storage';

/** The reader's choice: a mode, or null to follow the system (or the default). */
export type ColorChoice = 'light' | 'dark' | null;

interface ColorModeValue {
  /** The mode in effect. */
  mode: 'light' | 'dark';
  /** The stored choice; null when none. */
  choice: ColorChoice;
  /** Next step of the toggle: light, dark, then system when the site respects the OS preference. */
  cycle: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

const readChoice = (): ColorChoice => {
  const v = localStore.get(THEME_STORAGE_KEY);
  return v === 'light' || v === 'dark' ? v : null;
};

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Colour mode state, stored under `theme` and synced across tabs (spec §4). */
export function ColorModeProvider({ config, children }: { config: ColorModeConfig; children: ReactNode }) {
  const [choice, setChoice] = useState<ColorChoice>(readChoice);
  const [prefersDark, setPrefersDark] = useState(systemDark);
  useEffect(() => {
    const mql = window.matchMedia('(prefers-color-scheme: dark)');
    const onSystem = () => setPrefersDark(mql.matches);
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_STORAGE_KEY || e.key === null) setChoice(readChoice());
    };
    mql.addEventListener('change', onSystem);
    window.addEventListener('storage', onStorage);
    return () => {
      mql.removeEventListener('change', onSystem);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const mode: 'light' | 'dark' = choice ?? (config.respectPrefersColorScheme ? (prefersDark ? 'dark' : 'light') : config.defaultMode);
  useEffect(() => {
    document.documentElement.setAttribute('data-theme', mode);
  }, [mode]);
  const cycle = useCallback(() => {
    const order: ColorChoice[] = config.respectPrefersColorScheme ? ['light', 'dark', null] : ['light', 'dark'];
    const current = config.respectPrefersColorScheme ? choice : mode;
    const next = order[(order.indexOf(current) + 1) % order.length] ?? null;
    // Storage blocked: the choice lasts for this page only.
    localStore.set(THEME_STORAGE_KEY, next);
    setChoice(next);
  }, [choice, mode, config.respectPrefersColorScheme]);
  const value = useMemo(() => ({ mode, choice, cycle }), [mode, choice, cycle]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The colour mode. Throws outside `<ColorModeProvider>`. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode is called outside <ColorModeProvider>.');
  return value;
}
