/**
 * Front matter `unlisted`, as Docusaurus has it: the doc is built and served at its route, but no sidebar, category
 * card, pagination, search index, search record, sitemap or llms file names it, and its page keeps search engines away.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, SidebarItem } from '../../manifest/types';
import { localSearchUrls, useFixture } from '../helpers/build';

/** Every route a sidebar tree links, depth first. */
const pathsOf = (items: SidebarItem[]): string[] =>
  items.flatMap((item) => {
    switch (item.type) {
      case 'doc':
        return [item.path];
      case 'category':
        return [...(item.path === null ? [] : [item.path]), ...pathsOf(item.items)];
      case 'link':
        return [item.href];
      case 'html':
        return [];
    }
  });

describe('fixture unlisted', () => {
  const project = useFixture('unlisted');
  let manifest: Manifest;
  beforeAll(async () => {
    await project.build();
    manifest = project.manifest();
  });
  afterAll(() => project.remove());

  it('builds without warnings', () => {
    expect(project.warnings).toEqual([]);
  });

  it('builds the doc as a page at its route, with its banner and a robots meta keeping search engines away', () => {
    expect(manifest.routes['/docs/guides/hidden']).toEqual({ kind: 'doc', id: 'guides/hidden' });
    expect(manifest.docs['guides/hidden']).toMatchObject({ unlisted: true, title: 'Hidden guide' });
    expect(manifest.docs['guides/first']!.unlisted).toBeUndefined();
    const html = project.read('docs/guides/hidden.html');
    expect(html).toContain('Quokkaflume is the word only this page has.');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<div class="version-banner unlisted-banner" role="note" aria-label="Unlisted page">/);
    expect(html).toContain('This page is unlisted. Search engines will not index it, and only users having a direct link can access it.');
    const listed = project.read('docs/guides/first.html');
    expect(listed).not.toContain('name="robots"');
    expect(listed).not.toContain('Unlisted page');
  });

  it('leaves it out of the sidebar, and a category left with no item and no page of its own with it', () => {
    const sidebar = manifest.versions[0]!.sidebars.tutorialSidebar!;
    expect(pathsOf(sidebar)).toEqual(['/docs/intro', '/docs/category/guides', '/docs/guides/first', '/docs/guides/last']);
    expect(sidebar.map((item) => (item.type === 'html' ? item.value : item.label))).toEqual(['Introduction', 'Guides']);
    // Its page still shows the sidebar it belongs to, open at its category.
    expect(manifest.docs['guides/hidden']).toMatchObject({ sidebar: 'tutorialSidebar', sidebarTop: 1, category: ['Guides'] });
    const html = project.read('docs/guides/hidden.html');
    expect(html).toContain('doc-sidebar');
    expect(html).not.toMatch(/<a[^>]*>Hidden guide<\/a>/);
  });

  it('leaves it out of its category index cards and out of pagination, where it has no neighbours either', () => {
    expect(manifest.categories.guides!.items.map((card) => card.path)).toEqual(['/docs/guides/first', '/docs/guides/last']);
    const around = (id: string) => [manifest.docs[id]!.previous?.path ?? null, manifest.docs[id]!.next?.path ?? null];
    expect(around('guides/first')).toEqual(['/docs/category/guides', '/docs/guides/last']);
    expect(around('guides/last')).toEqual(['/docs/guides/first', null]);
    expect(around('guides/hidden')).toEqual([null, null]);
    expect(around('secret/only')).toEqual([null, null]);
  });

  it('leaves it out of the sitemap and of llms.txt and llms-full.txt, and serves its markdown beside its page', () => {
    const sitemap = project.read('sitemap.xml');
    expect(sitemap).toContain('/abp-react/docs/guides/first<');
    expect(sitemap).not.toContain('/docs/guides/hidden');
    expect(sitemap).not.toContain('/docs/secret/only');
    for (const file of ['llms.txt', 'llms-full.txt']) {
      expect(project.read(file), file).toContain('/abp-react/docs/guides/first');
      expect(project.read(file), file).not.toContain('hidden');
      expect(project.read(file), file).not.toContain('Quokkaflume');
    }
    expect(project.read('docs/guides/hidden.md')).toContain('Quokkaflume');
  });

  it('leaves it out of the local search index and of the search records', async () => {
    expect(await localSearchUrls(project.read, manifest.search.entry, 'quokkaflume')).toEqual([]);
    expect(await localSearchUrls(project.read, manifest.search.entry, 'first guide')).toContain('/docs/guides/first');
    const records = readFileSync(join(project.dir, 'dist-search', 'records.json'), 'utf8');
    expect(records).toContain('/docs/guides/first');
    expect(records).not.toContain('/docs/guides/hidden');
    expect(records).not.toContain('Quokkaflume');
  });

  it('lists it again once the front matter no longer says so', async () => {
    project.write('docs/guides/hidden.md', readFileSync(join(project.contentDir, 'docs/guides/hidden.md'), 'utf8').replace('unlisted: true\n', ''));
    await project.build();
    const again = project.manifest();
    expect(again.docs['guides/hidden']!.unlisted).toBeUndefined();
    expect(pathsOf(again.versions[0]!.sidebars.tutorialSidebar!)).toContain('/docs/guides/hidden');
    expect(project.read('sitemap.xml')).toContain('/docs/guides/hidden');
    expect(project.read('docs/guides/hidden.html')).not.toContain('name="robots"');
  });
});
