/** Build errors: what failed, where (path relative to the project), and what to do. */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** One problem at a place in a content file. */
export interface Problem {
  /** Path relative to the project root: `content/docs/faq.md`. */
  file: string;
  /** 1-based line, or 0 when the problem concerns the whole file. */
  line: number;
  /** What is wrong and what to do. */
  message: string;
}

/** Formats a problem as `content/docs/x.md:12: message`. */
export function formatProblem(p: Problem): string {
  return p.line > 0 ? `${p.file}:${p.line}: ${p.message}` : `${p.file}: ${p.message}`;
}

/** A build failure; `problems` holds every place found, the message lists them all. */
export class BuildError extends Error {
  override name = 'BuildError';
  constructor(
    headline: string,
    readonly problems: Problem[] = [],
    options?: { cause?: unknown },
  ) {
    super(problems.length ? `${headline}\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}` : headline, options);
  }
}

/**
 * What a cache kept on disk holds does not check out (bytes that do not hash to their name or digest): a file
 * changed since it was kept. Met where the bytes are read, past the point where the build could make them again
 * itself; the CLI then builds again without its caches.
 */
export class CacheMismatchError extends Error {
  override name = 'CacheMismatchError';
}

/**
 * Collects problems and warnings during a build and fails once with all of them. Each is kept once: a doc that
 * another locale or version serves as it is (an untranslated page) is checked there too, and says the same.
 */
export class ProblemLog {
  readonly errors: Problem[] = [];
  readonly warnings: Problem[] = [];
  readonly #seen = new Set<string>();

  error(file: string, line: number, message: string): void {
    if (this.#first('error', file, line, message)) this.errors.push({ file, line, message });
  }

  warn(file: string, line: number, message: string): void {
    if (this.#first('warn', file, line, message)) this.warnings.push({ file, line, message });
  }

  #first(kind: string, file: string, line: number, message: string): boolean {
    const key = `${kind}\0${file}\0${line}\0${message}`;
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    return true;
  }

  /** Throws a `BuildError` listing every error under `headline(count)`, if there are any. */
  throwIfAny(headline: (count: number) => string): void {
    if (this.errors.length) throw new BuildError(headline(this.errors.length), [...this.errors]);
  }
}

/**
 * How messages name a file of the content folder: its path from the working
 * directory (`content/docs/faq.md`, `site/docs/faq.md` for `--content site`),
 * or its absolute path when the folder lies outside it, so a terminal or an
 * editor opens the name as it is.
 */
export function displayPath(contentDir: string, rel: string): string {
  const from = relative(process.cwd(), contentDir);
  const dir = from === '' ? '.' : from.startsWith('..') || isAbsolute(from) ? resolve(contentDir) : from;
  const posix = dir.split(sep).join('/');
  return rel ? `${posix}/${rel}` : posix;
}
