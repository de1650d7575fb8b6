import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaymentProviderId } from '@tolk/shared/payments';
import { HttpError } from '../../lib/http-error';
import { paths } from '../../lib/paths';
import { errorMessage } from '../../ui/error-message';
import { useStartPayment as useStartPaymentCall } from './api/start-payment';
import { providerName } from './format';
import { goToProvider } from './go-to-provider';

/**
 * Starting a payment of a payable with a provider (or "try another card": a failed one is over and
 * this makes the next): the sandbox's card form next, or Stripe's or PayPal's page. One at a time:
 * a second tap while the first is on its way does nothing. A provider that is down is said in
 * words (nothing was charged) and the payer may choose another.
 */
export function useStartPayment(payableId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  const start = useStartPaymentCall(payableId, {
    onMutate: () => {
      setProblem(null);
    },
    onSuccess: async (payment) => {
      if (payment.redirectUrl) goToProvider(payment.redirectUrl);
      else await navigate(paths.pay(payment.id));
    },
    onError: (error, provider) => {
      setProblem(
        error instanceof HttpError && error.code === 'unavailable'
          ? t('payments.select.providerDown', { provider: providerName(provider, t) })
          : errorMessage(error, t),
      );
    },
  });

  return {
    start: (provider: PaymentProviderId) => {
      if (!start.isPending) start.mutate(provider);
    },
    /** The provider being opened, while it is. */
    opening: start.isPending ? start.variables : undefined,
    /** Stays while the browser leaves for the provider's page, so nothing can be tapped twice. */
    leaving: start.isSuccess && Boolean(start.data.redirectUrl),
    problem,
  };
}
