import { useTranslation } from 'react-i18next';
import type { OrderEvent, OrderState } from '@tolk/shared/schemas/orders';
import { personName } from '../../../lib/format';
import { formatEventTime, STATE_KEYS } from '../format';

const EVENT_KEYS: Record<OrderState, string> = {
  pending: 'orders.events.pending',
  accepted: 'orders.events.accepted',
  declined: 'orders.events.declined',
  cancelled: 'orders.events.cancelled',
  paid: 'orders.events.paid',
  fulfilled: 'orders.events.fulfilled',
  refunded: 'orders.events.refunded',
};

/** Each step of an order, oldest first: what happened, who did it, when (as the reader writes time). */
export function OrderTimeline({ events, labelledBy }: { events: readonly OrderEvent[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="order-timeline" aria-labelledby={labelledBy}>
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className={event.state}>
          <span className="order-timeline-what">
            {event.actor
              ? t(EVENT_KEYS[event.state], { name: personName(event.actor) })
              : t('orders.events.byProvider', { state: t(STATE_KEYS[event.state]) })}
          </span>
          <time className="muted small" dateTime={event.at}>
            {formatEventTime(event.at, i18n.language)}
          </time>
        </li>
      ))}
    </ol>
  );
}
