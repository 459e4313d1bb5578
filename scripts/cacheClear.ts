/**
 * `npm run cache:clear`: removes what CLI builds keep between runs (`node/cliCaches.ts`), so the next build makes
 * everything again. A build never needs it to be right, since everything kept is keyed by the code that made it;
 * it frees the disk, or settles a doubt.
 */
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, clearCliCaches } from '../node/cliCaches';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  clearCliCaches(process.cwd());
  console.log(`[cache] removed ${CACHE_DIR}/`);
}
