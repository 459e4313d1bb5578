import { describe, expect, it } from 'vitest';
import { ManifestShapeError, ManifestVersionError } from '../../../manifest/errors';
import { parseManifest } from '../../../manifest/parse';
import type { Manifest } from '../../../manifest/types';
import { makeDoc, makeManifest, makePage } from '../../helpers/manifest';

/** A valid manifest as untyped JSON, after a round trip through the wire format. */
const json = (manifest: Manifest = makeManifest({ pages: [makePage({ id: 'markdown-page' })] })): Record<string, unknown> =>
  JSON.parse(JSON.stringify(manifest)) as Record<string, unknown>;

describe('parseManifest', () => {
  it('accepts a valid manifest and returns it unchanged', () => {
    const input = json();
    expect(parseManifest(input)).toBe(input);
  });

  it('rejects another manifestVersion with ManifestVersionError', () => {
    let error: unknown;
    try {
      parseManifest({ ...json(), manifestVersion: 2 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ManifestVersionError);
    expect(error).toMatchObject({ found: 2, expected: 1 });
    expect(() => parseManifest({ ...json(), manifestVersion: 2 })).toThrowErrorMatchingInlineSnapshot(`[ManifestVersionError: Manifest version \`2\` is not supported; this code reads version \`1\`. Reload to get the matching shell.]`);
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
    expect(() => parseManifest(input)).toThrowErrorMatchingInlineSnapshot(`[ManifestShapeError: Invalid manifest: docs["intro"].blob is not a string. Rebuild the content with \`npm run build:content\`.]`);
  });

  it.each<[string, (m: Record<string, unknown>) => void]>([
    ['contentHash missing', (m) => delete m.contentHash],
    ['site without title', (m) => delete (m.site as Record<string, unknown>).title],
    ['site without baseUrl', (m) => delete (m.site as Record<string, unknown>).baseUrl],
    ['no versions', (m) => (m.versions = [])],
    ['docs as an array', (m) => (m.docs = [])],
    ['a doc that is not an object', (m) => ((m.docs as Record<string, unknown>).intro = 'intro')],
    ['a doc without headings', (m) => delete (m.docs as Record<string, Record<string, unknown>>).intro!.headings],
    ['a doc without codeLanguages', (m) => delete (m.docs as Record<string, Record<string, unknown>>).intro!.codeLanguages],
    ['a doc whose path is a number', (m) => ((m.docs as Record<string, Record<string, unknown>>).intro!.path = 1)],
    ['a page without source', (m) => delete (m.pages as Record<string, Record<string, unknown>>)['markdown-page']!.source],
    ['categories missing', (m) => delete m.categories],
    ['a route without kind', (m) => ((m.routes as Record<string, unknown>)['/docs/intro'] = {})],
    ['search without index', (m) => delete (m.search as Record<string, unknown>).index],
  ])('rejects %s with ManifestShapeError', (_label, mutate) => {
    const input = json();
    mutate(input);
    expect(() => parseManifest(input)).toThrow(ManifestShapeError);
  });

  it('accepts what the factories produce for docs and pages alike', () => {
    const manifest = makeManifest({ docs: [makeDoc({ id: 'intro' }), makeDoc({ id: 'guides/setup' })], pages: [makePage({ id: 'about' })] });
    expect(() => parseManifest(json(manifest))).not.toThrow();
  });
});
