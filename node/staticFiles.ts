/**
 * Static files and images. Pages may link to or show any file the
 * site serves as it is: `public/` (Docusaurus's `static/`) and the non-markdown
 * files of `content/`. An image next to its markdown (`![Diagram](./diagram.png)`)
 * is also copied to `blobs/` under a content-hashed name. Every image gets its
 * width and height from the file, so the page reserves its space before it loads.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import type { ImageTarget, LinkContext } from '../manifest/links';
import type { LinkResolver } from './linkMemo';
import type { ManifestFile } from '../manifest/types';
import { generatedAt, staticMayTake } from './output';
import { displayPath, type ProblemLog } from './problems';
import { walk } from './walk';
import type { BuildSession } from './session';

/** Files the build measures as images. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?)$/i;

/** Whether content file `rel` is an image (by its extension). */
export const isImageFile = (rel: string): boolean => IMAGE_FILE.test(rel);

/**
 * The files `content/` may hold besides markdown, each served as it is on the site's origin: images,
 * PDFs, text and data, archives, audio and video, fonts. Anything a browser opens as a page of the
 * site (`.html`, `.xhtml`, `.xml`, scripts) is refused: it would run outside every check the
 * markdown gets. SVG is an image that may carry scripts, so each one is read (`markupScript`).
 */
const CONTENT_FILE = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|pdf|txt|csv|json|ya?ml|zip|gz|tgz|tar|7z|mp4|webm|ogv|ogg|mp3|wav|m4a|woff2?|ttf|otf)$/i;

/** Whether content file `rel` is of a kind the site publishes besides markdown (`CONTENT_FILE`). */
export const isContentFile = (rel: string): boolean => CONTENT_FILE.test(rel);

/** The kinds of `CONTENT_FILE`, as a message lists them. */
const CONTENT_KINDS =
  'images (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO, BMP, TIFF), PDF, text and data (TXT, CSV, JSON, YAML), archives (ZIP, GZ, TGZ, TAR, 7Z), audio and video (MP4, WebM, OGG, MP3, WAV, M4A) and fonts (WOFF, WOFF2, TTF, OTF)';

/** 1-based line of a character offset. */
const lineOf = (text: string, offset: number) => {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

/** XML's character references and predefined entities, decoded: `&#106;avascript:` is `javascript:` to the browser. */
const decodeReferences = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);

