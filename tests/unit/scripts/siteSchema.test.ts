// scripts/siteSchema.ts: the JSON Schema editors read for site.config.json is the one the build validates with.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_SCHEMA_FILE, siteSchemaText } from '../../../scripts/siteSchema';

describe('manifest/site.schema.json', () => {
  it('is what `npm run schema:site` writes from manifest/siteConfigSchema.ts (run it after changing the schema)', () => {
    expect(readFileSync(SITE_SCHEMA_FILE, 'utf8')).toBe(siteSchemaText());
  });

  it('quotes patterns as written, names its shared parts and refuses unknown fields', () => {
    const schema = JSON.parse(siteSchemaText()) as {
      $id: string;
      additionalProperties: boolean;
      properties: Record<string, { pattern?: string }>;
      $defs: Record<string, unknown>;
    };
    expect(schema.$id).toBe('https://antosubash.github.io/abp-react/site.schema.json');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.url?.pattern).toBe('^https?://');
    expect(Object.keys(schema.$defs).sort()).toEqual(['image', 'link']);
  });
});
