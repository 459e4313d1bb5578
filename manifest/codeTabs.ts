/**
 * Code blocks as tabs, as two remark plugins Docusaurus sites name in their configuration do: a block with
 * `npm2yarn` in its meta shows its npm command beside the same command for Yarn and pnpm (npm-to-yarn converts it),
 * and consecutive blocks with `tab` in their meta are one tab set, each block a tab labelled by its language or by
 * `tab={"label":"…"}`. The tabs are the markup of MDX's `<Tabs>` (`tabsElement`).
 */
import type { Code, Parent, Root, RootContent } from 'mdast';
import convert from 'npm-to-yarn';
import { languageLabel } from './highlight';
import { tabsElement, type TabContent } from './mdx';

/** The package managers of an `npm2yarn` block after npm, with their labels. */
const CONVERTED = [
  ['yarn', 'Yarn'],
  ['pnpm', 'pnpm'],
] as const;

const hasWord = (meta: string | null | undefined, word: string) => meta !== null && meta !== undefined && new RegExp(`(?:^|\\s)${word}(?:[=\\s]|$)`).test(meta);

/** The meta without `word` (and its `={…}` value), so the code block's own meta (title, lines) stays. */
const without = (meta: string, word: string) => meta.replace(new RegExp(`(?:^|\\s)${word}(?:=\\{[^}]*\\})?(?=\\s|$)`), '').trim() || null;

/** A `tab` block's label: `tab={"label":"…"}`, else its language's. */
function tabLabel(code: Code): string {
  const written = /(?:^|\s)tab=(\{[^}]*\})/.exec(code.meta ?? '')?.[1];
  if (written) {
    try {
      const label = (JSON.parse(written) as { label?: unknown }).label;
      if (typeof label === 'string' && label) return label;
    } catch {
      // Not JSON: the language names the tab.
    }
  }
  return code.lang ? languageLabel(code.lang) : 'Code';
}

/** Replaces npm2yarn blocks and runs of `tab` blocks among `parent`'s children with tab sets, recursively. */
function transform(parent: Parent, next: () => string): void {
  const out: RootContent[] = [];
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'code' && hasWord(node.meta, 'npm2yarn')) {
      const meta = without(node.meta ?? '', 'npm2yarn');
      const tabs: TabContent[] = [
        { value: 'npm', label: 'npm', children: [{ ...node, meta }] },
        ...CONVERTED.map(([to, label]) => ({ value: to, label, children: [{ ...node, meta, value: convert(node.value, to) }] as RootContent[] })),
      ];
      out.push(tabsElement(tabs, 'npm', next(), { at: node }));
      continue;
    }
    if (node.type === 'code' && hasWord(node.meta, 'tab')) {
      const run: Code[] = [];
      while (i < children.length && children[i]!.type === 'code' && hasWord((children[i] as Code).meta, 'tab')) run.push(children[i++] as Code);
      i--;
      const tabs = run.map((code, k) => ({
        value: `${k + 1}`,
        label: tabLabel(code),
        children: [{ ...code, meta: without(code.meta ?? '', 'tab') }] as RootContent[],
      }));
      out.push(tabsElement(tabs, '1', next(), { at: run[0] }));
      continue;
    }
    if ('children' in node) transform(node as Parent, next);
    out.push(node);
  }
  parent.children = out as Parent['children'];
}

/** The code-tabs step of the pipeline. */
export function remarkCodeTabs() {
  return (tree: Root) => {
    let n = 0;
    transform(tree, () => `code-tabs-${++n}`);
  };
}
