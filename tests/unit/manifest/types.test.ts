import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MANIFEST_VERSION } from '../../../manifest/constants';
import * as types from '../../../manifest/types';

/**
 * The shape of the contract at each version: a hash of every schema of `manifest/types.ts`. A shell keeps the
 * manifest and shards it read in its storage, under `MANIFEST_VERSION`; a new shape under an old version would be
 * read by the new shell as if it were complete. So the shape changes only with the version.
 */
const SHAPES: Record<number, string> = {
  6: '364cbd364961af73',
  7: '1135542be11e13fe',
  8: 'bdad7d48407d71f9',
  9: '449bd11aa12abb6a',
};

/** A schema as text: its kind, what it holds, and its checks, recursively (a recursive schema once). */
function shapeOf(schema: unknown, seen = new Set<unknown>()): string {
  const s = schema as Record<string, unknown> & { type: string };
  if (seen.has(s)) return '<recursive>';
  const inner = (child: unknown) => shapeOf(child, new Set(seen).add(s));
  const checks = Array.isArray(s.pipe)
    ? (s.pipe as Record<string, unknown>[])
        .slice(1)
        .map((action) => (action.kind === 'schema' ? inner(action) : `${String(action.type)}(${JSON.stringify(action.requirement ?? null)})`))
        .join(',')
    : '';
  const held = (() => {
    switch (s.type) {
      case 'object':
        return Object.entries(s.entries as Record<string, unknown>)
          .map(([key, entry]) => `${key}:${inner(entry)}`)
          .join(';');
      case 'array':
        return inner(s.item);
      case 'record':
        return `${inner(s.key)}=>${inner(s.value)}`;
      case 'optional':
      case 'nullable':
        return inner(s.wrapped);
      case 'union':
      case 'variant':
        return (s.options as unknown[]).map(inner).join('|');
      case 'picklist':
        return JSON.stringify(s.options);
      case 'literal':
        return JSON.stringify(s.literal);
      case 'lazy':
        return inner((s.getter as (input: unknown) => unknown)(undefined));
      default:
        return '';
    }
  })();
  return `${s.type}(${held})${checks ? `[${checks}]` : ''}`;
}

const contract = Object.entries(types)
  .filter(([name]) => name.endsWith('Schema'))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, schema]) => `${name}=${shapeOf(schema)}`)
  .join('\n');
const hash = createHash('sha256').update(contract).digest('hex').slice(0, 16);

describe('the manifest contract', () => {
  it('changes shape only with MANIFEST_VERSION', () => {
    const earlier = Object.entries(SHAPES).filter(([version]) => Number(version) !== MANIFEST_VERSION);
    expect(
      earlier.find(([, shape]) => shape === hash),
      'the shape went back to an earlier version: give it a new version',
    ).toBeUndefined();
    expect(
      SHAPES[MANIFEST_VERSION],
      `The schemas of manifest/types.ts changed (shape ${hash}). Bump MANIFEST_VERSION in manifest/constants.ts and record ` +
        `\`${MANIFEST_VERSION + 1}: '${hash}'\` in SHAPES here, so that shells drop what they saved of the old shape.`,
    ).toBe(hash);
  });

  it('sees a change of a nested field', () => {
    const doc = shapeOf(types.ManifestDocSchema);
    expect(doc).toContain('headings:array(object(depth:number();id:string();text:string()))');
    expect(shapeOf(types.SidebarShardSchema)).toContain('<recursive>');
  });
});
