/**
 * Local index worker: holds the local-index products that CLI builds saved, and makes a large site's local
 * index from them on another core (`localIndexPool.ts`), so that the build's thread never parses, holds or
 * collects them.
 */
import { workerData } from 'node:worker_threads';
import { localIndexServer, type LocalIndexData } from './localIndexPool';

export default localIndexServer(workerData as LocalIndexData);
