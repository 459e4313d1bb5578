import { describe, expect, it } from 'vitest';
import { siteComponentElement, siteComponentRef } from '../../../manifest/siteComponents';

describe('siteComponentRef', () => {
  it("reads a mark's chunk and export, the default export when none is named", () => {
    expect(siteComponentRef('assets/site/src-components-Box-AB12CD.js#Row')).toEqual({ chunk: 'assets/site/src-components-Box-AB12CD.js', name: 'Row' });
    expect(siteComponentRef('assets/site/Box-AB12CD.js')).toEqual({ chunk: 'assets/site/Box-AB12CD.js', name: 'default' });
  });

  it('refuses a mark that names no chunk of the build: another folder, another origin, a climb out', () => {
    for (const mark of [
      'assets/main-AB12.js#default',
      '//evil.example/x.js',
      'https://evil.example/assets/site/x.js',
      'assets/site/../main.js',
      'assets/site/x.js#a-b',
      'assets/site/x.css',
    ])
      expect(siteComponentRef(mark), mark).toBeNull();
  });
});

describe('siteComponentElement', () => {
  const createElement = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });

  it("gives the component its props, and the page's markup as its one child, in a span for running text", () => {
    const component = () => null;
    expect(siteComponentElement(createElement, component, { title: 'Careful' }, null)).toEqual({ type: component, props: { title: 'Careful' }, children: [] });
    expect(siteComponentElement(createElement, component, {}, { html: '<em>hi</em>', inline: true })).toEqual({
      type: component,
      props: {},
      children: [{ type: 'span', props: { 'data-site-children': '', dangerouslySetInnerHTML: { __html: '<em>hi</em>' } }, children: [] }],
    });
  });
});
