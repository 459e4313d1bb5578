/** Typed errors, so error screens branch on the class rather than the message. */

/** The manifest's `manifestVersion` is not the one this shell understands. */
export class ManifestVersionError extends Error {
  override name = 'ManifestVersionError';
  constructor(
    /** Version found in the manifest. */
    readonly found: unknown,
    /** Version the code understands. */
    readonly expected: number,
  ) {
    super(`Manifest version \`${String(found)}\` is not supported; this code reads version \`${expected}\`. Reload to get the matching shell.`);
  }
}

/** The manifest does not have the contract's shape. */
export class ManifestShapeError extends Error {
  override name = 'ManifestShapeError';
}

/** A lookup by id failed; the message lists the valid ids. */
export class UnknownIdError extends Error {
  override name = 'UnknownIdError';
  constructor(kind: string, id: string, available: string[]) {
    super(`Unknown ${kind} \`${id}\`. Available ${kind}s:\n${available.map((a) => `- ${a}`).join('\n')}`);
  }
}
