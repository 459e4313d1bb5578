/**
 * Search analytics (Algolia Insights), only when `search.insights` is on (off
 * by default). `search-insights` comes from our bundle, loaded with the modal,
 * rather than from a CDN. DocSearch's Insights plugin sends the events: clicks
 * and conversions after a search, and views debounced 400 ms in batches of 20. Events without a query id (local-index hits) are dropped, and a
 * failing call never gets in the way of a search.
 */
import type { DocSearchProps } from '@docsearch/react';
import type { SearchConfig } from '../../manifest';

type InsightsFunction = (method: string, ...args: unknown[]) => unknown;

let client: InsightsFunction | null = null;

/** Methods whose payload must carry Algolia's query id. */
const NEEDS_QUERY_ID = new Set(['clickedObjectIDsAfterSearch', 'convertedObjectIDsAfterSearch']);

/** Loads `search-insights` when the configuration turns analytics on. */
export async function loadInsights(config: Pick<SearchConfig, 'insights'>): Promise<void> {
  if (!config.insights || client) return;
  try {
    const aa = (await import('search-insights')).default as unknown as InsightsFunction;
    client = (method, ...args) => {
      const payloads = args.filter((a): a is { queryID?: unknown } => typeof a === 'object' && a !== null);
      if (NEEDS_QUERY_ID.has(method) && payloads.some((p) => !p.queryID)) return undefined;
      try {
        return aa(method, ...args);
      } catch (error) {
        console.warn('[docs] search analytics:', error);
        return undefined;
      }
    };
  } catch (error) {
    console.warn('[docs] search analytics could not load:', error);
  }
}

/** DocSearch's `insights` option: our client, or false when analytics are off or not loaded. */
export function insightsOptions(config: Pick<SearchConfig, 'insights' | 'appId' | 'apiKey'>): DocSearchProps['insights'] {
  if (!config.insights || !client) return false;
  return { insightsClient: client, insightsInitParams: { appId: config.appId, apiKey: config.apiKey } } as unknown as DocSearchProps['insights'];
}
