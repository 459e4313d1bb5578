// https://github.com/antosubash/abp-react/issues/29 — the pre-paint script reads the site's own names, and the names stored before the scoping.
import { describe, expect, it } from 'vitest';
import { prePaintScript } from '../../../manifest/prePaint';
import { makeSiteConfig } from '../../helpers/manifest';

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
  it('collapses the sidebar and hides the announcement the site\'s reader closed, not another site\'s', () => {
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
