import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreditCard, Pencil } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { isFreeOrder, type Order } from '@tolk/shared/schemas/orders';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import { Fact } from '../../../ui/fact';
import { ReaderTextView } from '../../../ui/reader-text';
import { formatNumber } from '../../../lib/format';
import { priceOrFree } from '../../../lib/format';
import { personName } from '../../../lib/format';
import { formatEventTime, formatServiceTime, UNIT_KEYS } from '../format';
import { ACTION_KEYS, useOrderActions } from '../use-order-actions';
import { OrderStateBadge } from './order-state-badge';
import { OrderThing } from './order-thing';
import { OrderTimeline } from './order-timeline';
import { PartyLink } from './party-link';
import { SellerRating } from '../../references';

/**
 * One order as either side reads it: the thing, the other member, how many, when, the total, where
 * it stands, the buyer's note in the reader's language, what happened so far, and what the reader
 * may do now. The seller reads the platform's fee and what they receive, and before accepting,
 * what accepting will bring them. The buyer of an accepted order is shown the way to pay first; a free order has
 * nothing to pay (its seller fulfils it once accepted), so it shows "Free" and no way to pay.
 */
export function OrderDetailView({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ids = { title: useId(), note: useId(), timeline: useId() };
  const actions = useOrderActions(order);
  const free = isFreeOrder(order);
  const total = priceOrFree(order.totalMinor, order.currency, language, t);
  const price = priceOrFree(order.unitPriceMinor, order.currency, language, t);
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  const buyerNote =
    order.role === 'buyer'
      ? t('orders.detail.yourNote')
      : t('orders.detail.noteFrom', { name: personName(order.buyer) });

  return (
    <article className="orders order-detail" aria-labelledby={ids.title}>
      <header className="screen-bar">
        <BackLink to={paths.orders(order.role === 'seller' ? 'selling' : 'buying')} label={t('orders.title')} />
        {order.role === 'buyer' && order.state === 'pending' && (
          <div className="screen-bar-actions">
            <Link className="button" to={paths.orderEdit(order.id)}>
              <Pencil aria-hidden size={16} /> {t('orders.detail.change')}
            </Link>
          </div>
        )}
      </header>

      <OrderThing
        as="h1"
        titleId={ids.title}
        name={order.thing.name}
        photo={order.thing.photo}
        priceMinor={order.unitPriceMinor}
        currency={order.currency}
        unit={order.thing.unit}
      >
        <OrderStateBadge state={order.state} />
      </OrderThing>

      {order.role === 'buyer' && order.state === 'accepted' && free && (
        <div className="order-pay">
          <p>{t('orders.detail.freeHint', { name: personName(order.seller) })}</p>
        </div>
      )}
      {order.role === 'buyer' && order.state === 'accepted' && !free && (
        <div className="order-pay">
          <p>{t('orders.detail.payHint', { name: personName(order.seller) })}</p>
          <Link className="button primary wide" to={paths.selectPayment(order.id)}>
            <CreditCard aria-hidden size={18} /> {t('orders.detail.pay', { total })}
          </Link>
        </div>
      )}

      <dl className="fact-list order-facts">
        {order.role !== 'seller' && (
          <Fact label={t('orders.seller')}>
            <PartyLink party={order.seller} />
            <SellerRating sellerId={order.seller.id} />
          </Fact>
        )}
        {order.role !== 'buyer' && (
          <Fact label={t('orders.buyer')}>
            <PartyLink party={order.buyer} />
          </Fact>
        )}
        <Fact label={t('orders.quantity')}>
          {formatNumber(order.quantity, language)}
          {!free && (
            <span className="muted">
              {' '}
              ({price} {t(UNIT_KEYS[order.thing.unit])})
            </span>
          )}
        </Fact>
        {order.serviceAt && (
          <Fact label={t('orders.serviceAt')}>
            <time dateTime={order.serviceAt}>{formatServiceTime(order.serviceAt, language)}</time>
          </Fact>
        )}
        <Fact label={t('orders.total')}>
          <strong className="order-facts-total">{total}</strong>
        </Fact>
        {!free && order.role !== 'buyer' && (
          <>
            <Fact label={t('orders.fee.fee')}>
              <bdi>{money(order.feeMinor)}</bdi>
            </Fact>
            <Fact label={t(order.role === 'seller' ? 'orders.fee.youReceive' : 'orders.fee.sellerReceives')}>
              <strong>
                <bdi>{money(order.totalMinor - order.feeMinor)}</bdi>
              </strong>
            </Fact>
          </>
        )}
        <Fact label={t('orders.detail.ordered')}>
          <time dateTime={order.createdAt}>{formatEventTime(order.createdAt, language)}</time>
        </Fact>
      </dl>

      {order.note && (
        <section className="card order-note" aria-labelledby={ids.note}>
          <h2 id={ids.note}>{buyerNote}</h2>
          <ReaderTextView text={order.note} toggle />
        </section>
      )}

      {actions.changed && (
        <p className="order-changed" role="status">
          {t('orders.detail.changed')}
        </p>
      )}
      {order.actions.includes('accept') && !free && (
        <p className="order-fee-note">
          {t('orders.fee.beforeAccept', {
            net: money(order.totalMinor - order.feeMinor),
            total,
            fee: money(order.feeMinor),
            name: personName(order.buyer),
          })}
        </p>
      )}
      {order.actions.length > 0 && (
        <div className="order-actions">
          {order.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'accept' || action === 'fulfil' ? 'button primary' : 'button danger-outline'}
              disabled={actions.busy}
              onClick={() => {
                actions.run(action);
              }}
            >
              {t(ACTION_KEYS[action])}
            </button>
          ))}
        </div>
      )}

      <section className="order-history" aria-labelledby={ids.timeline}>
        <h2 id={ids.timeline}>{t('orders.detail.history')}</h2>
        <OrderTimeline events={order.events} labelledBy={ids.timeline} />
      </section>
      {actions.dialog}
    </article>
  );
}
