import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TEXTS, type SiteConfig, type TextId } from '../../manifest';
import { localeStringsQueryOptions, manifestQueryOptions } from '../data/manifestQueries';
import { useLocale } from './useLocale';

/** What a text's `{name}` placeholders are replaced with. */
type TextValues = Record<string, string | number>;

/** The id of a label the site configuration writes: the navbar's (`navbar.json`) and the footer's (`footer.json`). */
type SiteLabelId = `navbar.${string}` | `footer.${string}`;

/**
 * A text of the shell in the locale on screen: its translation by id, else its English from the catalogue
 * (`manifest/texts.ts`); `{name}` takes `values`' name, a number written as the locale writes numbers. With a numeric
 * `count`, a message of `|`-separated plural forms gives the form `Intl.PluralRules` picks, as Docusaurus's code.json
 * does (`'One result|{count} results'`). A label of the site configuration has no English in the catalogue: the
 * configured text is its fallback.
 */
export interface Translate {
  (id: TextId, values?: TextValues): string;
  (id: SiteLabelId, fallback: string): string;
}

type Site = Pick<SiteConfig, 'locales' | 'baseUrl'>;

/** Before any manifest (its fetch failed, or is under way): the English defaults. */
const NO_SITE: Site = { baseUrl: '/', locales: [{ code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: '' }] };

/** Plural categories in the order code.json lists a message's forms (Docusaurus's order). */
const PLURAL_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The form of `forms` (`|`-separated) for `count` in language `lang`; the last form when a message has fewer forms than the language. */
function pluralForm(forms: string, count: number, lang: string): string {
  const parts = forms.split('|');
  if (parts.length === 1) return forms;
  const rules = new Intl.PluralRules(lang);
  const categories = rules.resolvedOptions().pluralCategories;
  const index = PLURAL_ORDER.filter((category) => categories.includes(category)).indexOf(rules.select(count));
  return parts[Math.min(Math.max(index, 0), parts.length - 1)]!;
}

/** `t` for a locale's translations (`strings`, none for the default locale) and its language tag (`htmlLang`). */
export function translator(strings: Record<string, string> | undefined, lang: string): Translate {
  let numbers: Intl.NumberFormat | undefined;
  return (id: string, valuesOrFallback?: TextValues | string) => {
    const values = typeof valuesOrFallback === 'object' ? valuesOrFallback : undefined;
    // An id the catalogue lacks shows as itself, so the slip is seen on the page rather than hidden behind English.
    const message = typeof valuesOrFallback === 'string' ? valuesOrFallback : ((TEXTS as Record<string, string>)[id] ?? id);
    const translated = strings?.[id];
    // The English default's forms follow English rules, whatever the locale on screen.
    const text =
      typeof values?.count === 'number' ? pluralForm(translated ?? message, values.count, translated === undefined ? 'en' : lang) : (translated ?? message);
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined ? whole : typeof value === 'number' ? (numbers ??= new Intl.NumberFormat(lang)).format(value) : value;
    });
  };
}

/**
 * The shell's texts in the locale on screen, from the locale's strings (`SiteLocale.strings`), which the root
 * route's loader reads before the page renders (so hydration finds the build's words); English where a text has none.
 * Without `site` (an error screen or a diagram, outside the site's context), the loaded manifest's, else English.
 */
export function useTranslate(site?: Site): Translate {
  const queryClient = useQueryClient();
  const known = site ?? queryClient.getQueryData(manifestQueryOptions().queryKey)?.site ?? NO_SITE;
  const { locale } = useLocale(known);
  const { data } = useQuery({ ...localeStringsQueryOptions(locale.strings ?? ''), enabled: locale.strings !== undefined });
  const strings = locale.strings !== undefined ? data?.strings : undefined;
  // The same function while the texts are the same, so callbacks and memos that use it keep their identity.
  return useMemo(() => translator(strings, locale.htmlLang), [strings, locale.htmlLang]);
}
