/**
 * The command lines of the scripts and benchmarks, read with `node:util`
 * parseArgs the way `build.ts` reads its own: strict, so an unknown option,
 * a missing value or an argument that is no option is refused rather than
 * ignored; `-h`/`--help` prints the usage.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** What parseArgs makes of `options` (and `--help`). */
type Values<O extends Options> = ReturnType<
  typeof parseArgs<{ options: O & typeof HELP; strict: true; allowPositionals: false; allowNegative: true }>
>['values'];

const helpAsked = (values: object) => (values as { help: boolean }).help;

/**
 * Reads `argv` against `options`, then `check`s the values (a number, a
 * port): the values, or what is wrong with the command line. A boolean option
 * `--x` can be turned off with `--no-x`.
 */
export function readCommandLine<const O extends Options>(
  argv: string[],
  options: O,
  check?: (values: Values<O>) => string | undefined,
): { values: Values<O> } | { error: string } {
  let values: Values<O>;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, ...HELP }, strict: true, allowPositionals: false, allowNegative: true }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  const wrong = helpAsked(values) ? undefined : check?.(values);
  return wrong ? { error: wrong } : { values };
}

/**
 * This process's command line (`readCommandLine`). `--help` prints `usage`
 * and ends the process; a command line it refuses ends it with exit code 2,
 * after printing what is wrong and the usage, as `[name] …` on stderr.
 */
export function commandLine<const O extends Options>(name: string, usage: string, options: O, check?: (values: Values<O>) => string | undefined): Values<O> {
  const read = readCommandLine(process.argv.slice(2), options, check);
  if ('error' in read) {
    console.error(`[${name}] ${read.error}\n\n${usage}`);
    process.exit(2);
  }
  if (helpAsked(read.values)) {
    console.log(usage);
    process.exit(0);
  }
  return read.values;
}

/** `text` as a whole number from `min` to `max`, or undefined. */
export function wholeNumber(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = Number(text);
  return /^\s*\d+\s*$/.test(text) && n >= min && n <= max ? n : undefined;
}

/** The port a server listens on: `--port`, else `PORT` from the environment, else 3000; undefined when that is no port. */
export function listenPort(flag: string | undefined): number | undefined {
  return wholeNumber(flag ?? process.env.PORT ?? '3000', 0, 65535);
}

/** `check` for a command line with `--port`. */
export const checkPort = (values: { port?: string }): string | undefined =>
  listenPort(values.port) === undefined ? `invalid port: ${values.port ?? process.env.PORT}` : undefined;
