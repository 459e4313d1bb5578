/** The one HTML escaper: content and double-quoted attributes safe, a policy's quotes kept for servers that copy it. */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../manifest/escapeHtml';

describe('escapeHtml', () => {
  it('escapes what ends text or a double-quoted attribute, and leaves the rest', () => {
    expect(escapeHtml('<a href="x">Tom & Jerry</a>')).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml("default-src 'self'")).toBe("default-src 'self'");
    expect(escapeHtml('plain')).toBe('plain');
  });
});
