import { useEffect } from 'react';
import type { Payment } from '@tolk/shared/schemas/payments';
import { useLoginResponse } from '../../lib/session';
import { getMe } from './api/get-me';

/**
 * A subscription's payment that succeeded makes its payer an active subscriber: the session this
 * browser keeps (`isactivesubscriber`, which the menus and limits read) is refreshed from the
 * server's own word (GET /api/auth/me), once per payment.
 */
export function useSubscriberRefresh(payment: Payment | undefined): void {
  const { updateLoginResponse } = useLoginResponse();
  const paidSubscription =
    payment?.state === 'succeeded' && payment.payable.kind === 'subscription' && payment.role === 'buyer'
      ? payment.id
      : undefined;

  useEffect(() => {
    if (!paidSubscription) return;
    // Applied even when the page was left meanwhile: the session outlives the screen.
    getMe().then(updateLoginResponse, () => {
      // The next sign-in says it; the payment itself is done.
    });
  }, [paidSubscription, updateLoginResponse]);
}
