/**
 * Writes `manifest/site.schema.json`, the JSON Schema editors check `content/site.config.json`
 * against (its `$schema`), from the schema the build validates with (`manifest/siteConfigSchema.ts`),
 * so the two cannot disagree. `npm run schema:site` runs it; a test fails when the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import { checkJsonSchema, patternText, SITE_CONFIG_DEFINITIONS, SiteConfigSchema } from '../manifest/siteConfigSchema';

/** Where the editors' schema lives. */
export const SITE_SCHEMA_FILE = fileURLToPath(new URL('../manifest/site.schema.json', import.meta.url));

/** The text of `manifest/site.schema.json`. */
export function siteSchemaText(): string {
  const schema = toJsonSchema(SiteConfigSchema, {
    errorMode: 'throw',
    definitions: SITE_CONFIG_DEFINITIONS,
    // Patterns as the build's messages quote them.
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction.type === 'regex'
        ? { ...jsonSchema, pattern: patternText((valibotAction as unknown as { requirement: RegExp }).requirement) }
        : checkJsonSchema(valibotAction, jsonSchema),
  });
  // The file's name for itself and its title first, as editors and readers look for them there.
  const { $schema, $id, title, description, ...shape } = schema;
  return `${JSON.stringify({ $schema, $id, title, description, ...shape }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeFileSync(SITE_SCHEMA_FILE, siteSchemaText());
