/** The pre-paint script (`manifest/prePaint.ts`): the one inline script the build writes from the site configuration. */
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_DISMISSED_KEY, prePaintScript, ROOT_FLAGS } from '../../../manifest/prePaint';

/** Runs the script against a stand-in `<html>` and storage; returns the attributes it set. */
function run(script: string, stored: Record<string, string>): Record<string, string> {
  const attributes: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const matchMedia = () => ({ matches: false });
  new Function('document', 'localStorage', 'matchMedia', script)(document, localStorage, matchMedia);
  return attributes;
}

const HOSTILE = '</script><meta http-equiv=refresh content=1;url=https://example.invalid/phish><script>\u2028<!--&';

describe('prePaintScript', () => {
  const site = { colorMode: { defaultMode: 'light' as const, disableSwitch: false, respectPrefersColorScheme: true }, announcementBar: { id: HOSTILE, content: 'x', link: null, isCloseable: true } };

  it('writes configured values with <, >, &, U+2028 and U+2029 escaped, so none ends the script element', () => {
    const script = prePaintScript(site);
    // `&&` is the script's own operator; the configured `&` is escaped with the rest.
    expect(script).not.toMatch(/[<>\u2028\u2029]/);
    expect(script).toContain('"\\u003c/script\\u003e\\u003cmeta http-equiv=refresh content=1;url=https://example.invalid/phish\\u003e\\u003cscript\\u003e\\u2028\\u003c!--\\u0026"');
  });

  it('still compares the stored announcement id with the configured one, character for character', () => {
    expect(run(prePaintScript(site), { [ANNOUNCEMENT_DISMISSED_KEY]: HOSTILE })).toEqual({ [ROOT_FLAGS.announcementDismissed]: '', 'data-theme': 'light' });
    expect(run(prePaintScript(site), { [ANNOUNCEMENT_DISMISSED_KEY]: 'other' })).toEqual({ 'data-theme': 'light' });
  });
});