/** Markup that runs code when an SVG is opened as a document, or hides such code from a reader of the text. */
const SCRIPT_MARKUP: [RegExp, string][] = [
  [/<(?:[\w.-]+:)?script\b/i, 'a `<script>` element'],
  [/<(?:[\w.-]+:)?(?:foreignObject|iframe|embed|object|handler|listener)\b/i, 'an element that embeds other documents or scripts'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (`onload=`, `onclick=` …)'],
  [/\battributeName\s*=\s*["']\s*(?:[\w-]+:)?on[a-z]/i, 'an animation that sets an event handler'],
  [/<!ENTITY\b/i, 'an entity declaration (it can hide a `javascript:` URL)'],
  [/<\?xml-stylesheet\b/i, 'a stylesheet instruction (XSLT can write scripts into the document)'],
];

/**
 * Where an SVG's text holds script: a script element, an event handler, an embedded document, or a
 * `javascript:` URL in any attribute (after decoding character references, and with the tabs and
 * newlines a URL parser drops removed). Null when there is none: opened on its own, the image runs
 * nothing on the site's origin.
 */
function markupScript(text: string): { line: number; what: string } | null {
  let found: { at: number; what: string } | null = null;
  for (const [pattern, what] of SCRIPT_MARKUP) {
    const match = pattern.exec(text);
    if (match && (!found || match.index < found.at)) found = { at: match.index, what };
  }
  for (const value of text.matchAll(/=\s*("[^"]*"|'[^']*')/g)) {
    if (found && value.index > found.at) break;
    if (/(?:java|vb)script:/i.test(decodeReferences(value[1]!).replace(/[\u0000-\u0020]/g, ''))) found = { at: value.index, what: 'a `javascript:` URL' };
  }
  return found && { line: lineOf(text, found.at), what: found.what };
}

/**
 * Why the site may not serve file `rel` of a folder as it is, or null: a kind of file a browser would open as a page
 * or run (`CONTENT_FILE`), or an SVG with script. `holder` names the folder in the message (`content`), and
 * `image` is the file's `readImage` when the caller has it.
 */
function servedFileProblem(rel: string, full: string, holder: string, image?: ImageFacts): { line: number; message: string } | null {
  if (!CONTENT_FILE.test(rel)) {
    const found = markupScript(readFileSync(full, 'latin1'));
    const kind = /\.([^./]+)$/.exec(rel)?.[1];
    return {
      line: found?.line ?? 1,
      message: `${kind ? `is a \`.${kind}\` file` : 'has no file extension'}, which ${holder} may not hold: the site would serve it as it is, outside the checks pages get${found ? ` (it holds ${found.what} on this line)` : ''}. ${holder[0]!.toUpperCase()}${holder.slice(1)} may hold ${holder === 'content' ? 'markdown and ' : ''}${CONTENT_KINDS}. Write a page as markdown, or remove the file${holder === 'content' && kind && /^(?:[cm]?js|jsx|tsx?|css)$/i.test(kind) ? '; a component the pages import goes outside the docs and pages folders (in `src/`), where the build bundles it' : ''}.`,
    };
  }
  const script = /\.svg$/i.test(rel) ? (image ?? { script: markupScript(readFileSync(full, 'utf8')) }).script : null;
  if (!script) return null;
  return {
    line: script.line,
    message: `is an SVG with ${script.what}, which would run on the site's origin when the image is opened. Remove the script from the image (an editor's "optimise" or "plain SVG" export does), or save it as PNG.`,
  };
}

/** Files at the top of a static folder that configure the host rather than being pages: GitHub Pages' custom domain, Netlify's and Cloudflare's rules. */
const HOST_FILES = new Set(['CNAME', '_redirects', '_headers']);

/** The names starting with a dot a static folder publishes, at its top only: GitHub Pages' switch that turns Jekyll off. */
const HOST_DOTFILES = ['.nojekyll'];

/** Whether a static folder's file `rel` is of a kind the site publishes (`vetStaticFolder` still reads SVGs for scripts). */
export const isPublishedStaticKind = (rel: string): boolean => HOST_FILES.has(rel) || HOST_DOTFILES.includes(rel) || CONTENT_FILE.test(rel);

/** The folder of `content/` published at the site's root as it is, as Docusaurus's `static/` is. */
export const STATIC_FOLDER = 'static';

/**
 * The files of a static folder (`public/`, the `static/` folder of a Docusaurus site) the site serves at their
 * paths, listed by `walk` (no dot-names; symbolic links only inside it) and vetted as content's files are: no kind
 * a browser opens as a page or runs, no SVG with script, and no name the build writes itself (`generatedAt`:
 * `sw.js`, `_app/…`, `assets/…`) other than those it `mayTake`. Each refused file goes to `log`, named, and is left out,
 * as is, silently, a partial (`isPartial`: a markdown file pages import from it).
 */
export function vetStaticFolder(
  dir: string,
  log: Pick<ProblemLog, 'error'>,
  session?: BuildSession,
  mayTake: (rel: string) => boolean = () => false,
  isPartial: (rel: string) => boolean = () => false,
): string[] {
  if (!existsSync(dir)) return [];
  const holder = 'a static folder';
  // A dot-name is published only by name, and only as a file of its own: a link could lead out of the folder.
  const dotfiles = HOST_DOTFILES.filter((name) => lstatSync(join(dir, name), { throwIfNoEntry: false })?.isFile());
  return [...dotfiles, ...walk(dir, dir)].filter((rel) => {
    // A markdown file a page imports is inlined into it, never served as it is.
    if (isPartial(rel)) return false;
    const full = join(dir, rel);
    const generated = mayTake(rel) ? null : generatedAt(rel);
    const problem = generated
      ? { line: 0, message: `takes the name \`${rel}\` of ${generated}, which the build writes itself. Rename or move the file.` }
      : HOST_FILES.has(rel) || dotfiles.includes(rel)
        ? null
        : servedFileProblem(rel, full, holder, session && IMAGE_FILE.test(rel) ? readImage(full, session) : undefined);
    if (problem) log.error(displayPath(dir, rel), problem.line, problem.message);
    return !problem;
  });
}

/** Every file a page may refer to, and where each comes from. */
export interface FileTable {
  /** By key (`Manifest.files`): `/img/x.png` for a file served at that path, `docs/a/x.png` for a co-located image. */
  files: Record<string, ManifestFile>;
  /** Absolute path of each key's file, for messages and for the copies the build writes. */
  origin: Map<string, string>;
  /** The files of `content/static/` the site publishes, below it (`img/x.png`, `CNAME`). */
  published: string[];
}

/** Width and height of an image file, or null when it is no image the build can read. */
function measureImage(bytes: Buffer): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return null;
    // A JPEG turned by its EXIF orientation (5 to 8) is shown with its sides swapped.
    return (size.orientation ?? 0) >= 5 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** What the build reads from an image file. */
interface ImageFacts {
  size: { width: number; height: number } | null;
  /** First 16 hex digits of the SHA-256 of its bytes. */
  hash: string;
  /** For an SVG, where it holds script (`markupScript`). */
  script: { line: number; what: string } | null;
}

/**
 * Measures and hashes an image file: a session product keyed by its path and what `stat` says changes when it
 * is written (size, time, inode), so that a rebuild reads no unchanged image.
 */
function readImage(full: string, session: BuildSession): ImageFacts {
  const stat = statSync(full);
  return session.product('image', `${full}\0${stat.size}:${stat.mtimeMs}:${stat.ino}`, () => {
    const bytes = readFileSync(full);
    return {
      size: measureImage(bytes),
      hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
      script: /\.svg$/i.test(full) ? markupScript(bytes.toString('utf8')) : null,
    };
  });
}

/**
 * Lists the static files of `public/` and `content/` (`contentAssets`, relative
 * to it) and the co-located images, with their sizes. Content files win over
 * `public/` files at the same path, as they are written after the shell's.
 * A content file the site may not serve (`CONTENT_FILE`), or an SVG with
 * script, goes to `log` with its line.
 */
export function collectFiles(options: {
  contentDir: string;
  contentAssets: string[];
  publicDir?: string | undefined;
  /** `content/static/`, published at the site's root. */
  staticDir?: string | undefined;
  /** The markdown files of `content/static/` pages import as partials, below it: inlined, never published. */
  staticPartials?: ReadonlySet<string> | undefined;
  log: ProblemLog;
  session: BuildSession;
}): FileTable {
  const files: Record<string, ManifestFile> = {};
  const origin = new Map<string, string>();
  const add = (key: string, href: string, full: string, image: ImageFacts | null) => {
    const size = image?.size;
    files[key] = { href, width: size ? size.width : null, height: size ? size.height : null };
    origin.set(key, full);
  };
  const { publicDir } = options;
  const { contentDir, log, staticDir } = options;
  const published: string[] = [];
  if (publicDir) {
    for (const rel of vetStaticFolder(publicDir, log, options.session)) {
      const full = join(publicDir, rel);
      add(`/${rel}`, `/${rel}`, full, IMAGE_FILE.test(rel) ? readImage(full, options.session) : null);
    }
  }
  if (staticDir) {
    // The site's static folder may hold its own robots.txt, which the build then does not write, and images below assets/.
    for (const rel of vetStaticFolder(staticDir, log, options.session, staticMayTake, (rel) => options.staticPartials?.has(rel) === true)) {
      const full = join(staticDir, rel);
      if (origin.has(`/${rel}`)) {
        log.error(
          displayPath(contentDir, `${STATIC_FOLDER}/${rel}`),
          0,
          `is served at \`/${rel}\`, as is the shell's \`public/${rel}\`. Rename or move one of them.`,
        );
        continue;
      }
      add(`/${rel}`, `/${rel}`, full, IMAGE_FILE.test(rel) ? readImage(full, options.session) : null);
      published.push(rel);
    }
  }
  for (const rel of options.contentAssets) {
    const full = join(contentDir, rel);
    const image = CONTENT_FILE.test(rel) && IMAGE_FILE.test(rel) ? readImage(full, options.session) : undefined;
    const problem = servedFileProblem(rel, full, 'content', image);
    if (problem) {
      log.error(displayPath(contentDir, rel), problem.line, problem.message);
      continue;
    }
    const fromStatic = staticDir && origin.get(`/${rel}`)?.startsWith(staticDir);
    if (fromStatic) {
      log.error(
        displayPath(contentDir, rel),
        0,
        `is served at \`/${rel}\`, as is \`${displayPath(contentDir, `${STATIC_FOLDER}/${rel}`)}\`. Rename or move one of them.`,
      );
      continue;
    }
    if (!image) {
      add(`/${rel}`, `/${rel}`, full, null);
      continue;
    }
    // An image next to a translation (`i18n/`) is shown by its pages only, not served at its path.
    if (!rel.startsWith('i18n/')) add(`/${rel}`, `/${rel}`, full, image);
    add(rel, `/blobs/${image.hash}${rel.slice(rel.lastIndexOf('.')).toLowerCase()}`, full, image);
  }
  return { files, origin, published };
}

/** The problem with an image reference, or null when it resolves to an image with a size. */
export function imageProblem(url: string, target: ImageTarget, table: FileTable, contentDir: string): string | null {
  if (target.kind === 'external') return null;
  if (target.kind === 'missingImage') {
    return `image "${url}" matches no file. Put the image next to the markdown file and write a relative path (\`./diagram.png\`), or put it in \`public/\` and write its path from the site root (\`/img/diagram.png\`).`;
  }
  if (target.file.width === null) {
    const full = table.origin.get(target.key) ?? target.key;
    const shown = full.startsWith(contentDir) ? displayPath(contentDir, full.slice(contentDir.length + 1)) : full;
    return `image "${url}" has no size the build can read: \`${shown}\` is not a PNG, JPEG, GIF, WebP, AVIF or SVG image (an SVG needs \`width\` and \`height\` or a \`viewBox\`).`;
  }
  return null;
}

/** One reference found in a page. */
interface Reference {
  url: string;
  image: boolean;
}

/** The keys of `table` the pages refer to: what the manifest lists and the build copies. */
export function referencedFiles(pages: { source: string; path: string; links: Reference[] }[], resolver: LinkResolver): Set<string> {
  const { context } = resolver;
  const used = new Set<string>();
  for (const page of pages) {
    for (const link of page.links) {
      if (link.image) {
        const target = resolver.image(link.url, page.source, page.path);
        if (target.kind === 'file') used.add(target.key);
      } else {
        const target = resolver.link(link.url, page.source, page.path);
        if (target.kind === 'asset' && context.files && Object.hasOwn(context.files, `/${target.path}`)) used.add(`/${target.path}`);
      }
    }
  }
  return used;
}

/**
 * The manifest's `files` (only what pages refer to, in key order) and the
 * co-located images to write, by their path below `dist/`.
 */
export function usedFileOutput(table: FileTable, used: Set<string>): { files: Record<string, ManifestFile>; copies: Map<string, Buffer> } {
  const files: Record<string, ManifestFile> = {};
  const copies = new Map<string, Buffer>();
  for (const key of [...used].sort()) {
    const file = table.files[key]!;
    files[key] = file;
    if (file.href.startsWith('/blobs/')) copies.set(file.href.slice(1), readFileSync(table.origin.get(key)!));
  }
  return { files, copies };
}
