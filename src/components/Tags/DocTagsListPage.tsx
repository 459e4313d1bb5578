import type { Manifest, TagCount } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';
import { useDocumentTitle } from '../DocItem/DocPage';
import { Tag } from './Tag';

/** Tags grouped by the first letter of their label, in the order given (by label), as Docusaurus lists them. */
function byLetter(tags: TagCount[]): [string, TagCount[]][] {
  const groups = new Map<string, TagCount[]>();
  for (const tag of tags) {
    const letter = (tag.label[0] ?? '').toUpperCase();
    const group = groups.get(letter);
    if (group) group.push(tag);
    else groups.set(letter, [tag]);
  }
  return [...groups];
}

/** A docs version's tags page: every tag a listed doc names, with its count, by letter. */
export function DocTagsListPage({ manifest, tags }: { manifest: Manifest; tags: TagCount[] }) {
  const t = useTranslate(manifest.site);
  const title = t('theme.tags.tagsPageTitle');
  useDocumentTitle(title, manifest.site.title);
  return (
    <main id="main" className="main container tags-page" tabIndex={-1}>
      <h1>{title}</h1>
      {byLetter(tags).map(([letter, group]) => (
        <section key={letter} className="tags-page__letter" aria-labelledby={`tags-letter-${letter}`}>
          <h2 id={`tags-letter-${letter}`}>{letter}</h2>
          <ul className="tags">
            {group.map((tag) => (
              <li key={tag.path}>
                <Tag tag={tag} count={tag.count} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
