/** The manifest contract, shared by `build.ts` and the shell. */
export * from './constants';
export * from './copyButton';
export * from './manifestErrors';
export * from './links';
export * from './lookup';
export * from './parse';
export * from './paths';
export * from './prePaint';
export * from './shards';
export * from './siteConfig';
export * from './texts';
export * from './unreachable';
export type * from './types';
