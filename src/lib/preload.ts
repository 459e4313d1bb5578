/** Generic: imports nothing of the shell. */

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Whether pages may be preloaded: not on Save-Data or a 2g connection, where the reader pays for bytes they may never read. */
export function preloadAllowed(): boolean {
  if (typeof navigator === 'undefined') return true;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || (connection?.effectiveType ?? '').includes('2g'));
}
