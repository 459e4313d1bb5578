/** Search output: DocSearch-shaped records for Algolia and the local MiniSearch index. */
import { encodeLocalIndex, sectionTerms, snippetLead, type LocalPageInput, type LocalSection } from '../../manifest/localSearch';
import type { SearchRecord } from '../../manifest/types';
import type { Nodes } from 'mdast';
import type { Section } from './render';

/** Parents whose children are blocks, rows or cells: their texts are joined with a space. */
const SPACED = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'footnoteDefinition']);

/**
 * Plain text of a markdown block for search. Unlike `mdast-util-to-string` it
 * puts a space between list items, paragraphs and table cells (which it would
 * glue into words such as `tenantdto`), and it leaves out code blocks and HTML.
 */
export function searchText(node: Nodes): string {
  switch (node.type) {
    case 'code':
    case 'html':
    case 'definition':
      return '';
    case 'break':
      return ' ';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    default:
      if ('value' in node) return node.value;
      if (!('children' in node)) return '';
      return (node.children as Nodes[]).map(searchText).join(SPACED.has(node.type) ? ' ' : '');
  }
}

/** A page as search sees it. */
export interface SearchPage {
  /** Route path below the base. */
  path: string;
  /** Absolute URL of the page, with the base. */
  url: string;
  title: string;
  /** Category label (`lvl0`). */
  lvl0: string;
  sections: Section[];
  /** The page's manifest headings (the local index refers to them by index). */
  headings?: { id: string }[];
  /** Order of the page in the sidebar, for Algolia's custom ranking. */
  pageRank: number;
}

type Level = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** DocSearch records: one for the page, one per heading, one per text block. */
function searchRecords(pages: SearchPage[], language: string, version: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const page of pages) {
    const base = { language, docusaurus_tag: `docs-default-${version}` };
    const hierarchy = (path: Section['path']): SearchRecord['hierarchy'] => {
      const h: SearchRecord['hierarchy'] = { lvl0: page.lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
      for (const p of path) h[`lvl${Math.min(p.depth, 6)}` as Level] = p.text;
      return h;
    };
    records.push({ objectID: `${page.path}#`, url: page.url, type: 'lvl1', hierarchy: hierarchy([]), content: null, ...base, weight: { pageRank: page.pageRank, level: 100, position: 0 } });
    page.sections.forEach((section, i) => {
      const last = section.path[section.path.length - 1];
      const url = last ? `${page.url}#${last.id}` : page.url;
      const type: SearchRecord['type'] = section.text === null && last ? (`lvl${Math.min(last.depth, 6)}` as Level) : 'content';
      records.push({
        objectID: `${page.path}#${i}`,
        url,
        type,
        hierarchy: hierarchy(section.path),
        content: section.text,
        ...base,
        weight: { pageRank: page.pageRank, level: type === 'content' ? 0 : 100 - 10 * (last?.depth ?? 1), position: i + 1 },
      });
    });
  }
  return records;
}

/** One page's records as JSON array elements, with what they were made from. */
export interface PageRecords {
  key: string;
  json: string;
  count: number;
}

/**
 * The records of `searchRecords` as the text of that JSON array, in parts
 * made when read, and how many there are. With `memo`, each page's part is
 * kept beside its rendering (keyed by its sections) with the fields it also
 * depends on, so a rebuild serialises only the pages that changed (issue 16);
 * without, no part outlives its writing (at 10,000 docs they are 94 MB). Parts
 * are made only when read: the dev server never writes the records. The text
 * is the same either way.
 */
export function searchRecordsJson(pages: SearchPage[], language: string, version: string, memo?: WeakMap<Section[], PageRecords>): { json: () => Iterable<string>; count: number } {
  const part = (page: SearchPage): PageRecords => {
    const key = JSON.stringify([page.path, page.url, page.title, page.lvl0, page.pageRank, language, version]);
    const known = memo?.get(page.sections);
    if (known?.key === key) return known;
    const records = searchRecords([page], language, version);
    const made = { key, json: JSON.stringify(records).slice(1, -1), count: records.length };
    memo?.set(page.sections, made);
    return made;
  };
  function* json(): Iterable<string> {
    yield '[';
    let first = true;
    for (const page of pages) {
      yield `${first ? '' : ','}${part(page).json}`;
      first = false;
    }
    yield ']';
  }
  // One record for the page, one per section (`searchRecords`).
  return { json, count: pages.reduce((sum, page) => sum + 1 + page.sections.length, 0) };
}

/**
 * The local index's pages: the lead (text before the first heading) and one
 * section per heading, each with its text blocks joined. Headings are referred
 * to by their index in the page's manifest `headings`, matched by anchor id.
 */
export function localPages(pages: SearchPage[], memo?: WeakMap<Section[], LocalSection[]>): LocalPageInput[] {
  return pages.map((page) => {
    const known = memo?.get(page.sections);
    if (known) return { path: page.path, title: page.title, lvl0: page.lvl0, sections: known };
    const headingIndex = new Map((page.headings ?? []).map((h, i) => [h.id, i]));
    const lead: LocalSection = { heading: -1, text: '' };
    const sections: LocalSection[] = [lead];
    let current = lead;
    let order = 0;
    for (const section of page.sections) {
      const last = section.path[section.path.length - 1];
      if (section.text === null && last) {
        // Without the manifest's list (tests), headings count in document order.
        const heading = page.headings ? headingIndex.get(last.id) : order;
        order++;
        if (heading === undefined || heading <= sections[sections.length - 1]!.heading) continue;
        current = { heading, text: '' };
        sections.push(current);
      } else if (section.text) {
        // Records are cut at a length with '…'; the cut word would be noise in the index.
        const text = section.text.replace(/\S*…$/, '').trim();
        current.text = current.text ? `${current.text} ${text}` : text;
      }
    }
    if (memo) {
      // Analysed once per rendering: a rebuild re-analyses only the pages that changed.
      for (const section of sections) Object.assign(section, { terms: sectionTerms(section.text), snippet: snippetLead(section.text) });
      memo.set(page.sections, sections);
    }
    return { path: page.path, title: page.title, lvl0: page.lvl0, sections };
  });
}

/** Builds the serialized local index. */
export function localIndexJson(pages: LocalPageInput[]): string {
  return JSON.stringify(encodeLocalIndex(pages));
}
