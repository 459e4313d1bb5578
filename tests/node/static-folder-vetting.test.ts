/**
 * A static folder (`public/`) is published by the rules of content: no file a browser opens as a page or runs, no
 * SVG with script, and no file with the name of one the build writes (`sw.js`, `_app/manifest.json`, `assets/…`).
 * Both the content build, which lists the folder's files, and the shell build, which copies them, refuse such a
 * file, named.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError, ProblemLog } from '../../node/problems';
import { copyPublic } from '../../node/shell';
import { vetStaticFolder } from '../../node/staticFiles';
import { type FixtureProject, hashTree, listFiles, refusedBuild, useFixture } from '../helpers/build';

let project: FixtureProject;

beforeEach(() => {
  project = useFixture('basic-site');
});
afterEach(() => project.remove());

/** Writes `text` at `rel` below the project's `public/`. */
function put(rel: string, text: string): void {
  const full = join(project.dir, 'public', rel);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe('public/', () => {
  it('may not hold a file with a generated name, a page, a script or an SVG with script', async () => {
    await project.build();
    const before = hashTree(project.distDir);
    put('sw.js', 'self.skipWaiting();');
    put('_app/manifest.json', '{}');
    put('robots.txt', 'User-agent: *');
    put('assets/x.js', 'alert(1)');
    put('blobs/0123456789abcdef.md', '# Not the build’s');
    put('help.html', '<p>Help</p>\n<script>alert(1)</script>');
    put('img/badge.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" onload="alert(1)"/>');
    put('img/ok.svg', SVG);
    const error = await refusedBuild(project, before);
    expect(error.message).toMatchInlineSnapshot(`
      "Cannot build: 7 problems in content:
        public/_app/manifest.json: takes the name \`_app/manifest.json\` of the manifest, which the build writes itself. Rename or move the file.
        public/assets/x.js: takes the name \`assets/x.js\` of the shell's files, which the build writes itself. Rename or move the file.
        public/blobs/0123456789abcdef.md: takes the name \`blobs/0123456789abcdef.md\` of the content-addressed pages and images, which the build writes itself. Rename or move the file.
        public/help.html:2: is a \`.html\` file, which a static folder may not hold: the site would serve it as it is, outside the checks pages get (it holds a \`<script>\` element on this line). A static folder may hold images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF). Write a page as markdown, or remove the file.
        public/img/badge.svg:1: is an SVG with an event handler attribute (\`onload=\`, \`onclick=\` …), which would run on the site's origin when the image is opened. Remove the script from the image (an editor's "optimise" or "plain SVG" export does), or save it as PNG.
        public/robots.txt: takes the name \`robots.txt\` of robots.txt, which the build writes itself. Rename or move the file.
        public/sw.js: takes the name \`sw.js\` of the service worker, which the build writes itself. Rename or move the file."
    `);
  });

  it('is copied by the shell build only when every file passes', () => {
    put('img/ok.svg', SVG);
    put('sw.js', 'self.skipWaiting();');
    const out = join(project.dir, 'out');
    mkdirSync(out);
    let error: unknown;
    try {
      copyPublic(join(project.dir, 'public'), out);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems.map((p) => p.file.replace(`${project.dir}/`, ''))).toEqual(['public/sw.js']);
    expect(listFiles(out)).toEqual([]);
  });

  it("may hold the host's own files at its top", () => {
    const dir = mkdtempSync(join(tmpdir(), 'abp-docs-static-'));
    try {
      writeFileSync(join(dir, 'CNAME'), 'docs.example.com\n');
      writeFileSync(join(dir, 'robots-extra.txt'), 'x');
      mkdirSync(join(dir, 'img'));
      writeFileSync(join(dir, 'img/CNAME'), 'x');
      const log = new ProblemLog();
      expect(vetStaticFolder(dir, log)).toEqual(['CNAME', 'robots-extra.txt']);
      expect(log.errors.map((p) => p.message)).toEqual([expect.stringMatching(/^has no file extension, which a static folder may not hold/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('content/static/', () => {
  /** Writes `text` at `rel` below the content's `static/`. */
  const putStatic = (rel: string, text: string) => {
    const full = join(project.contentDir, 'static', rel);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  };

  it('is published at the site root as it is, host files and .nojekyll included', async () => {
    putStatic('img/diagram.svg', SVG);
    putStatic('files/guide.pdf', '%PDF-1.4');
    putStatic('CNAME', 'docs.example.org\n');
    putStatic('.nojekyll', '');
    putStatic('.env', 'SECRET=1');
    await project.build();
    expect(project.read('img/diagram.svg')).toBe(SVG);
    expect(project.read('files/guide.pdf')).toBe('%PDF-1.4');
    expect(project.read('CNAME')).toBe('docs.example.org\n');
    expect(project.read('.nojekyll')).toBe('');
    const files = listFiles(project.distDir);
    expect(files.filter((f) => f.startsWith('static/') || f === '.env')).toEqual([]);
    expect(project.manifest().files['/img/diagram.svg']).toBeUndefined();
  });

  it("publishes the site's web app manifest.json, its images below assets/, and its robots.txt in place of the build's", async () => {
    const webApp = '{"name":"Widget Docs","icons":[]}';
    await project.build();
    expect(project.read('robots.txt')).toContain('Sitemap:');
    putStatic('manifest.json', webApp);
    putStatic('assets/img/site-logo.svg', SVG);
    putStatic('robots.txt', 'User-agent: *\nDisallow: /\n');
    await project.build();
    expect(project.read('manifest.json')).toBe(webApp);
    expect(project.read('assets/img/site-logo.svg')).toBe(SVG);
    expect(project.read('robots.txt')).toBe('User-agent: *\nDisallow: /\n');
    expect(project.manifest().site.title).not.toBe('Widget Docs');
  });

  it('lets pages show its images by their path from the site root', async () => {
    putStatic('img/diagram.svg', SVG);
    const intro = project.read('../content/docs/intro.md');
    project.write('docs/intro.md', `${intro}\n![Diagram](/img/diagram.svg)\n`);
    await project.build();
    expect(project.manifest().files['/img/diagram.svg']).toEqual({ href: '/img/diagram.svg', width: 1, height: 1 });
  });

  it('may not take a generated name, a page, or the path of a content file, each named with what it meets', async () => {
    await project.build();
    const before = hashTree(project.distDir);
    putStatic('_app/manifest.json', '{}');
    putStatic('help.html', '<p>Help</p>');
    putStatic('img/logo.svg', SVG);
    const error = await refusedBuild(project, before);
    const lines = error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().replace(/^.*?content\//, 'content/'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'content/static/_app/manifest.json: takes the name `_app/manifest.json` of the manifest, which the build writes itself. Rename or move the file.',
        'content/img/logo.svg: is served at `/img/logo.svg`, as is `content/static/img/logo.svg`. Rename or move one of them.',
      ]),
    );
    expect(error.message).toContain('content/static/help.html:1: is a `.html` file, which a static folder may not hold');
  });

  it('may not lie where a doc route needs its files, named with the route', async () => {
    await project.build();
    const before = hashTree(project.distDir);
    putStatic('docs/diagram.svg', SVG);
    project.write('docs/notes.md', '---\nslug: /diagram.svg/notes\n---\n\n# Notes\n');
    const error = await refusedBuild(project, before);
    expect(error.message).toMatch(
      /content\/docs\/notes\.md:\d+: route `\/docs\/diagram\.svg\/notes` .*the static file `[^`]*content\/static\/docs\/diagram\.svg`/,
    );
  });
});
