// llms.txt, llms-full.txt and each doc's markdown (issue 16), with the full file left out when it grows too long (issue 15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmsFiles, type LlmsDoc } from '../../src/build/llms';
import type { SidebarItem } from '../../manifest/types';
import type { SiteConfig } from '../../manifest/siteConfig';
import { useFixture, type FixtureProject } from '../helpers/build';

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
});
