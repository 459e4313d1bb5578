/** Search output: DocSearch-shaped records for Algolia and the local MiniSearch index. */
import MiniSearch from 'minisearch';
import { LOCAL_INDEX_OPTIONS, LOCAL_SNIPPET_CHARS, type LocalDoc } from '../../manifest/localSearch';
import type { SearchRecord } from '../../manifest/types';
import type { Section } from './render';

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
  /** Order of the page in the sidebar, for Algolia's custom ranking. */
  pageRank: number;
}

type Level = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** DocSearch records: one for the page, one per heading, one per text block. */
export function searchRecords(pages: SearchPage[], language: string, version: string): SearchRecord[] {
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

/** Local documents: one per heading section (its text blocks joined), plus the page lead. */
export function localDocs(pages: SearchPage[]): LocalDoc[] {
  const docs: LocalDoc[] = [];
  for (const page of pages) {
    let current: LocalDoc = { id: docs.length, url: page.path, lvl0: page.lvl0, title: page.title, heading: '', depth: 1, text: '', snippet: '' };
    docs.push(current);
    for (const section of page.sections) {
      const last = section.path[section.path.length - 1];
      if (section.text === null && last) {
        current = { id: docs.length, url: `${page.path}#${last.id}`, lvl0: page.lvl0, title: page.title, heading: last.text, depth: last.depth, text: '', snippet: '' };
        docs.push(current);
      } else if (section.text) {
        current.text = current.text ? `${current.text} ${section.text}` : section.text;
      }
    }
  }
  return docs;
}

/** Builds the serialized MiniSearch index. */
export function localIndexJson(docs: LocalDoc[]): string {
  const index = new MiniSearch<LocalDoc>(LOCAL_INDEX_OPTIONS);
  for (const doc of docs) {
    index.add({ ...doc, snippet: doc.text.length > LOCAL_SNIPPET_CHARS ? doc.text.slice(0, LOCAL_SNIPPET_CHARS) + '…' : doc.text });
  }
  return JSON.stringify(index);
}
