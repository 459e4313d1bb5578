import type { ReactNode } from 'react';
import type { Translate } from '../hooks/useTranslate';
import { DID_YOU_MEAN } from './texts';

/**
 * "Did you mean …?" under a query that matched nothing, with the query of the index's closest words as `children`
 * (a link on the search page, a button in the modal), placed where the locale's sentence puts `{suggestion}`.
 */
export function DidYouMean({ t, children }: { t: Translate; children: ReactNode }) {
  const [before, after = ''] = t(DID_YOU_MEAN).split('{suggestion}');
  return (
    <p className="search-suggestion">
      {before}
      {children}
      {after}
    </p>
  );
}
