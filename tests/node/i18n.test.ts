/**
 * Docusaurus's `i18n` configuration and `i18n/` folder: a site that has them builds its default locale, with that
 * locale's language and direction, and publishes none of the translation files.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFixture } from '../helpers/build';

describe('a site with an i18n configuration', () => {
  const project = useFixture('basic-site');
  beforeAll(async () => {
    const config = JSON.parse(readFileSync(join(project.contentDir, 'site.config.json'), 'utf8')) as Record<string, unknown>;
    config.i18n = {
      defaultLocale: 'en',
      locales: ['en', 'fr', 'ar'],
      localeConfigs: { en: { label: 'English', htmlLang: 'en-US' }, fr: { label: 'Français', htmlLang: 'fr-FR' }, ar: { label: 'العربية', direction: 'rtl' } },
    };
    project.write('site.config.json', JSON.stringify(config, null, 2));
    mkdirSync(join(project.contentDir, 'i18n/fr/docusaurus-plugin-content-docs/current'), { recursive: true });
    project.write('i18n/fr/docusaurus-plugin-content-docs/current/intro.md', '# Introduction\n\nBienvenue.\n');
    project.write('i18n/fr/code.json', '{ "theme.common.skipToMainContent": { "message": "Aller au contenu principal" } }\n');
    await project.build();
  });
  afterAll(() => project.remove());

  it('builds the default locale with its label and direction, and publishes no translation file', () => {
    expect(project.manifest().site.locale).toEqual({ code: 'en', label: 'English', direction: 'ltr' });
    expect(project.read('docs/intro.html')).toContain('<html lang="en" dir="ltr"');
    expect(existsSync(join(project.distDir, 'i18n'))).toBe(false);
    expect(project.warnings).toEqual([]);
  });
});
