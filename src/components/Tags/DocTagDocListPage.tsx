import type { Manifest, TagPage } from '../../../manifest';
import { useTranslate } from '../../hooks/useTranslate';
import { SmartLink } from '../../markdown/SmartLink';
import { useDocumentTitle } from '../DocItem/DocPage';

/** A tag's page: `{count} docs tagged with "{tag}"`, a link to every tag, and the listed docs that name it, by title. */
export function DocTagDocListPage({ manifest, tag }: { manifest: Manifest; tag: Extract<TagPage, { kind: 'tag' }> }) {
  const t = useTranslate(manifest.site);
  const title = t('theme.docs.tagDocListPageTitle', {
    nDocsTagged: t('theme.docs.tagDocListPageTitle.nDocsTagged', { count: tag.docs.length }),
    tagName: tag.label,
  });
  useDocumentTitle(title, manifest.site.title);
  return (
    <main id="main" className="main container tag-doc-list" tabIndex={-1}>
      <header>
        <h1>{title}</h1>
        <SmartLink href={tag.allTagsPath}>{t('theme.tags.tagsPageLink')}</SmartLink>
      </header>
      <section>
        {tag.docs.map((doc) => (
          <article key={doc.path} className="tag-doc-list__doc">
            <SmartLink href={doc.path}>
              <h2>{doc.title}</h2>
            </SmartLink>
            {doc.description && <p>{doc.description}</p>}
          </article>
        ))}
      </section>
    </main>
  );
}
