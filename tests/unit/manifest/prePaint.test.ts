// The pre-paint script (`manifest/prePaint.ts`), the one inline script the build writes from the
// site configuration: it reads the site's own names (and those stored unscoped), and no configured value ends it.
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_DISMISSED_KEY, prePaintScript, ROOT_FLAGS } from '../../../manifest/prePaint';
import { makeSiteConfig } from '../../helpers/manifestFixtures';

/** Runs the script against a stored `localStorage` and returns the attributes it set on `<html>`. */
function run(baseUrl: string, stored: Record<string, string>, bar: string | null = null): Record<string, string> {
  const site = makeSiteConfig({ baseUrl, ...(bar ? { announcementBar: { id: bar, content: 'News', isCloseable: true } } : {}) });
  const attributes: Record<string, string> = {};
  const documentElement = { setAttribute: (name: string, value: string) => void (attributes[name] = value) };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const matchMedia = () => ({ matches: false });
  new Function('document', 'localStorage', 'matchMedia', prePaintScript(site))({ documentElement }, localStorage, matchMedia);
  return attributes;
}

describe('prePaintScript', () => {
  it("collapses the sidebar and hides the announcement the site's reader closed, not another site's", () => {
    const stored = { 'docs-sidebar-hidden-/abp-two/': '1', 'docs-announcement-dismissed-/abp-two/': 'news-1' };
    expect(run('/abp-two/', stored, 'news-1')).toMatchObject({ 'data-sidebar-hidden': '', 'data-announcement-dismissed': '' });
    expect(run('/abp-react/', stored, 'news-1')).not.toHaveProperty('data-sidebar-hidden');
    expect(run('/abp-react/', stored, 'news-1')).not.toHaveProperty('data-announcement-dismissed');
  });

  it('reads what was stored before the scoping until the site stores its own, and the shared colour mode', () => {
    const before = { 'docs-sidebar-hidden': '1', theme: 'dark' };
    expect(run('/abp-react/', before)).toMatchObject({ 'data-sidebar-hidden': '', 'data-theme': 'dark', 'data-theme-choice': '' });
    // Expanded since, on this site: an empty value hides the old one.
    expect(run('/abp-react/', { ...before, 'docs-sidebar-hidden-/abp-react/': '' })).not.toHaveProperty('data-sidebar-hidden');
  });
});

/** Runs the script against a stand-in `<html>` and storage; returns the attributes it set. */
function runScript(script: string, stored: Record<string, string>): Record<string, string> {
  const attributes: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const matchMedia = () => ({ matches: false });
  new Function('document', 'localStorage', 'matchMedia', script)(document, localStorage, matchMedia);
  return attributes;
}

const HOSTILE = '</script><meta http-equiv=refresh content=1;url=https://example.invalid/phish><script>\u2028<!--&';

describe('prePaintScript with hostile values', () => {
  const site = {
    baseUrl: '/abp-react/',
    colorMode: { defaultMode: 'light' as const, disableSwitch: false, respectPrefersColorScheme: true },
    announcementBar: { id: HOSTILE, content: 'x', link: null, isCloseable: true },
  };

  it('writes configured values with <, >, &, U+2028 and U+2029 escaped, so none ends the script element', () => {
    const script = prePaintScript(site);
    // `&&` is the script's own operator; the configured `&` is escaped with the rest.
    expect(script).not.toMatch(/[<>\u2028\u2029]/);
    expect(script).toContain(
      '"\\u003c/script\\u003e\\u003cmeta http-equiv=refresh content=1;url=https://example.invalid/phish\\u003e\\u003cscript\\u003e\\u2028\\u003c!--\\u0026"',
    );
  });

  it('still compares the stored announcement id with the configured one, character for character', () => {
    expect(runScript(prePaintScript(site), { [ANNOUNCEMENT_DISMISSED_KEY]: HOSTILE })).toEqual({
      [ROOT_FLAGS.announcementDismissed]: '',
      'data-theme': 'light',
    });
    expect(runScript(prePaintScript(site), { [ANNOUNCEMENT_DISMISSED_KEY]: 'other' })).toEqual({ 'data-theme': 'light' });
  });
});
