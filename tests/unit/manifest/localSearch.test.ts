/** The local index's file format (issue 4): analysis, VLQ postings, encode and decode. */
import { describe, expect, it } from 'vitest';
import {
  analyze,
  decodeLocalIndex,
  decodePostings,
  encodeLocalIndex,
  encodePostings,
  indexTerm,
  LOCAL_FIELDS,
  LOCAL_INDEX_FORMAT,
  snippetLead,
  stem,
  unvlq,
  vlq,
  type LocalPageInput,
} from '../../../manifest/localSearch';

const pages: LocalPageInput[] = [
  {
    path: '/docs/auth',
    title: 'Authentication System',
    lvl0: 'Fundamentals',
    sections: [
      { heading: -1, text: 'Users sign in with OpenID Connect.' },
      { heading: 0, text: 'Tokens are refreshed by the middleware. Tokens expire.' },
      { heading: 2, text: 'Logout ends the session.' },
    ],
  },
  { path: '/docs/faq', title: 'FAQ', lvl0: 'Documentation', sections: [{ heading: -1, text: 'How do tokens work? See authentication.' }] },
];
const headings: Record<string, { depth: number; id: string; text: string }[]> = {
  '/docs/auth': [
    { depth: 2, id: 'tokens', text: 'Tokens' },
    { depth: 3, id: 'skipped', text: 'A heading without a section' },
    { depth: 3, id: 'logout', text: 'Logout flow' },
  ],
};

describe('analysis', () => {
  it('lower-cases, stems plurals and leaves out stop words, numbers, colours and code-ish tokens', () => {
    expect(analyze('The Permissions of 42 tenants, #3b82f6 and useGrantedPolicies')).toEqual(['permission', 'tenant', 'usegrantedpolicy']);
    expect(['status', 'access', 'analysis', 'redis', 'policies', 'pages'].map(stem)).toEqual(['status', 'access', 'analysis', 'redis', 'policy', 'page']);
    expect([indexTerm('a'), indexTerm('1200'), indexTerm('x'.repeat(30)), indexTerm('oauth2'), indexTerm('i18n')]).toEqual([null, null, null, 'oauth2', 'i18n']);
    expect(analyze('multi-tenancy')).toEqual(['multi', 'tenancy']);
  });

  it('cuts snippets at a word boundary', () => {
    expect(snippetLead('one two three four five six', 12)).toBe('one two');
    expect(snippetLead('  short  text ')).toBe('short text');
  });
});

describe('postings', () => {
  it('round-trips VLQ integers of any size', () => {
    const numbers = [0, 1, 31, 32, 1023, 1024, 123456789];
    expect(unvlq(numbers.map(vlq).join(''))).toEqual(numbers);
    expect(() => unvlq('A!')).toThrowErrorMatchingInlineSnapshot(`[Error: [docs] local search index: bad character \`!\` in \`A!\`]`);
  });

  it('delta-codes document ids with their term frequency', () => {
    const postings = new Map([[3, 1], [0, 2], [700, 5], [701, 1]]);
    const encoded = encodePostings(postings);
    expect(encoded).toBe('BAExrBDA');
    expect(decodePostings(encoded)).toEqual(new Map([[0, 2], [3, 1], [700, 5], [701, 1]]));
  });
});

describe('encode and decode', () => {
  const file = encodeLocalIndex(pages);
  const decoded = decodeLocalIndex(file, (path) => headings[path]);

  it('keeps text terms and snippets only; titles and headings come from the manifest', () => {
    expect(file.format).toBe(LOCAL_INDEX_FORMAT);
    expect(file.pages.map((p) => [p.path, p.title, p.lvl0])).toEqual([
      ['/docs/auth', 'Authentication System', 'Fundamentals'],
      ['/docs/faq', 'FAQ', 'Documentation'],
    ]);
    expect(file.terms.split(' ')).not.toContain('system');
    expect(file.terms.split(' ')).toContain('token');
    expect(file.snippets).toEqual(['Users sign in with OpenID Connect.', 'Tokens are refreshed by the middleware. Tokens expire.', 'Logout ends the session.', 'How do tokens work? See authentication.']);
  });

  it('rebuilds documents with their heading paths and every field', () => {
    expect(decoded.docs.map((d) => [d.page, d.heading, d.depth, d.path.map((h) => h.id)])).toEqual([
      [0, -1, 1, []],
      [0, 0, 2, ['tokens']],
      [0, 2, 3, ['tokens', 'logout']],
      [1, -1, 1, []],
    ]);
    const postings = (term: string, field: (typeof LOCAL_FIELDS)[number]) => {
      const p = decoded.postings[LOCAL_FIELDS.indexOf(field)]![decoded.terms.indexOf(term)];
      return p ? Object.fromEntries([...p.docs].map((doc, i) => [doc, p.tfs[i]])) : {};
    };
    expect(postings('token', 'text')).toEqual({ 1: 2, 3: 1 });
    expect(postings('token', 'heading')).toEqual({ 1: 1 });
    expect(postings('authentication', 'title')).toEqual({ 0: 1 });
    expect(postings('authentication', 'context')).toEqual({ 1: 1, 2: 1 });
    expect(postings('authentication', 'text')).toEqual({ 3: 1 });
    // Terms only found in titles and headings get ids after the file's.
    expect(decoded.terms.slice(0, file.terms.split(' ').length).join(' ')).toBe(file.terms);
    expect(decoded.terms).toContain('system');
    // Field lengths are distinct terms; averages count only the documents that have the field.
    expect([...decoded.fieldLength[LOCAL_FIELDS.indexOf('text')]!]).toEqual([4, 4, 3, 4]);
    expect(decoded.averageFieldLength[LOCAL_FIELDS.indexOf('title')]).toBe(1.5);
  });

  it('refuses another format and documents the manifest does not know', () => {
    expect(() => decodeLocalIndex({ ...file, format: 'other@9' }, () => [])).toThrowErrorMatchingInlineSnapshot(`[Error: [docs] local search index has format \`other@9\`; this shell reads \`abp-local-search@1\`.]`);
    expect(() => decodeLocalIndex(file, () => [])).toThrowErrorMatchingInlineSnapshot(`[Error: [docs] local search index: \`/docs/auth\` has no heading 0 in the manifest.]`);
  });

  it('wants every page to start with its lead, sections in heading order', () => {
    expect(() => encodeLocalIndex([{ ...pages[0]!, sections: [{ heading: 0, text: '' }] }])).toThrow(/must start with its lead section/);
    expect(() => encodeLocalIndex([{ ...pages[0]!, sections: [{ heading: -1, text: '' }, { heading: 2, text: '' }, { heading: 1, text: '' }] }])).toThrow(/not in heading order/);
  });
});
