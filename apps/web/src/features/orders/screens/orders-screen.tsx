import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabList } from '../../../ui/tab-list';
import type { OrderSide } from '../api/list-orders';
import { OrderList } from '../components/order-list';
import '../orders.css';

const TABS = ['buying', 'selling'] as const;
type OrdersTab = (typeof TABS)[number];
const SIDES: Record<OrdersTab, OrderSide> = { buying: 'buyer', selling: 'seller' };
const TAB_KEYS: Record<OrdersTab, string> = { buying: 'orders.tabs.buying', selling: 'orders.tabs.selling' };
const tabOf = (value: string | null): OrdersTab => (value === 'selling' ? 'selling' : 'buying');

/** /orders: what I ordered (Buying) and what others ordered from me (Selling); the tab lives in the URL. */
export function Component() {
  const { t } = useTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const tabId = (which: OrdersTab) => `${base}-${which}`;
  const panelId = `${base}-panel`;

  return (
    <section className="orders" aria-labelledby={`${base}-title`}>
      <header className="orders-head">
        <h1 id={`${base}-title`}>{t('orders.title')}</h1>
      </header>
      <TabList
        className="orders-tabs"
        aria-labelledby={`${base}-title`}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => {
          setParams(next === 'selling' ? { tab: next } : {}, { replace: true });
        }}
        tabId={tabId}
        panelId={panelId}
        label={(which) => t(TAB_KEYS[which])}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        <OrderList key={tab} side={SIDES[tab]} />
      </div>
    </section>
  );
}
