import { describe, expect, it } from 'vitest';
import { ManifestShapeError, ManifestVersionError } from '../../../manifest/manifestErrors';
import { parseLocaleStrings, parseManifest, parseShard, parseSidebarShard } from '../../../manifest/parse';
import type { Manifest } from '../../../manifest/types';
import { makeDoc, makeManifest, makePage } from '../../helpers/manifestFixtures';

/** A valid manifest as untyped JSON, after a round trip through the wire format. */
const json = (manifest: Manifest = makeManifest({ pages: [makePage({ id: 'markdown-page' })] })): Record<string, unknown> =>
  JSON.parse(JSON.stringify(manifest)) as Record<string, unknown>;

describe('parseManifest', () => {
  it('accepts a valid manifest and returns it unchanged', () => {
    const input = json();
    expect(parseManifest(input)).toBe(input);
  });

  it('rejects a shell that is neither a file nor null, and a root whose shards have no first routes', () => {
    const { shell: _shell, ...older } = json();
    expect(() => parseManifest(older)).toThrow('manifest.json: shell is missing');
    expect(() => parseManifest({ ...json(), shell: 3 })).toThrow('manifest.json: shell is not a string');
    expect(() => parseManifest({ ...json(), shardStarts: [] })).toThrow('shardStarts does not name a first route per shard');
  });

  it('checks every field of every entry, nested ones included', () => {
    const input = json();
    ((input.docs as Record<string, Record<string, unknown>>).intro!.headings as unknown[]).push({ depth: 2, id: 'x' });
    expect(() => parseShard(input, 'abc.json')).toThrow('shard abc.json: docs.intro.headings[0].text is missing');
    const root = json();
    (root.versions as Record<string, unknown>[])[0]!.sidebars = { tutorialSidebar: [{ type: 'category', label: 'A', items: [{ type: 'doc' }] }] };
    expect(() => parseManifest(root)).toThrow(ManifestShapeError);
  });

  it('rejects another manifestVersion with ManifestVersionError', () => {
    let error: unknown;
    try {
      parseManifest({ ...json(), manifestVersion: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ManifestVersionError);
    expect(error).toMatchObject({ found: 1, expected: 9 });
    expect(() => parseManifest({ ...json(), manifestVersion: 1 })).toThrowErrorMatchingInlineSnapshot(
      `[ManifestVersionError: Manifest version \`1\` is not supported; this code reads version \`9\`. Reload to get the matching shell.]`,
    );
  });

  it('rejects a manifest without manifestVersion with ManifestVersionError', () => {
    const { manifestVersion: _v, ...rest } = json();
    expect(() => parseManifest(rest)).toThrow(ManifestVersionError);
    expect(() => parseManifest({ ...json(), manifestVersion: '1' })).toThrow(ManifestVersionError);
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'manifest'],
  ])('rejects %s', (_label, input) => {
    expect(() => parseManifest(input)).toThrow(ManifestShapeError);
  });

  it('names what is wrong and how to fix it', () => {
    const input = json();
    delete (input.docs as Record<string, Record<string, unknown>>).intro!.blob;
    expect(() => parseShard(input, 'abc.json')).toThrowErrorMatchingInlineSnapshot(
      `[ManifestShapeError: Invalid manifest: shard abc.json: docs.intro.blob is missing. Rebuild the content with \`npm run build:content\`.]`,
    );
  });

  it.each<[string, (m: Record<string, unknown>) => void]>([
    ['contentHash missing', (m) => delete m.contentHash],
    ['site without title', (m) => delete (m.site as Record<string, unknown>).title],
    ['site without baseUrl', (m) => delete (m.site as Record<string, unknown>).baseUrl],
    ['no versions', (m) => (m.versions = [])],
    ['search without entry', (m) => delete (m.search as Record<string, unknown>).entry],
    ['no shards', (m) => (m.shards = [])],
    ['a shard name that is no string', (m) => (m.shards = [1])],
    ['totals missing', (m) => delete m.totals],
    ['articlesIn unknown', (m) => (m.articlesIn = 'cdn')],
  ])('rejects a root with %s with ManifestShapeError', (_label, mutate) => {
    const input = json();
    mutate(input);
    expect(() => parseManifest(input)).toThrow(ManifestShapeError);
  });

  it.each<[string, (m: Record<string, unknown>) => void]>([
    ['docs as an array', (m) => (m.docs = [])],
    ['a doc that is not an object', (m) => ((m.docs as Record<string, unknown>).intro = 'intro')],
    ['a doc without headings', (m) => delete (m.docs as Record<string, Record<string, unknown>>).intro!.headings],
    ['a doc without codeLanguages', (m) => delete (m.docs as Record<string, Record<string, unknown>>).intro!.codeLanguages],
    ['a doc whose path is a number', (m) => ((m.docs as Record<string, Record<string, unknown>>).intro!.path = 1)],
    ['a page without source', (m) => delete (m.pages as Record<string, Record<string, unknown>>)['markdown-page']!.source],
    ['categories missing', (m) => delete m.categories],
    ['a route without kind', (m) => ((m.routes as Record<string, unknown>)['/docs/intro'] = {})],
    ['files missing', (m) => delete m.files],
    ['sources missing', (m) => delete m.sources],
  ])('rejects a shard with %s with ManifestShapeError', (_label, mutate) => {
    const input = json();
    mutate(input);
    expect(() => parseShard(input, 'abc.json')).toThrow(ManifestShapeError);
  });

  it('reads a sidebar shard, and rejects one without items', () => {
    const shard = { items: [{ type: 'doc', id: 'intro', label: 'Intro', path: '/docs/intro' }] };
    expect(parseSidebarShard(shard, 'x.json')).toBe(shard);
    expect(() => parseSidebarShard({}, 'x.json')).toThrow(ManifestShapeError);
  });

  it("reads a locale's blob, texts and sidebars by version and id, and rejects one without sidebars", () => {
    const blob = { strings: { 'theme.docs.paginator.next': 'Suivant' }, sidebars: { current: { tutorialSidebar: [] } } };
    expect(parseLocaleStrings(blob, 'fr.json')).toBe(blob);
    expect(() => parseLocaleStrings({ strings: {} }, 'fr.json')).toThrow('locale strings fr.json: sidebars is missing');
    expect(() => parseLocaleStrings({ strings: {}, sidebars: { current: { tutorialSidebar: {} } } }, 'fr.json')).toThrow(ManifestShapeError);
  });

  it('accepts what the factories produce for docs and pages alike', () => {
    const manifest = makeManifest({ docs: [makeDoc({ id: 'intro' }), makeDoc({ id: 'guides/setup' })], pages: [makePage({ id: 'about' })] });
    expect(() => parseManifest(json(manifest))).not.toThrow();
    expect(() => parseShard(json(manifest), 'abc.json')).not.toThrow();
  });
});
