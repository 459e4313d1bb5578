/** The render cache: an unchanged page is never rendered twice. */
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildSession, type ContentBuildResult } from '../../build';
import type { ManifestRoot } from '../../manifest/types';
import { outputData, type OutputData } from '../../node/output';
import { LAST_PAGES } from '../../node/assembleManifest';
import { useFixture, type FixtureProject } from '../helpers/build';
import { ProblemLog } from '../../node/problems';
import { planRoutes } from '../../node/docs';
import { readContent } from '../../node/sources';

/** The search files of a build, by name. */
const searchFiles = (files: Map<string, OutputData>) =>
  Promise.all([...files].filter(([name]) => name.startsWith('search/')).map(async ([name, data]) => [name, String(await outputData(data))] as const));

describe('incremental content build', () => {
  let project: FixtureProject;
  afterEach(() => project.remove());

  it('finds no page changed when nothing did, on a site with locales and untranslated copies', () => {
    project = useFixture('localized-site');
    const session = new BuildSession();
    const log = new ProblemLog();
    const first = planRoutes(readContent(project.contentDir, undefined, log, session), log, session);
    expect(first.docs.some((d) => d.file.untranslated)).toBe(true);
    const second = planRoutes(readContent(project.contentDir, undefined, log, session), log, session);
    expect([...second.keys]).toEqual([...first.keys]);
  });

  it('renders 0 pages when nothing changed and exactly 1 after one edit', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    expect((await project.buildContent({ session })).rendered).toBe(4);
    expect((await project.buildContent({ session })).rendered).toBe(0);
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n');
    const third = await project.buildContent({ session });
    expect(third.rendered).toBe(1);
    expect(third.manifest.docs['guides/deploy']!.description).toBe('Ship it.');
    // The cache holds this build's renderings only.
    expect(session.renders.size).toBe(4);
  });

  it('gives a page whose file is written again with the same text its new modification time, as a one-off build does', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    const file = join(project.contentDir, 'docs/guides/deploy.md');
    const later = new Date(statSync(file).mtime.getTime() + 60_000);
    utimesSync(file, later, later);
    const rebuilt = (await project.buildContent({ session })).manifest.docs['guides/deploy']!;
    expect(rebuilt.lastModified).toBe(later.toISOString());
    expect(rebuilt).toEqual((await project.buildContent()).manifest.docs['guides/deploy']);
  });

  it('makes every product whose inputs a site.config.json edit changes again, as a one-off build does', async () => {
    project = useFixture('basic-site');
    // With `check`, a product taken under a key that misses the edited value throws (`StaleProductError`).
    const session = new BuildSession({ check: true });
    await project.buildContent({ session });
    const edits: ((config: { title: string; tagline: string; url: string; editUrl: string; docs: { versionLabel: string } }) => void)[] = [
      (config) => (config.docs.versionLabel = 'Edited'),
      (config) => (config.editUrl = 'https://example.com/edit/'),
      (config) => (config.url = 'https://docs.example.com'),
      (config) => (config.title = 'Edited title'),
      (config) => (config.tagline = 'An edited tagline'),
    ];
    for (const edit of edits) {
      const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8'));
      edit(config);
      project.write('site.config.json', JSON.stringify(config, null, 2));
      const rebuilt = await project.buildContent({ session });
      const oneOff = await project.buildContent();
      expect(rebuilt.manifest).toEqual(oneOff.manifest);
      expect(await searchFiles(rebuilt.files)).toEqual(await searchFiles(oneOff.files));
    }
  });

  it('reads again a file written since, though its size is the same, and only that one', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n');
    await project.buildContent({ session });
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nSend it.\n');
    const edited = await project.buildContent({ session });
    expect(edited.rendered).toBe(1);
    expect(edited.manifest.docs['guides/deploy']!.description).toBe('Send it.');
    // Written back as it was, with a modification time a second earlier: a change all the same.
    const file = join(project.contentDir, 'docs/guides/deploy.md');
    writeFileSync(file, '---\ntitle: Deploy\n---\n\nShip it.\n');
    const { mtime } = statSync(file);
    utimesSync(file, mtime, new Date(mtime.getTime() - 1000));
    expect((await project.buildContent({ session })).manifest.docs['guides/deploy']!.description).toBe('Ship it.');
  });

  it('renders a new page alone, and again the pages whose links it changes', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    project.write('docs/guides/new.md', '---\ntitle: New\n---\n\nNew page.\n');
    expect((await project.buildContent({ session })).rendered).toBe(1);
    expect(session.renders.size).toBe(5);
    // A page linking to the new one, then the new one moved by its slug: the link's page renders again.
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nSee [the new page](./new.md).\n');
    expect((await project.buildContent({ session })).rendered).toBe(1);
    project.write('docs/guides/new.md', '---\ntitle: New\nslug: /moved\n---\n\nNew page.\n');
    const moved = await project.buildContent({ session });
    expect(moved.rendered).toBe(2);
    expect(moved.files.get(`blobs/${moved.manifest.docs['guides/deploy']!.article}`)).toContain('href="../moved"');
    expect(session.renders.size).toBe(5);
  });

  it('writes the same search files after an edit as a build from nothing', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip the site to any static host.\n\n## Rollback\n\nKeep the previous folder.\n');
    const rebuilt = await searchFiles((await project.buildContent({ session })).files);
    expect(
      rebuilt
        .filter(([name]) => name.startsWith('search/f.'))
        .map(([, text]) => text)
        .join(''),
    ).toContain('folder');
    expect(rebuilt).toEqual(await searchFiles((await project.buildContent()).files));
  });

  it('writes the same search files and records when the build keeps nothing for a next one', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip the site.\n\n## Rollback\n\nKeep the previous folder.\n');
    // The same files, named by their hashes either way.
    const output = async (result: ContentBuildResult) => ({
      search: await searchFiles(result.files),
      records: [...result.records()].join(''),
      count: result.manifest.search.count,
    });
    const kept = await project.buildContent({ session });
    const remembered = await output(kept);
    expect(JSON.parse(remembered.records)).toHaveLength(remembered.count);
    expect(remembered.records).toContain('Keep the previous folder.');
    const once = await project.buildContent({});
    expect(await output(once)).toEqual(remembered);
    const entry = remembered.search.find(([name]) => name === once.manifest.search.entry)!;
    expect(once.manifest.search.entry).toBe(`search/entry.${createHash('sha256').update(entry[1]).digest('hex').slice(0, 12)}.json`);
    expect(kept.manifest.search.entry).toBe(once.manifest.search.entry);
  });

  it.each([
    ['each page in blobs', undefined],
    ['each page in its route only (a large site)', 0],
  ])('writes the same manifest, shards and files after each kind of edit as a one-off build, %s', async (_, largeSiteRoutes) => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    // The root, the shards, the blobs and the local index's files, and the names of every file.
    const manifestFiles = async (result: ContentBuildResult) => {
      const root = JSON.parse(String(await outputData(result.files.get('_app/manifest.json')!))) as ManifestRoot;
      return {
        search: await searchFiles(result.files),
        records: [...result.records()].join(''),
        names: [...result.files.keys()].sort(),
        blobs: Object.fromEntries(
          await Promise.all(
            [...result.files]
              .filter(([name]) => /^blobs\/.*\.(md|html)$/.test(name))
              .map(async ([name, data]) => [name, String(await outputData(data))] as const),
          ),
        ),
        shards: Object.fromEntries(
          await Promise.all(
            [...result.files].filter(([name]) => /^blobs\/.*\.json$/.test(name)).map(async ([name, data]) => [name, String(await outputData(data))] as const),
          ),
        ),
        root,
      };
    };
    await project.buildContent({ session, largeSiteRoutes });
    const edits: [string, () => void][] = [
      ['a body', () => project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n\n## Rollback\n\nKeep the folder.\n')],
      // The same title and description: the sidebar and neighbours stay, the page's headings and article change.
      [
        'a body below its first paragraph',
        () => project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n\n## Rollback\n\nKeep the old folder.\n\n## Logs\n\nRead them.\n'),
      ],
      // The same again, and this time the page shows a file: the site copies it, the page's shard lists it.
      [
        'an image below its first paragraph',
        () => project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n\n## Rollback\n\n![The logo](/img/logo.svg)\n'),
      ],
      // Its neighbours' previous and next links name it.
      ['a title', () => project.write('docs/guides/deploy.md', '---\ntitle: Shipping\n---\n\nShip it.\n')],
      ['a sidebar label', () => project.write('docs/guides/deploy.md', '---\ntitle: Shipping\nsidebar_label: Ship\n---\n\nShip it.\n')],
      // The same title and label, another place in the sidebar and so other neighbours.
      ['a sidebar position', () => project.write('docs/guides/deploy.md', '---\ntitle: Shipping\nsidebar_label: Ship\nsidebar_position: 1\n---\n\nShip it.\n')],
      // The same files, another route.
      ['a slug', () => project.write('docs/guides/deploy.md', '---\ntitle: Shipping\nsidebar_label: Ship\nslug: /shipping\n---\n\nShip it.\n')],
      // A new route: every link is resolved against new tables.
      ['a new page', () => project.write('docs/guides/rollback.md', '---\ntitle: Rollback\n---\n\nSee [deploy](./deploy.md).\n')],
      ['a removed page', () => rmSync(join(project.contentDir, 'docs/guides/rollback.md'))],
    ];
    for (const [what, edit] of edits) {
      edit();
      const kept = await manifestFiles(await project.buildContent({ session, largeSiteRoutes }));
      expect(kept, what).toEqual(await manifestFiles(await project.buildContent({ largeSiteRoutes })));
    }
  });

  it('titles a page from its file name once its heading goes, and from its heading again once it has one', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    project.write('docs/guides/deploy.md', 'No heading here.\n');
    expect((await project.buildContent({ session })).manifest.docs['guides/deploy']!.title).toBe('deploy');
    project.write('docs/intro.md', '---\ntitle: Intro\n---\n\nAnother edit.\n');
    expect((await project.buildContent({ session })).manifest.docs['guides/deploy']!.title).toBe('deploy');
    project.write('docs/guides/deploy.md', '# Deploy\n\nShip it.\n');
    expect((await project.buildContent({ session })).manifest.docs['guides/deploy']!.title).toBe('Deploy');
  });

  it('looks only at the files a watcher names, and builds what a one-off build does', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    const description = (result: ContentBuildResult) => result.manifest.docs['guides/deploy']?.description;
    const mkdir = (rel: string) => mkdirSync(join(project.contentDir, rel), { recursive: true });
    await project.buildContent({ session });
    // A file written but not named is taken as read before; named, it is read.
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nShip it.\n');
    expect(description(await project.buildContent({ session, changed: [] }))).not.toBe('Ship it.');
    expect(description(await project.buildContent({ session, changed: ['docs/guides/deploy.md'] }))).toBe('Ship it.');
    const steps: [string, string[], () => void][] = [
      ['a new file', ['docs/guides/rollback.md'], () => project.write('docs/guides/rollback.md', '---\ntitle: Rollback\n---\n\nSee [deploy](./deploy.md).\n')],
      [
        'a new folder, named alone',
        ['docs/more'],
        () => {
          mkdir('docs/more');
          project.write('docs/more/extra.md', '---\ntitle: Extra\n---\n\nMore.\n');
        },
      ],
      [
        'a file in a folder renamed',
        ['docs/more', 'docs/moved'],
        () => renameSync(join(project.contentDir, 'docs/more'), join(project.contentDir, 'docs/moved')),
      ],
      ['a removed file', ['docs/guides/rollback.md'], () => rmSync(join(project.contentDir, 'docs/guides/rollback.md'))],
      ['a removed folder', ['docs/moved'], () => rmSync(join(project.contentDir, 'docs/moved'), { recursive: true })],
      ['names a build does not list', ['.git/index', 'docs/.deploy.md.swp', 'docs/guides/gone.md'], () => project.write('docs/.deploy.md.swp', 'x')],
    ];
    for (const [what, changed, edit] of steps) {
      edit();
      const told = await project.buildContent({ session, changed });
      const once = await project.buildContent({});
      expect(Object.keys(told.manifest.routes).sort(), what).toEqual(Object.keys(once.manifest.routes).sort());
      expect(told.manifest.docs, what).toEqual(once.manifest.docs);
    }
  });

  it('renders again when an asset a link may point at appears', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    project.write('docs/guides/deploy.md', '---\ntitle: Deploy\n---\n\nSee [the diagram](/img/diagram.svg).\n');
    await expect(project.buildContent({ session })).rejects.toThrow(/link to "\/img\/diagram.svg" matches no page/);
    writeFileSync(join(project.contentDir, 'img', 'diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const result = await project.buildContent({ session });
    expect(String(await outputData(result.files.get('docs/guides/deploy.html')!))).toContain('<a href="/abp-react/img/diagram.svg">the diagram</a>');
  });
});

