import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Lock } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { orderQuery } from '../api/get-order';
import { OrderEditForm } from '../components/order-edit-form';
import { OrderMissing } from '../components/order-missing';
import { OrderNotice } from '../components/order-notice';
import { OrderThing } from '../components/order-thing';
import { STATE_KEYS } from '../format';
import '../orders.css';

/**
 * /order/edit/{id}: the buyer changes a pending order. Once the seller has answered (or it was
 * cancelled) it can no longer change: the screen says so, live, and links to the order.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const titleId = useId();
  const query = useQuery(orderQuery(id));
  const toOrder = (
    <Link className="button" to={paths.order(id)}>
      {t('orders.edit.open')}
    </Link>
  );

  let body: ReactNode;
  const order = query.data;
  if (!order) body = query.isError ? <OrderMissing query={query} /> : <ScreenSkeleton lines={6} />;
  else {
    const locked =
      order.role !== 'buyer'
        ? t('orders.edit.buyerOnly')
        : order.state !== 'pending'
          ? t('orders.edit.notPending', { state: t(STATE_KEYS[order.state]) })
          : null;
    body = (
      <>
        <OrderThing
          as="h2"
          name={order.thing.name}
          photo={order.thing.photo}
          priceMinor={order.unitPriceMinor}
          currency={order.currency}
          unit={order.thing.unit}
        />
        {locked ? (
          <OrderNotice
            icon={<Lock aria-hidden size={40} />}
            title={t('orders.edit.lockedTitle')}
            message={locked}
            action={toOrder}
          />
        ) : (
          <OrderEditForm key={order.id} order={order} />
        )}
      </>
    );
  }

  return (
    <section className="orders" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={paths.order(id)} />
        <h1 id={titleId}>{t('orders.edit.title')}</h1>
      </header>
      {body}
    </section>
  );
}
