import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { PhotoRowSkeletons } from '../../../ui/photo-row-skeletons';
import { TabList } from '../../../ui/tab-list';
import { ordersWaitingQuery } from '../api/count-waiting';
import type { OrderSide } from '../api/list-orders';
import { OrderList } from '../components/order-list';
import { openingTab, type OrdersTab } from '../format';
import '../orders.css';

const TABS = ['buying', 'selling'] as const satisfies readonly OrdersTab[];
const SIDES: Record<OrdersTab, OrderSide> = { buying: 'buyer', selling: 'seller' };
const TAB_KEYS: Record<OrdersTab, string> = { buying: 'orders.tabs.buying', selling: 'orders.tabs.selling' };
const tabIn = (value: string | null): OrdersTab | undefined =>
  (TABS as readonly (string | null)[]).includes(value) ? (value as OrdersTab) : undefined;

/**
 * /orders: what I ordered (Buying) and what others ordered from me (Selling), each tab with the
 * count of orders waiting for me; the tab lives in the URL, and without one the screen opens
 * where something waits. Counts that fail to load leave the tabs unbadged, on Buying.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const waiting = useQuery(ordersWaitingQuery());
  const chosen = tabIn(params.get('tab'));
  const tab = chosen ?? openingTab(waiting.data);
  const tabId = (which: OrdersTab) => `${base}-${which}`;
  const panelId = `${base}-panel`;
  const countOf = (which: OrdersTab) => waiting.data?.[SIDES[which]].waiting ?? 0;

  return (
    <section className="orders" aria-labelledby={`${base}-title`}>
      <header className="orders-head">
        <h1 id={`${base}-title`}>{t('orders.title')}</h1>
      </header>
      {!chosen && waiting.isPending ? (
        <PhotoRowSkeletons count={4} listClassName="order-list" rowClassName="order-row" />
      ) : (
        <>
          <TabList
            className="tab-bar orders-tabs"
            aria-labelledby={`${base}-title`}
            tabs={TABS}
            selected={tab}
            onSelect={(next) => {
              setParams({ tab: next }, { replace: true });
            }}
            tabId={tabId}
            panelId={panelId}
            label={(which) => (
              <>
                {t(TAB_KEYS[which])}
                {countOf(which) > 0 && (
                  <span className="orders-tab-count">
                    <span aria-hidden>{formatNumber(countOf(which), i18n.language)}</span>{' '}
                    <span className="visually-hidden">{t('orders.tabs.waiting', { count: countOf(which) })}</span>
                  </span>
                )}
              </>
            )}
          />
          <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
            <OrderList key={tab} side={SIDES[tab]} />
          </div>
        </>
      )}
    </section>
  );
}
