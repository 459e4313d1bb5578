/**
 * `llms.txt` and `llms-full.txt` (the llmstxt.org convention): the
 * site's title and tagline, then one line per doc with its title, the URL of
 * its markdown and its description; the full file holds every doc's markdown
 * (up to `LLMS_FULL_MAX_BYTES`).
 * Each doc's markdown is also served beside its page, at the route plus `.md`
 * (`/docs/intro` → `/docs/intro.md`), the stable URL the lines link to. A
 * large site deploys no markdown (`LARGE_SITE_ROUTES` in `html.ts`): its lines
 * link the pages themselves.
 */
import { absoluteUrl } from '../manifest/paths';
import type { SiteConfig } from '../manifest/siteConfig';
import type { ManifestDoc, SidebarItem } from '../manifest/types';
import { BuildSession, changedEntries, slot, type EntryKeys } from './session';

/** What the files need to know of one doc. */
export interface LlmsDoc {
  doc: ManifestDoc;
  /** The markdown body, without front matter. */
  body: string;
}

/**
 * Up to this size `llms-full.txt` is written. A larger one fits no model's
 * context and would be a good part of the deploy; there
 * llms.txt's links to each page's markdown are the way in.
 */
const LLMS_FULL_MAX_BYTES = 8 * 2 ** 20;

/** The markdown file of a doc below `dist/`: `docs/intro.md`. */
export const markdownFileOf = (path: string) => `${path.slice(1)}.md`;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A doc's line in llms.txt, and the head of its part of llms-full.txt (`source`, then its markdown as served). */
interface DocLine {
  text: string;
  source: string;
}

/** A doc's markdown as served: its body, with the title as `# heading` when the body has none. */
export function docMarkdown({ doc, body }: LlmsDoc): string {
  // `trimEnd`, not `/\s*$/`: the regex tries every position of the body (a quarter of a second at 10,000 docs).
  const text = `${body.replace(/^\s*\n/, '').trimEnd()}\n`;
  return doc.hasH1 ? text : `# ${oneLine(doc.title)}\n\n${text}`;
}

/** Doc ids by section: top-level docs under the site's docs, each top-level category's docs under its label. */
function sections(sidebar: SidebarItem[], docs: Record<string, ManifestDoc>): { title: string; ids: string[] }[] {
  const collect = (items: SidebarItem[]): string[] =>
    items.flatMap((item) => (item.type === 'doc' ? [item.id] : item.type === 'category' ? collect(item.items) : []));
  const top: string[] = [];
  const out: { title: string; ids: string[] }[] = [];
  for (const item of sidebar) {
    if (item.type === 'doc') top.push(item.id);
    else if (item.type === 'category') out.push({ title: item.label, ids: collect(item.items) });
  }
  const listed = new Set([...top, ...out.flatMap((s) => s.ids)]);
  // Docs in no sidebar are docs all the same.
  top.push(...Object.keys(docs).filter((id) => !listed.has(id)));
  return [{ title: 'Docs', ids: top }, ...out].filter((s) => s.ids.length > 0);
}

/** How the files are written. */
export interface LlmsOptions {
  /** Link each doc's page instead of writing its `.md` beside it (a large site). */
  pageLinks?: boolean;
  /** Up to this size `llms-full.txt` is written. */
  fullMaxBytes?: number;
  /**
   * What the docs' lines and markdown are made from: a key of the sidebar and of what the docs' entries read
   * besides their sources, and each source's key (`RoutePlan.keys`). Files made with keys may be remade by
   * difference next time (`llmsRebuild`).
   */
  keys?: EntryKeys | null;
  /** What the build keeps (`BuildSession`); without it, nothing is kept. */
  session?: BuildSession;
}

/**
 * The last files made with page links and without `llms-full.txt` (a large site's), with the keys they were
 * made from and what they were made of: each section's lines, where each doc's line is, and the parts of
 * llms-full.txt counted before it was found too long (by doc id, and their sum).
 */
interface LlmsState {
  keys: EntryKeys;
  fullMaxBytes: number;
  head: string[];
  sections: { title: string; lines: string[]; text: string }[];
  at: Map<string, [number, number]>;
  counted: Map<string, number>;
  fullBytes: number;
  out: Map<string, string>;
}

const LAST_LLMS = slot<LlmsState | null>('llms:last');

const sectionText = (title: string, lines: string[]) => `## ${oneLine(title)}\n\n${lines.join('\n')}\n`;

/**
 * A doc's line, a product of the doc's path, title and description and `linkKey` (page links or not, the site's URL
 * and base), which `url` reads.
 */
function lineOf(session: BuildSession, doc: ManifestDoc, linkKey: string, url: (path: string) => string, pageLinks: boolean): DocLine {
  return session.keptProduct(
    'llmsLine',
    () => JSON.stringify([doc.path, doc.title, doc.description, linkKey]),
    () => {
      const href = pageLinks ? url(doc.path) : `${url(doc.path)}.md`;
      const description = oneLine(doc.description);
      return {
        text: `- [${oneLine(doc.title).replace(/[[\]]/g, '\\$&')}](${href})${description ? `: ${description}` : ''}`,
        source: `---\n\nSource: ${url(doc.path)}\n\n`,
      };
    },
    { owner: doc.id },
  );
}

/**
 * The markdown of a doc as served and the bytes of its part of llms-full.txt: a product of its line's head, its
 * title, whether it has an h1, and its body, which its blob's name hashes (both are the published markdown).
 */