describe('what a session keeps', () => {
  let project: FixtureProject;
  afterEach(() => project.remove());

  it('keeps the articles of the pages there are, not those of every edit before', async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    await project.buildContent({ session });
    for (let i = 1; i <= 5; i++) {
      project.write('docs/guides/deploy.md', `---\ntitle: Deploy\n---\n\nShip it, take ${i}.\n`);
      await project.buildContent({ session, changed: ['docs/guides/deploy.md'] });
    }
    const kept = session.last(LAST_PAGES)!;
    expect(kept.articles.size).toBe(4);
    expect([...kept.articles.values()].filter((html) => html().includes('take 5'))).toHaveLength(1);
    expect([...kept.articles.values()].some((html) => html().includes('take 4'))).toBe(false);
  });

  it("makes a build's route HTML as that build had it after the next build has changed the page", async () => {
    project = useFixture('basic-site');
    const session = new BuildSession();
    project.write('docs/guides/deploy.md', `---\ntitle: Deploy\n---\n\nShip it.\n\n## Steps\n\nThe first take.\n`);
    const first = await project.buildContent({ session });
    project.write('docs/guides/deploy.md', `---\ntitle: Deploy\n---\n\nShip it.\n\n## Steps\n\nThe second take.\n`);
    const second = await project.buildContent({ session, changed: ['docs/guides/deploy.md'] });
    // The dev server may still serve the first build's documents while the second runs.
    expect(String(await outputData(first.files.get('docs/guides/deploy.html')!))).toContain('first take');
    expect(String(await outputData(second.files.get('docs/guides/deploy.html')!))).toContain('second take');
  });
});
