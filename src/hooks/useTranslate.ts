import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../manifest';
import { localeStringsQueryOptions } from '../data/manifestQueries';
import { useLocale } from './useLocale';

/** A text of the shell in the locale on screen: its translation by id, else `message` (the English default); `{name}` takes `values`' name. */
export type Translate = (id: string, message: string, values?: Record<string, string>) => string;

/**
 * The shell's texts in the locale on screen, from the locale's strings (`SiteLocale.strings`), which the root
 * route's loader reads before the page renders (so hydration finds the build's words); English where a text has none.
 */
export function useTranslate(site: Pick<SiteConfig, 'locales' | 'baseUrl'>): Translate {
  const { locale } = useLocale(site);
  const { data } = useQuery({ ...localeStringsQueryOptions(locale.strings ?? ''), enabled: locale.strings !== undefined });
  const strings = locale.strings !== undefined ? data?.strings : undefined;
  return (id, message, values) => {
    const text = strings?.[id] ?? message;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : text;
  };
}
