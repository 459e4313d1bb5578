import { useId } from 'react';
import type { SiteConfig, TagLink } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';
import { Tag } from './Tag';

/** A doc's tags at the bottom of its page, after Docusaurus's "Tags:" label. */
export function TagsListInline({ site, tags }: { site: SiteConfig; tags: TagLink[] }) {
  const t = useTranslate(site);
  const labelId = useId();
  return (
    <div className="doc-tags">
      <b id={labelId}>{t('theme.tags.tagsListLabel')}</b>
      <ul className="tags" aria-labelledby={labelId}>
        {tags.map((tag) => (
          <li key={tag.path}>
            <Tag tag={tag} />
          </li>
        ))}
      </ul>
    </div>
  );
}
