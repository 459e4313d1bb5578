import { unreachable, type Manifest, type TagPage } from '../../../manifest';
import { DocTagDocListPage } from './DocTagDocListPage';
import { DocTagsListPage } from './DocTagsListPage';

/** The page a docs version generates from its tags: its tags page, or one tag's page. */
export function TagsView({ manifest, page }: { manifest: Manifest; page: TagPage }) {
  switch (page.kind) {
    case 'tags':
      return <DocTagsListPage manifest={manifest} tags={page.tags} />;
    case 'tag':
      return <DocTagDocListPage manifest={manifest} tag={page} />;
    default:
      return unreachable(page, 'tags page kind');
  }
}
