import { describe, expect, it } from 'vitest';
import { ADMONITIONS, admonitionKeywords, admonitionLook } from '../../../manifest/admonitions';

describe('admonitionKeywords', () => {
  it('reads Docusaurus’s keywords and a site’s own after them, once each', () => {
    expect(admonitionKeywords(undefined)).toEqual(Object.keys(ADMONITIONS));
    expect(admonitionKeywords({ keywords: ['discord', 'tip'] })).toEqual([...Object.keys(ADMONITIONS), 'discord']);
  });

  it('reads only the site’s own when it drops the defaults', () => {
    expect(admonitionKeywords({ keywords: ['tip', 'discord'], extendDefaults: false })).toEqual(['tip', 'discord']);
    expect(admonitionKeywords({ extendDefaults: false })).toEqual([]);
  });
});

describe('admonitionLook', () => {
  it('draws a default type as itself and a site’s own keyword as info, titled with the keyword', () => {
    expect(admonitionLook('warning')).toEqual({ type: 'warning', label: 'Warning' });
    expect(admonitionLook('secondary')).toEqual({ type: 'secondary', label: 'Note' });
    expect(admonitionLook('discord')).toEqual({ type: 'info', label: 'Discord' });
  });
});
