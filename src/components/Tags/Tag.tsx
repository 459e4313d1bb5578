import type { TagLink } from '../../../manifest';
import { SmartLink } from '../../markdown/SmartLink';

/** One tag: a link to its page, with the number of docs it names where a list of tags shows them. */
export function Tag({ tag, count }: { tag: TagLink; count?: number }) {
  return (
    <SmartLink href={tag.path} className={count === undefined ? 'tag tag--regular' : 'tag tag--with-count'}>
      {tag.label}
      {count !== undefined && <span className="tag__count">{count}</span>}
    </SmartLink>
  );
}