function servedOf(session: BuildSession, line: DocLine, entry: LlmsDoc): { markdown: string; bytes: number } {
  const { doc } = entry;
  return session.keptProduct(
    'llmsServed',
    () => JSON.stringify([doc.blob, doc.title, doc.hasH1, line.source]),
    () => {
      const markdown = docMarkdown(entry);
      return { markdown, bytes: Buffer.byteLength(line.source) + Buffer.byteLength(markdown) + 1 };
    },
    { bytes: (served) => served.markdown.length, owner: doc.id },
  );
}

/**
 * The files of a build made by difference from the last files with keys (`LlmsOptions.keys`), a large site's
 * (page links, no llms-full.txt, which stays too long): the lines of the docs whose keys differ (`changedOf`
 * gives those docs by source path) are made again. Null when the whole key differs or docs came or went, and
 * `llmsFiles` makes them all.
 */
export function llmsRebuild(site: SiteConfig, keys: EntryKeys, changedOf: (rels: string[]) => LlmsDoc[], session: BuildSession): Map<string, string> | null {
  const last = session.last(LAST_LLMS);
  const changedRels = last && changedEntries(last.keys, keys);
  if (!changedRels) return null;
  const changed = changedOf(changedRels);
  const url = (path: string) => absoluteUrl(site.url, path, site.baseUrl);
  const linkKey = `true\0${site.url}\0${site.baseUrl}`;
  const sections = [...last.sections];
  const counted = new Map(last.counted);
  let fullBytes = last.fullBytes;
  let edited = false;
  for (const entry of changed) {
    const place = last.at.get(entry.doc.id);
    if (!place) return null;
    const line = lineOf(session, entry.doc, linkKey, url, true);
    const bytes = counted.get(entry.doc.id);
    if (bytes !== undefined) {
      const now = servedOf(session, line, entry).bytes;
      fullBytes += now - bytes;
      counted.set(entry.doc.id, now);
    }
    const [s, i] = place;
    if (sections[s]!.lines[i] === line.text) continue;
    const lines = [...sections[s]!.lines];
    lines[i] = line.text;
    sections[s] = { title: sections[s]!.title, lines, text: sectionText(sections[s]!.title, lines) };
    edited = true;
  }
  // Short enough now for llms-full.txt: made whole.
  if (fullBytes <= last.fullMaxBytes) return null;
  const out = edited ? new Map([['llms.txt', [...last.head, ...sections.map((section) => section.text)].join('\n')]]) : last.out;
  session.remember(LAST_LLMS, { ...last, keys, sections, counted, fullBytes, out });
  return out;
}

/** `llms.txt`, `llms-full.txt` (unless longer than `fullMaxBytes`) and every doc's `.md` (unless `pageLinks`), by path below `dist/`. */
export function llmsFiles(
  site: SiteConfig,
  sidebar: SidebarItem[],
  docs: LlmsDoc[],
  { pageLinks = false, fullMaxBytes = LLMS_FULL_MAX_BYTES, keys = null, session = new BuildSession({ keeps: false }) }: LlmsOptions = {},
): Map<string, string> {
  const byId = new Map(docs.map((d) => [d.doc.id, d]));
  const manifestDocs = Object.fromEntries(docs.map((d) => [d.doc.id, d.doc]));
  const url = (path: string) => absoluteUrl(site.url, path, site.baseUrl);
  const out = new Map<string, string>();
  const header = `# ${oneLine(site.title)}\n\n> ${oneLine(site.tagline)}\n`;
  let fullBytes = Buffer.byteLength(header);
  // What a doc's line is made from besides its entry.
  const linkKey = `${pageLinks}\0${site.url}\0${site.baseUrl}`;
  const parts: string[] = [];
  const made: LlmsState['sections'] = [];
  const at = new Map<string, [number, number]>();
  const counted = new Map<string, number>();
  for (const section of sections(sidebar, manifestDocs)) {
    const lines: string[] = [];
    for (const id of section.ids) {
      const entry = byId.get(id);
      if (!entry) continue;
      const line = lineOf(session, entry.doc, linkKey, url, pageLinks);
      at.set(id, [made.length, lines.length]);
      lines.push(line.text);
      // The markdown is for the file beside the page and for llms-full.txt: on a large site past the limit, for neither.
      if (pageLinks && fullBytes > fullMaxBytes) continue;
      const { markdown, bytes } = servedOf(session, line, entry);
      if (!pageLinks) out.set(markdownFileOf(entry.doc.path), markdown);
      // Counted until it is too long; the parts are joined only if the whole fits.
      if (fullBytes <= fullMaxBytes) {
        fullBytes += bytes;
        counted.set(id, bytes);
        parts.push(`${line.source}${markdown}`);
      }
    }
    made.push({ title: section.title, lines, text: sectionText(section.title, lines) });
  }
  const withFull = fullBytes <= fullMaxBytes;
  const links = pageLinks ? 'Each link below is a page.' : "Each link below is a page's markdown.";
  const head = [header, withFull ? `${links} [llms-full.txt](${url('/llms-full.txt')}) holds every page in one file.\n` : `${links}\n`];
  out.set('llms.txt', [...head, ...made.map((section) => section.text)].join('\n'));
  if (withFull) out.set('llms-full.txt', [header, ...parts].join('\n'));
  // A large site's files can be made by difference next time (`llmsRebuild`).
  if (keys) session.remember(LAST_LLMS, pageLinks && !withFull ? { keys, fullMaxBytes, head, sections: made, at, counted, fullBytes, out } : null);
  return out;
}
