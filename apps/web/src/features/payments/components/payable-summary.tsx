import { useTranslation } from 'react-i18next';
import { Receipt } from 'lucide-react';
import type { Payable } from '@tolk/shared/schemas/payments';
import { formatNumber } from '../../../lib/format';
import { payableAmount } from '../format';

/** What is paid: an order's thing (× how many) or a subscription's plan, and how much (per month or year). */
export function PayableSummary({ payable, titleId }: { payable: Payable; titleId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className="card icon-head payable-summary">
      <Receipt aria-hidden size={28} />
      <div className="payable-summary-text">
        <p className="small muted">
          {t(payable.kind === 'subscription' ? 'payments.kind.subscription' : 'payments.kind.order')}
        </p>
        <h2 id={titleId} dir="auto">
          <bdi data-user-text>{payable.title}</bdi>
          {payable.quantity > 1 && (
            <span className="payable-quantity">
              {' '}
              × <bdi>{formatNumber(payable.quantity, language)}</bdi>
            </span>
          )}
        </h2>
        <p className="payable-amount">
          <strong>
            <bdi>{payableAmount(payable, language, t)}</bdi>
          </strong>
        </p>
      </div>
    </div>
  );
}
