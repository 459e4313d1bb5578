// llms.txt, llms-full.txt and each doc's markdown, with the full file left out when it grows too long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmsFiles, llmsRebuild, type LlmsDoc } from '../../node/llms';
import type { SidebarItem } from '../../manifest/types';
import type { SiteConfig } from '../../manifest/siteConfig';
import { useFixture, type FixtureProject } from '../helpers/build';
import { BuildSession } from '../../node/session';

describe('llmsFiles', () => {
  let project: FixtureProject;
  let site: SiteConfig;
  let sidebar: SidebarItem[];
  let docs: LlmsDoc[];
  beforeAll(async () => {
    project = useFixture('basic-site');
    const { manifest } = await project.buildContent();
    site = manifest.site;
    sidebar = manifest.versions[0]!.sidebars[site.docs.sidebarId]!;
    docs = Object.values(manifest.docs).map((doc) => ({ doc, body: `Text of ${doc.id}.\n` }));
  }, 60_000);
  afterAll(() => project.remove());

  it('writes llms-full.txt up to its size limit, and leaves it and its link out beyond', () => {
    const all = llmsFiles(site, sidebar, docs);
    const full = all.get('llms-full.txt')!;
    for (const { doc } of docs) expect(full).toContain(`Text of ${doc.id}.`);
    expect(all.get('llms.txt')).toContain('[llms-full.txt](https://antosubash.github.io/abp-react/llms-full.txt) holds every page in one file.');
    const bytes = Buffer.byteLength(full);
    expect(llmsFiles(site, sidebar, docs, { fullMaxBytes: bytes }).get('llms-full.txt')).toBe(full);
    const over = llmsFiles(site, sidebar, docs, { fullMaxBytes: bytes - 1 });
    expect(over.has('llms-full.txt')).toBe(false);
    expect(over.get('llms.txt')).not.toContain('llms-full.txt');
    expect(over.get('llms.txt')).toContain("Each link below is a page's markdown.\n");
    // Each doc's markdown stays at its route plus .md.
    expect([...over.keys()].filter((k) => k.endsWith('.md')).sort()).toEqual(docs.map(({ doc }) => `${doc.path.slice(1)}.md`).sort());
  });

  it("remakes a large site's files by difference as they would be made whole, and declines what it cannot", () => {
    const small = { pageLinks: true, fullMaxBytes: 10 };
    const [first, second] = docs as [LlmsDoc, LlmsDoc];
    const retitled = (doc: LlmsDoc, title: string): LlmsDoc => ({ doc: { ...doc.doc, title }, body: `${doc.body}More.\n` });
    // Each doc keyed by all it is, by id; the whole key stands for the sidebar.
    const keysOf = (list: LlmsDoc[], whole = 'sidebar') => ({ whole, each: new Map(list.map((d) => [d.doc.id, JSON.stringify(d)])) });
    const byId = (list: LlmsDoc[]) => (ids: string[]) => ids.map((id) => list.find((d) => d.doc.id === id)!);
    const session = new BuildSession();
    llmsFiles(site, sidebar, docs, { ...small, keys: keysOf(docs), session });
    // A doc's new title: its line changes.
    const edited = [retitled(second, 'Renamed'), ...docs.filter((d) => d !== second)];
    const remade = llmsRebuild(site, keysOf(edited), byId(edited), session);
    expect(remade?.get('llms.txt')).toContain('[Renamed]');
    expect(remade).toEqual(llmsFiles(site, sidebar, edited, small));
    // Made whole without keys, the files leave what a rebuild starts from alone.
    const again = [retitled(first, 'First'), ...edited.filter((d) => d.doc.id !== first.doc.id)];
    expect(llmsRebuild(site, keysOf(again), byId(again), session)).toEqual(llmsFiles(site, sidebar, again, small));
    // Not with another whole key (another sidebar), nor when docs came or went.
    expect(llmsRebuild(site, keysOf(again, 'another sidebar'), byId(again), session)).toBeNull();
    expect(llmsRebuild(site, keysOf(again.slice(1)), byId(again), session)).toBeNull();
  });
});
