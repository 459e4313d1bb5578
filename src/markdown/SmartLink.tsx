import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternalHref, splitHref } from '../../manifest';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Route path below the base (`/docs/intro#x`) or absolute URL. */
  href: string;
  children: ReactNode;
  /** When the router preloads the target: by default once the link is in view (`router.tsx`). */
  preload?: 'intent' | false;
  /** Active only on its own route, not below it (a locale's home, `/fr`, holds the locale's pages). */
  exact?: boolean;
};

/** A link: router navigation (with the router's preloading) inside the site, a new tab outside it. */
export function SmartLink({ href, children, preload, exact, ...rest }: Props) {
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  const { path, hash, query } = splitHref(href);
  const search = Object.fromEntries(new URLSearchParams(query));
  return (
    <Link
      to={path || '.'}
      hash={hash || undefined}
      search={query ? search : undefined}
      preload={preload}
      activeOptions={exact ? { exact: true } : undefined}
      {...rest}
    >
      {children}
    </Link>
  );
}
