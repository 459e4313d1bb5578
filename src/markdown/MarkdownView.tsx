import { Fragment, useMemo, type ComponentProps } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { stripBase, type Manifest, type ManifestPage } from '../../manifest';
import { baseUrl } from '../config';
import { SmartLink } from './SmartLink';
import { DiagramWhenVisible } from './DiagramWhenVisible';
import { pageHast } from './pipeline';

type WithNode = { node?: unknown };

const text = (node: unknown): string => {
  const n = node as { type?: string; value?: string; children?: unknown[] };
  return n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(text).join('');
};

const components: Partial<Components> = {
  a({ node: _node, href, children, ...rest }: ComponentProps<'a'> & WithNode) {
    const local = href ? stripBase(href.split('#')[0] ?? '', baseUrl()) : null;
    if (href && local !== null && !rest.target) {
      const hash = href.includes('#') ? href.slice(href.indexOf('#')) : '';
      return (
        <SmartLink href={local + hash} {...rest}>
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
  div({ node, className, children, ...rest }: ComponentProps<'div'> & WithNode) {
    if (className === 'mermaid-diagram') {
      const source = text(node).replace(/\n$/, '');
      return (
        <div className="mermaid-diagram">
          <DiagramWhenVisible source={source} />
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

/**
 * Renders a page's markdown with the pipeline the build used for its static
 * HTML (react-markdown's steps: unified, then hast to React through
 * hast-util-to-jsx-runtime), reusing a tree parsed ahead of time when there is one.
 */
export function MarkdownView({ manifest, page, markdown }: { manifest: Manifest; page: ManifestPage; markdown: string }) {
  return useMemo(
    () => toJsxRuntime(pageHast(manifest, page, markdown), { Fragment, jsx, jsxs, components, passNode: true, ignoreInvalidStyle: true, passKeys: true }),
    [manifest, page, markdown],
  );
}
