import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSidebar } from '../../hooks/useSidebar';
import { useLocale } from '../../hooks/useLocale';
import { useTranslate } from '../../hooks/useTranslate';
import {
  documentTitle,
  formatLongDate,
  setRootFlag,
  SIDEBAR_HIDDEN_KEY,
  tocHeadings,
  versionAt,
  type CategoryCard,
  type CategoryIndex,
  type Manifest,
  type ManifestDoc,
  type ManifestPage,
} from '../../../manifest';
import { cachedArticle, categoryCardsQueryOptions, pageQueryOptions } from '../../data/blob';
import { siteLocalStore } from '../../data/siteStorage';
import { useLocalStorage } from '../../hooks/useLocalStorage';
import { useScrollToHash } from '../../hooks/useScrollToHash';
import { lazyWithReload } from '../../markdown/lazyWithReload';
import { useCopyButtons } from '../../markdown/copyCode';
import { useTabs } from '../../markdown/tabs';
import { StaticArticle } from '../../markdown/StaticArticle';
import { loadedRenderer } from '../../markdown/renderer';
import { DocSidebar } from '../DocSidebar';
import { useSite } from '../SiteContext';
import { SmartLink } from '../../markdown/SmartLink';
import { Breadcrumbs } from './Breadcrumbs';
import { Paginator } from './Paginator';
import { TOC } from './TOC';
import { UnlistedBanner } from './UnlistedBanner';
import { TagsListInline } from '../Tags/TagsListInline';
import { VersionBanner } from './VersionBanner';

const LazyMarkdownView = lazyWithReload(async () => ({ default: (await import('../../markdown/MarkdownView')).MarkdownView }));

/** Sets `document.title` to `Page | Site`. */
export function useDocumentTitle(title: string | null, siteTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(title, siteTitle);
  }, [title, siteTitle]);
}

/** The docs frame: the page's sidebar (hideable on desktop), if it is in one, beside the main column. */
/**
 * A docs page's frame: its sidebar and main column. The page's entry names its sidebar (`sidebarId`, null for
 * none): at the docs root the route is not the doc's, and the shard that holds the root need not hold the doc's route.
 */
