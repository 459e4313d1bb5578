import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXT_DESCRIPTIONS, TEXTS } from '../../../manifest/texts';
import { readLocaleStrings } from '../../../node/locales';
import { BuildError, ProblemLog } from '../../../node/problems';
import { loadSiteConfig } from '../../../node/siteConfigFile';
import { mergeTranslations, writeTranslations, type TranslationFile } from '../../../scripts/writeTranslations';
import { ROOT } from '../../helpers/build';
import { runScript } from '../../helpers/cli';

const FIXTURE = join(ROOT, 'tests/fixtures/localized-site/content');
const work = mkdtempSync(join(tmpdir(), 'abp-write-translations-'));
const content = join(work, 'content');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (rel: string) => JSON.parse(readFileSync(join(content, rel), 'utf8')) as TranslationFile;
const fixture = (rel: string) => JSON.parse(readFileSync(join(FIXTURE, rel), 'utf8')) as TranslationFile;

describe('mergeTranslations', () => {
  const fresh = { a: { message: 'A', description: 'the a' }, b: { message: 'B', description: 'the b' } };

  it('keeps the translations there, adds the missing ids in English, and gives every id its description', () => {
    const { content: merged, unknown } = mergeTranslations({ old: { message: 'vieux' }, a: { message: 'à', description: 'stale' } }, fresh);
    expect(merged).toEqual({ old: { message: 'vieux' }, a: { message: 'à', description: 'the a' }, b: { message: 'B', description: 'the b' } });
    expect(unknown).toEqual(['old']);
  });

  it('writes the English over the translations with override, and a prefix before the English it writes', () => {
    expect(mergeTranslations({ a: { message: 'à' } }, fresh, { override: true }).content.a).toEqual({ message: 'A', description: 'the a' });
    const prefixed = mergeTranslations({ a: { message: 'à' } }, fresh, { messagePrefix: '(fr) ' }).content;
    expect([prefixed.a!.message, prefixed.b!.message]).toEqual(['à', '(fr) B']);
  });
});

describe('writeTranslations', () => {
  beforeEach(() => {
    rmSync(content, { recursive: true, force: true });
    cpSync(FIXTURE, content, { recursive: true });
  });

  it("writes every text of the catalogue into the locale's code.json, keeping its translations", () => {
    const before = fixture('i18n/fr/code.json');
    const [code] = writeTranslations(content, 'fr');
    const after = read('i18n/fr/code.json');
    expect(Object.keys(after).sort()).toEqual(Object.keys(TEXTS).sort());
    for (const [id, message] of Object.entries(TEXTS)) {
      expect(after[id], id).toEqual({ message: before[id]?.message ?? message, description: TEXT_DESCRIPTIONS[id as keyof typeof TEXTS] });
    }
    expect(code).toEqual({ file: join(content, 'i18n/fr/code.json'), added: Object.keys(TEXTS).length - Object.keys(before).length, unknown: [] });
  });

  it("writes the navbar's and footer's labels from the site configuration, keeping their translations", () => {
    writeTranslations(content, 'fr');
    const navbar = read('i18n/fr/docusaurus-theme-classic/navbar.json');
    expect(navbar['item.label.Documentation']!.message).toBe('Documentation FR');
    expect(navbar['item.label.GitHub']!.message).toBe('GitHub');
    const footer = read('i18n/fr/docusaurus-theme-classic/footer.json');
    expect(footer['link.title.Documentation']!.message).toBe('Documentation');
    expect(footer['link.item.label.Getting Started']!.message).toBe('Getting Started');
    expect(footer.copyright!.message).toBe(loadSiteConfig(content).input.copyright);
  });

  it('writes files the build reads, and the same files when run again', () => {
    writeTranslations(content, 'fr');
    const first = readFileSync(join(content, 'i18n/fr/code.json'), 'utf8');
    expect(writeTranslations(content, 'fr').map((file) => file.added)).toEqual([0, 0, 0]);
    expect(readFileSync(join(content, 'i18n/fr/code.json'), 'utf8')).toBe(first);
    const log = new ProblemLog();
    const listed = new Set(['code.json', 'docusaurus-theme-classic/navbar.json', 'docusaurus-theme-classic/footer.json'].map((rel) => `i18n/fr/${rel}`));
    const strings = readLocaleStrings(content, loadSiteConfig(content).input, listed, log).fr!;
    expect(log.errors).toEqual([]);
    expect(strings['theme.docs.paginator.next']).toBe(fixture('i18n/fr/code.json')['theme.docs.paginator.next']!.message);
    expect(strings['navbar.item.label.Documentation']).toBe('Documentation FR');
  });

  it('keeps and names the ids the site does not use', () => {
    const codeJson = join(content, 'i18n/fr/code.json');
    writeFileSync(codeJson, JSON.stringify({ ...fixture('i18n/fr/code.json'), 'theme.gone': { message: 'Parti' } }));
    const [code] = writeTranslations(content, 'fr');
    expect(code!.unknown).toEqual(['theme.gone']);
    expect(read('i18n/fr/code.json')['theme.gone']).toEqual({ message: 'Parti' });
  });

  it('refuses a locale the site does not list, naming the ones it does', () => {
    expect(() => writeTranslations(content, 'de')).toThrow(
      new BuildError(
        `Cannot write translations for locale \`de\`: \`${join(content, 'site.config.json')}\` does not list it in \`i18n.locales\`. ` +
          'Add it there, or choose one of: `en`, `fr`, `ar`.',
      ),
    );
    expect(existsSync(join(content, 'i18n/de'))).toBe(false);
  });

  it('names the file and line of an entry that is no translation, and writes nothing', () => {
    const codeJson = join(content, 'i18n/fr/code.json');
    writeFileSync(codeJson, '{\n  "theme.docs.paginator.next": { "message": "Suivant" },\n  "theme.docs.paginator.previous": "Précédent"\n}\n');
    const before = readFileSync(codeJson, 'utf8');
    expect(() => writeTranslations(content, 'fr')).toThrow(
      `${codeJson}:3: \`theme.docs.paginator.previous\` must be \`{ "message": "…", "description": "…" }\` with strings (the description may be left out).`,
    );
    expect(readFileSync(codeJson, 'utf8')).toBe(before);
    expect(existsSync(join(content, 'i18n/fr/docusaurus-theme-classic/footer.json'))).toBe(false);
  });
});

describe('npm run write-translations', () => {
  it('says what it wrote', () => {
    rmSync(content, { recursive: true, force: true });
    cpSync(FIXTURE, content, { recursive: true });
    const { status, stdout } = runScript('scripts/writeTranslations.ts', ['--locale', 'fr', '--content', content]);
    expect(status).toBe(0);
    expect(stdout).toContain(`[write-translations] ${join(content, 'i18n/fr/code.json')}: `);
  });

  it('refuses a command line without a locale, with its usage and exit code 2', () => {
    const none = runScript('scripts/writeTranslations.ts', ['--content', content]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^\[write-translations\] the locale is missing: --locale <code>\n\nusage: npm run write-translations -- --locale <code>/);
  });
});
