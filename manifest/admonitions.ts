import type { SiteConfigInput } from './siteConfigSchema';

/**
 * Docusaurus's admonition types and the label each gets (its accessible name and default title): the markdown
 * pipeline renders them, and the build's checks name them, without loading that pipeline.
 */
export const ADMONITIONS = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  // Docusaurus's other keywords, drawn as the type each stands for (`secondary` as a note, `important` as info, `success` as a tip).
  important: 'Important',
  secondary: 'Note',
  success: 'Success',
} as const;

/** A default admonition type. */
export type AdmonitionType = keyof typeof ADMONITIONS;

/** Whether `name` is one of the default types. */
const isAdmonitionType = (name: string): name is AdmonitionType => Object.hasOwn(ADMONITIONS, name);

/** Every keyword a site reads as an admonition (`markdown.admonitions`): the defaults and its own, or its own alone. */
export function admonitionKeywords(input: NonNullable<SiteConfigInput['markdown']>['admonitions']): string[] {
  const own = input?.keywords ?? [];
  const all = input?.extendDefaults === false ? own : [...Object.keys(ADMONITIONS), ...own];
  return [...new Set(all)];
}

/**
 * How a keyword is drawn: a default type as itself; a site's own keyword as info (Docusaurus falls back to its info
 * admonition for a type its theme has no component for), titled with the keyword, as no translation names it.
 */
export function admonitionLook(keyword: string): { type: AdmonitionType; label: string } {
  if (isAdmonitionType(keyword)) return { type: keyword, label: ADMONITIONS[keyword] };
  return { type: 'info', label: keyword.charAt(0).toUpperCase() + keyword.slice(1) };
}
