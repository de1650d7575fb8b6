import { useTranslation } from 'react-i18next';
import type { OrderState } from '@tolk/shared/schemas/orders';
import { STATE_KEYS } from '../format';

/** Where an order stands, as a badge coloured by state (the word says it; the colour only helps). */
export function OrderStateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <span className={`pill status order-state ${state}`}>{t(STATE_KEYS[state])}</span>;
}
