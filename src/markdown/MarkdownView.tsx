import { Suspense, useMemo, type ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { hrefFor, resolveContentLink, stripBase, type Manifest, type ManifestPage } from '../../manifest';
import { rehypePlugins, remarkPlugins } from '../../manifest/markdown';
import { BASE_URL } from '../config';
import { loadedGrammars } from '../data/blob';
import { linkContext } from '../data/manifest';
import { SmartLink } from '../components/SmartLink';
import { CodeBlock } from './CodeBlock';
import { lazyWithReload } from './lazyWithReload';

const MermaidDiagram = lazyWithReload(() => import('./MermaidDiagram'));

const text = (node: unknown): string => {
  const n = node as { type?: string; value?: string; children?: unknown[] };
  return n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(text).join('');
};

const components: Components = {
  a({ node: _node, href, children, ...rest }) {
    const local = href ? stripBase(href.split('#')[0] ?? '', BASE_URL) : null;
    if (href && local !== null && !rest.target) {
      const hash = href.includes('#') ? href.slice(href.indexOf('#')) : '';
      return (
        <SmartLink href={local + hash} {...(rest as Omit<ComponentProps<'a'>, 'href'>)}>
          {children}
        </SmartLink>
      );
    }
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
  div({ node, className, children, ...rest }) {
    if (className === 'code-block') return <CodeBlock language={(rest as Record<string, string>)['data-language']}>{children}</CodeBlock>;
    if (className === 'mermaid-diagram') {
      const source = text(node).replace(/\n$/, '');
      return (
        <div className="mermaid-diagram">
          <Suspense fallback={<pre className="mermaid-source" tabIndex={0}>{source}</pre>}>
            <MermaidDiagram source={source} />
          </Suspense>
        </div>
      );
    }
    return (
      <div className={className} {...rest}>
        {children}
      </div>
    );
  },
};

/** Renders a page's markdown with the pipeline the build used for its static HTML. */
export function MarkdownView({ manifest, page, markdown }: { manifest: Manifest; page: ManifestPage; markdown: string }) {
  const plugins = useMemo(() => {
    const options = {
      grammars: loadedGrammars(),
      resolveLink: (href: string) => hrefFor(resolveContentLink(href, page.source, page.path, linkContext(manifest)), manifest.site.baseUrl),
    };
    return { remark: remarkPlugins(options), rehype: rehypePlugins(options) };
  }, [manifest, page]);
  return (
    <Markdown remarkPlugins={plugins.remark} rehypePlugins={plugins.rehype} components={components}>
      {markdown}
    </Markdown>
  );
}

export default MarkdownView;