function DocsFrame({ manifest, path, sidebarId, children }: { manifest: Manifest; path: string; sidebarId: string | null; children: React.ReactNode }) {
  const [hidden, setHidden] = useLocalStorage(SIDEBAR_HIDDEN_KEY, siteLocalStore);
  const sidebar = useSidebar(manifest, path, sidebarId);
  const toggle = () => {
    setHidden(hidden === '1' ? null : '1');
    setRootFlag(document.documentElement, 'sidebarHidden', hidden !== '1');
  };
  return (
    <div className="page page--docs">
      {/* Rendered at every width (the build's HTML fits every screen); the stylesheet shows it from 996 px. */}
      {sidebar && <DocSidebar items={sidebar} hidden={hidden === '1'} onToggle={toggle} />}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/**
 * The article of a markdown page: the build's rendering (the first page's own
 * HTML, else the page's article file, both loaded by the route loader), or the
 * markdown rendered here when the article file could not be had. The text is
 * kept for as long as the page shows the same article, even once the query
 * cache has dropped it; a new article for the page (an update taken in place)
 * replaces it without remounting, so the scroll position stays.
 */
function Article({ manifest, page }: { manifest: Manifest; page: ManifestPage }) {
  const queryClient = useQueryClient();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const cached = () => ({ name: page.article, html: cachedArticle(queryClient, page.article) });
  const [shown, setShown] = useState(cached);
  let current = shown;
  if (shown.name !== page.article) {
    // React's "adjusting state when a prop changes": the update loaded the new article before it took the manifest.
    current = cached();
    setShown(current);
  }
  useScrollToHash(page.path, hash);
  if (current.html !== null) return <StaticArticle html={current.html} path={page.path} />;
  return <MarkdownArticle manifest={manifest} page={page} />;
}

/** The markdown of a page rendered in the browser, with its title when the body has no h1. */
function MarkdownArticle({ manifest, page }: { manifest: Manifest; page: ManifestPage }) {
  const { data: markdown } = useSuspenseQuery(pageQueryOptions(page));
  // The route loader has loaded the renderer; the lazy path is only a fallback.
  const View = loadedRenderer() ?? LazyMarkdownView;
  const ref = useRef<HTMLDivElement>(null);
  const copyOnClick = useCopyButtons(ref, [markdown, View]);
  const tabs = useTabs(ref, [markdown, View]);
  return (
    // Copy buttons and tabs are markup of the pipeline; handlers here give them their behaviour, as StaticArticle's do.
    <div ref={ref} className="markdown" onClick={(e) => copyOnClick(e.target) || tabs.onClick(e.target)} onKeyDown={tabs.onKeyDown}>
      {!page.hasH1 && (
        <header>
          <h1>{page.title}</h1>
        </header>
      )}
      <Suspense fallback={null}>
        <View manifest={manifest} page={page} markdown={markdown} />
      </Suspense>
    </div>
  );
}

function Card({ item }: { item: CategoryCard }) {
  return (
    <li>
      <SmartLink className="card" href={item.path}>
        <h2 className="card__title">{item.title}</h2>
        <p className="card__description">{item.description}</p>
      </SmartLink>
    </li>
  );
}

/** A category's cards: those of its shard, and a long category's others once the reader asks for them ("Show N more"). */
function CategoryCards({ category }: { category: CategoryIndex }) {
  const { more } = category;
  const t = useTranslate(useSite().site);
  const [wanted, setWanted] = useState(false);
  const rest = useQuery({ ...categoryCardsQueryOptions(more?.file ?? ''), enabled: wanted && more !== null });
  return (
    <>
      <ul className="card-grid">
        {category.items.map((item) => (
          <Card key={item.path} item={item} />
        ))}
        {rest.data?.map((item) => (
          <Card key={item.path} item={item} />
        ))}
      </ul>
      {more && !rest.data && (
        <p className="category-more">
          {rest.isError && <span role="alert">{t('shell.categoryCards.failed', { count: more.count })}</span>}
          <button type="button" className="button button--primary" disabled={rest.isFetching} onClick={() => (wanted ? void rest.refetch() : setWanted(true))}>
            {rest.isError ? t('shell.common.retry') : t('shell.categoryCards.showMore', { count: more.count })}
          </button>
        </p>
      )}
    </>
  );
}

/** The notice above a doc or page that has no translation in the locale on screen, which shows the default locale's text. */
export function UntranslatedNotice({ manifest, locale }: { manifest: Manifest; locale: string | undefined }) {
  const { locales } = manifest.site;
  const label = locales.find((l) => l.code === locale)?.label ?? locale ?? '';
  const t = useTranslate(manifest.site);
  return (
    <div className="version-banner untranslated-notice" role="note" aria-label={t('shell.untranslatedNotice.ariaLabel')}>
      <p>
        {t('docs.untranslated.notice', {
          localeLabel: label,
          defaultLocaleLabel: locales[0]!.label,
        })}
      </p>
    </div>
  );
}

/** A doc's or page's article; an untranslated one's in the default locale's language and direction, inside a page of another. */
export function PageArticle({ manifest, page }: { manifest: Manifest; page: ManifestPage }) {
  const article = <Article key={page.id} manifest={manifest} page={page} />;
  if (!page.untranslated) return article;
  const { htmlLang, direction } = manifest.site.locales[0]!;
  return (
    <div lang={htmlLang} dir={direction}>
      {article}
    </div>
  );
}

/** "Last updated on <date>", in Docusaurus's words, the date in the locale on screen. */
function LastUpdated({ manifest, iso }: { manifest: Manifest; iso: string }) {
  const t = useTranslate(manifest.site);
  const { locale, code } = useLocale(manifest.site);
  // The date sits where the sentence names it, in any language (no author: `{byUser}` is empty).
  const [before = '', after = ''] = t('theme.lastUpdated.lastUpdatedAtBy', { byUser: '' }).split('{atDate}');
  const [on = '', rest = ''] = t('theme.lastUpdated.atDate').split('{date}');
  return (
    <span className="last-updated">
      {before + on}
      <time dateTime={iso}>{formatLongDate(iso, code === undefined ? undefined : locale.htmlLang)}</time>
      {rest + after}
    </span>
  );
}

/** A doc page: breadcrumbs, version badge, article, edit link, pagination and TOC. */
export function DocPage({ manifest, doc }: { manifest: Manifest; doc: ManifestDoc }) {
  useDocumentTitle(doc.title, manifest.site.title);
  const toc = doc.hideTableOfContents ? [] : tocHeadings(doc);
  const version = versionAt(manifest, doc.path);
  const t = useTranslate(manifest.site);
  return (
    <DocsFrame manifest={manifest} path={doc.path} sidebarId={doc.sidebar}>
      <div className="doc-layout">
        <article className="doc">
          {doc.unlisted && <UnlistedBanner site={manifest.site} />}
          <VersionBanner manifest={manifest} path={doc.path} version={version} />
          {doc.untranslated && <UntranslatedNotice manifest={manifest} locale={version.locale} />}
          <Breadcrumbs trail={doc.category} title={doc.sidebarLabel} />
          {version.badge === true && (
            <span className="badge" title={t('shell.versionBadge.title')}>
              {t('theme.docs.versionBadge.label', { versionLabel: version.label })}
            </span>
          )}
          <PageArticle manifest={manifest} page={doc} />
          {doc.tags && <TagsListInline site={manifest.site} tags={doc.tags} />}
          <footer className="doc-footer">
            {doc.editUrl && (
              <a className="edit-link" href={doc.editUrl} target="_blank" rel="noopener noreferrer">
                {t('theme.common.editThisPage')}
              </a>
            )}
            <LastUpdated manifest={manifest} iso={doc.lastModified} />
          </footer>
          <Paginator previous={doc.previous} next={doc.next} />
        </article>
        {toc.length > 0 && (
          <div className="doc-toc">
            <TOC key={doc.id} headings={toc} />
          </div>
        )}
      </div>
    </DocsFrame>
  );
}

/** A generated category index: description and one card per item. */
export function CategoryPage({ manifest, category }: { manifest: Manifest; category: CategoryIndex }) {
  useDocumentTitle(category.label, manifest.site.title);
  useScrollToHash(category.path, '');
  return (
    <DocsFrame manifest={manifest} path={category.path} sidebarId={category.sidebar}>
      <article className="doc">
        <VersionBanner manifest={manifest} path={category.path} version={versionAt(manifest, category.path)} />
        <Breadcrumbs trail={category.category} title={category.label} />
        <header>
          <h1>{category.label}</h1>
          {category.description && <p className="category-description">{category.description}</p>}
        </header>
        <CategoryCards key={category.path} category={category} />
        <Paginator previous={category.previous} next={category.next} />
      </article>
    </DocsFrame>
  );
}
