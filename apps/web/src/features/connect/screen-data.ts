import type { QueryClient } from '@tanstack/react-query';
import { connectionsQuery } from './api/list-connections';
import { discoveryQuery } from './api/list-people';
import { tripsQuery } from './api/list-trips';
import { filtersFromParams, peopleQueryOf } from './filters';
import { tabOf } from './tabs';

/**
 * The requests /connect makes first, for the tab and filters in its address: the router asks for
 * them as the screen is opened, alongside the screen's code rather than after it (app/router.tsx),
 * and the screen's own queries find them in flight or done. Small on purpose: the query options
 * and the filters, not the screen.
 */
export function prefetchScreenData(client: QueryClient, url: URL): void {
  const tab = tabOf(url.searchParams.get('tab'));
  // A failure is the screen's to show: its own query holds the error and offers a retry.
  const ignore = () => undefined;
  // The count of requests waiting shows on every tab.
  client.query(connectionsQuery()).catch(ignore);
  if (tab === 'discover') {
    client.infiniteQuery(discoveryQuery(peopleQueryOf(filtersFromParams(url.searchParams)))).catch(ignore);
  } else if (tab === 'trips') {
    client.query(tripsQuery()).catch(ignore);
  }
}
