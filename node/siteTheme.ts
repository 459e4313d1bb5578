/**
 * The Docusaurus modules a site's components may import (`@docusaurus/Link`, `@docusaurus/useBaseUrl`,
 * `@theme/CodeBlock`, `@theme/MDXComponents/A`, `@theme/ThemedImage`), as small components of this site: bundled
 * into each component's chunk (`siteComponents.ts`), never into the shell. Their markup is the site's own (a code
 * block as the pipeline writes one), and the base URL is the page's, from `SITE_REACT_GLOBAL`.
 */
import { createElement, type ReactNode } from 'react';
import { COPY_BUTTON } from '../manifest/copyButton';
import { SITE_REACT_GLOBAL } from '../manifest/siteComponents';

/** The base URL of the site the component is shown on (the shell's, or the build's while it renders). */
function baseUrl(): string {
  const shared = (globalThis as Record<string, unknown>)[SITE_REACT_GLOBAL] as { baseUrl?: string } | undefined;
  return shared?.baseUrl ?? '/';
}

/** `url` below the site's base when it is a path from the site's root, as Docusaurus's `useBaseUrl` gives it. */
export function useBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  if (!url || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url)) return url;
  const base = baseUrl();
  if (!url.startsWith('/')) return options.forcePrependBaseUrl ? base + url : url;
  return url.startsWith(base) && !options.forcePrependBaseUrl ? url : base.replace(/\/$/, '') + url;
}

/** Docusaurus's `useBaseUrlUtils`, for components that take `withBaseUrl` from it. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) => string } {
  return { withBaseUrl: (url, options) => useBaseUrl(url, options) };
}

type AnchorProps = Record<string, unknown> & { to?: string; href?: string; children?: ReactNode };

/** A link: one inside the site gets the base; one to another site opens in a new tab, as the pipeline's links do. */
export function Link({ to, href, children, ...rest }: AnchorProps) {
  const target = to ?? href ?? '';
  const external = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(target);
  const props: Record<string, unknown> = { ...rest, href: useBaseUrl(target) };
  if (external && /^https?:|^\/\//i.test(target) && props.target === undefined) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
  return createElement('a', props, children);
}

/** The theme's anchor of markdown links. */
export function A(props: AnchorProps) {
  return Link(props);
}

/** A code block as the pipeline writes one: its language or title, the code, and the copy button (unhighlighted). */
export function CodeBlock({ children, language, title, className }: { children?: ReactNode; language?: string; title?: string; className?: string }) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  return createElement(
    'div',
    { className: 'code-block', 'data-language': lang },
    createElement(
      'div',
      { className: 'code-block__header' },
      createElement('span', { className: title ? 'code-block__title' : 'code-block__lang' }, title ?? lang),
    ),
    createElement(
      'pre',
      { tabIndex: 0 },
      createElement('code', { className: `language-${lang}` }, typeof children === 'string' ? children.replace(/\n$/, '') : children),
    ),
    createElement('button', { type: 'button', className: COPY_BUTTON.className, 'aria-label': COPY_BUTTON.idle.label }, COPY_BUTTON.idle.text),
  );
}

/** An image for each colour mode: both are written, and the site's styles show the one of the mode on screen. */
export function ThemedImage({ sources, alt, ...rest }: { sources: { light: string; dark: string }; alt?: string } & Record<string, unknown>) {
  return createElement(
    'span',
    { className: 'themed-image' },
    createElement('img', { ...rest, src: useBaseUrl(sources.light), alt: alt ?? '', className: 'themed-image--light', loading: 'lazy', decoding: 'async' }),
    createElement('img', { ...rest, src: useBaseUrl(sources.dark), alt: alt ?? '', className: 'themed-image--dark', loading: 'lazy', decoding: 'async' }),
  );
}
