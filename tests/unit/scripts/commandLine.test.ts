// scripts/commandLine.ts: the scripts' command lines, strict, with a check of the values.
import { describe, expect, it } from 'vitest';
import { checkPort, listenPort, readCommandLine, wholeNumber } from '../../../scripts/commandLine';

const OPTIONS = { out: { type: 'string', default: 'dist' }, timings: { type: 'boolean', default: false } } as const;

describe('readCommandLine', () => {
  it('reads options with their defaults, both spellings of a value, and --no- for a boolean', () => {
    expect(readCommandLine([], OPTIONS)).toEqual({ values: { out: 'dist', timings: false, help: false } });
    expect(readCommandLine(['--out', 'x', '--timings'], OPTIONS)).toEqual({ values: { out: 'x', timings: true, help: false } });
    expect(readCommandLine(['--out=y', '--timings', '--no-timings'], OPTIONS)).toEqual({ values: { out: 'y', timings: false, help: false } });
    expect(readCommandLine(['-h'], OPTIONS)).toEqual({ values: { out: 'dist', timings: false, help: true } });
  });

  it('refuses an unknown option, a missing value and an argument that is no option', () => {
    expect(readCommandLine(['--outt', 'x'], OPTIONS)).toEqual({ error: expect.stringMatching(/^Unknown option '--outt'/) });
    expect(readCommandLine(['--out'], OPTIONS)).toEqual({ error: "Option '--out <value>' argument missing" });
    expect(readCommandLine(['dist'], OPTIONS)).toEqual({ error: expect.stringMatching(/^Unexpected argument 'dist'/) });
  });

  it('refuses what the check refuses, unless the usage is asked for', () => {
    const check = (values: { out: string }) => (values.out.startsWith('/') ? `not absolute: ${values.out}` : undefined);
    expect(readCommandLine(['--out', '/x'], OPTIONS, check)).toEqual({ error: 'not absolute: /x' });
    expect(readCommandLine(['--out', '/x', '--help'], OPTIONS, check)).toMatchObject({ values: { help: true } });
  });
});

describe('wholeNumber and listenPort', () => {
  it('takes whole numbers in range only', () => {
    expect(wholeNumber('3', 1)).toBe(3);
    expect(wholeNumber('0', 1)).toBeUndefined();
    expect(['', '2.5', '-1', '1e3', 'ten', '0x10'].map((text) => wholeNumber(text, 0))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(wholeNumber('65536', 0, 65535)).toBeUndefined();
  });

  it('listens on --port, else PORT, else 3000, and names a bad one', () => {
    const before = process.env.PORT;
    try {
      delete process.env.PORT;
      expect(listenPort(undefined)).toBe(3000);
      expect(listenPort('0')).toBe(0);
      process.env.PORT = '8080';
      expect(listenPort(undefined)).toBe(8080);
      expect(checkPort({})).toBeUndefined();
      process.env.PORT = 'http';
      expect(checkPort({})).toBe('invalid port: http');
      expect(checkPort({ port: '70000' })).toBe('invalid port: 70000');
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });
});
