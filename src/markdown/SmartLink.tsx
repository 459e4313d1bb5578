import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternalHref, splitHref } from '../../manifest';
import { usePreloadOnIntent } from '../hooks/usePreload';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Route path below the base (`/docs/intro#x`) or absolute URL. */
  href: string;
  children: ReactNode;
};

/** A link: router navigation (with preloading) inside the site, a new tab outside it. */
export function SmartLink({ href, children, ...rest }: Props) {
  const preload = usePreloadOnIntent(href);
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
    <Link to={path || '.'} hash={hash || undefined} search={query ? search : undefined} ref={preload} {...rest}>
      {children}
    </Link>
  );
}
