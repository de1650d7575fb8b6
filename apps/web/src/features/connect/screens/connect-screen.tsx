import { useCallback, useEffect, useId, useMemo } from 'react';
import { TabList } from '../../../ui/tab-list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ReceiptText, ShieldAlert } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { connectionsQuery } from '../api/list-connections';
import { ConnectionsTab, RequestsTab } from '../components/connection-lists';
import { DiscoverList } from '../components/discover-list';
import { FilterBar } from '../components/filter-bar';
import { TripsTab } from '../components/trips-tab';
import { filtersFromParams, filtersToParams, type ConnectFilters } from '../filters';
import { formatNumber } from '../../../lib/format';
import { useConnectionActions } from '../use-connection-actions';
import { useScrollEdges } from '../use-scroll-edges';
import { CONNECT_TABS, tabOf, type ConnectTab } from '../tabs';
import '../connect.css';

const TAB_KEYS: Record<ConnectTab, string> = {
  discover: 'connect.tabs.discover',
  requests: 'connect.tabs.requests',
  connections: 'connect.tabs.connections',
  trips: 'connect.tabs.trips',
};

export function Component() {
  const { t, i18n } = useTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const { superAdmin } = useLoginResponse();
  const connections = useQuery(connectionsQuery());
  const actions = useConnectionActions();
  const incoming = connections.data?.incoming.length ?? 0;
  const tabId = (which: ConnectTab) => `${base}-${which}`;
  const panelId = `${base}-panel`;
  const { ref: tabRowRef, edges: hiddenEdges, onScroll: onTabRowScroll } = useScrollEdges<HTMLDivElement>();

  // Filters and tab live in the URL: back, refresh and a shared link keep them. Replacing the
  // entry keeps the history to the screens visited, not every filter tried.
  const setFilters = useCallback(
    (next: ConnectFilters) => {
      setParams((current) => filtersToParams(next, current), { replace: true });
    },
    [setParams],
  );
  const selectTab = (next: ConnectTab) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'discover') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  // The tabs pattern: arrows move along the row (mirrored right to left), Home and End to its ends.

  // On the narrowest phones the row scrolls: the tab the URL opened is brought into sight.
  useEffect(() => {
    const selected = document.getElementById(`${base}-${tab}`);
    // jsdom, in tests, has no scrollIntoView.
    if (selected && 'scrollIntoView' in selected) selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [base, tab]);

  let panel;
  if (tab === 'discover') panel = <DiscoverList filters={filters} onChange={setFilters} />;
  else if (tab === 'trips') panel = <TripsTab actions={actions} />;
  else if (connections.isPending) panel = <ScreenSkeleton lines={4} />;
  else if (connections.isError)
    panel = <QueryError as="div" error={connections.error} onRetry={refetchOf(connections)} />;
  else if (tab === 'requests') panel = <RequestsTab connections={connections.data} actions={actions} />;
  else panel = <ConnectionsTab connections={connections.data} actions={actions} />;

  return (
    <section className="connect" aria-labelledby={`${base}-title`}>
      <header className="connect-head">
        <div className="connect-title-row">
          <h1 id={`${base}-title`}>{t('connect.title')}</h1>
          <div className="connect-head-links">
            <Link className="button head-link" to={paths.orders()}>
              <ReceiptText aria-hidden size={18} /> {t('orders.title')}
            </Link>
            {superAdmin && (
              <Link className="button head-link" to={paths.connectReports}>
                <ShieldAlert aria-hidden size={18} /> {t('connect.reports.link')}
              </Link>
            )}
          </div>
        </div>
        <p className="muted">{t('connect.lead')}</p>
      </header>
      <TabList
        ref={tabRowRef}
        className="connect-tabs"
        aria-labelledby={`${base}-title`}
        data-more={hiddenEdges || undefined}
        onScroll={onTabRowScroll}
        tabs={CONNECT_TABS}
        selected={tab}
        onSelect={selectTab}
        tabId={tabId}
        panelId={panelId}
        label={(which) => (
          <>
            {t(TAB_KEYS[which])}
            {which === 'requests' && incoming > 0 && (
              <span className="tab-count">
                <span aria-hidden>{formatNumber(incoming, i18n.language)}</span>{' '}
                <span className="visually-hidden">{t('connect.waiting', { count: incoming })}</span>
              </span>
            )}
          </>
        )}
      />
      <div className="connect-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {tab === 'discover' && <FilterBar filters={filters} onChange={setFilters} />}
        {panel}
      </div>
    </section>
  );
}
