import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Package, ShoppingBag, Store } from 'lucide-react';
import type { OrdersPage } from '@tolk/shared/schemas/orders';
import { paths } from '../../../lib/paths';
import { priceOrFree } from '../../../lib/format';
import { ListMore } from '../../../ui/list-more';
import { ListEmpty } from '../../../ui/list-empty';
import { PhotoThumb } from '../../../ui/photo-thumb';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { PhotoRowSkeletons } from '../../../ui/photo-row-skeletons';
import { personName } from '../../../lib/format';
import { ordersListQuery, type OrderSide } from '../api/list-orders';
import { formatEventTime, formatServiceTime, otherParty } from '../format';
import { OrderStateBadge } from './order-state-badge';

const TEXTS: Record<OrderSide, { empty: string; party: string }> = {
  buyer: { empty: 'orders.list.emptyBuying', party: 'orders.list.from' },
  seller: { empty: 'orders.list.emptySelling', party: 'orders.list.by' },
};

/** Rows the shape of an order's while a list loads. */
const OrderRowSkeletons = ({ count }: { count: number }) => (
  <PhotoRowSkeletons count={count} listClassName="order-list" rowClassName="order-row" />
);

function OrderRow({ order }: { order: OrdersPage['items'][number] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const side: OrderSide = order.role === 'seller' ? 'seller' : 'buyer';
  return (
    <Link className="order-row" to={paths.order(order.id)}>
      <PhotoThumb photo={order.thing.photo} className="order-row-photo" fallback={<Package size={24} />} />
      <span className="order-row-text">
        <span className="order-row-title" dir="auto">
          {order.thing.name}
        </span>
        <span className="order-row-meta">
          {t(TEXTS[side].party, { name: personName(otherParty(order)) })}
          {' · '}
          {order.serviceAt ? formatServiceTime(order.serviceAt, language) : formatEventTime(order.createdAt, language)}
        </span>
      </span>
      <span className="order-row-end">
        <strong>{priceOrFree(order.totalMinor, order.currency, language, t)}</strong>
        <OrderStateBadge state={order.state} />
      </span>
    </Link>
  );
}

/** My orders on one side, newest first, a page at a time, with what to do when there are none. */
export function OrderList({ side }: { side: OrderSide }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(ordersListQuery(side));
  if (query.isPending) return <OrderRowSkeletons count={4} />;
  if (query.isError && query.data === undefined) {
    return <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  }
  const orders = query.data.pages.flatMap((page) => page.items);
  if (orders.length === 0) {
    return (
      <ListEmpty
        icon={side === 'buyer' ? <ShoppingBag aria-hidden size={40} /> : <Store aria-hidden size={40} />}
        text={t(TEXTS[side].empty)}
      >
        {side === 'buyer' ? (
          <Link className="button primary" to={paths.connect}>
            {t('orders.list.findOffers')}
          </Link>
        ) : (
          <Link className="button primary" to={paths.thingAdd}>
            {t('orders.list.offerSomething')}
          </Link>
        )}
      </ListEmpty>
    );
  }
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      <ListMore
        className="list-more"
        query={query}
        label={t('orders.list.loadMore')}
        loading={<OrderRowSkeletons count={1} />}
      />
    </>
  );
}
