import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CircleCheck, SearchX } from 'lucide-react';
import type { Payable } from '@tolk/shared/schemas/payments';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import { FormError } from '../../../ui/form-error';
import { QueryError, refetchOf, WithLoaded } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { payableQuery } from '../api/get-payable';
import { providersQuery } from '../api/list-providers';
import { PayableSummary } from '../components/payable-summary';
import { ProviderChoices } from '../components/provider-choices';
import { isFreePayable, payableNotice } from '../format';
import { useStartPayment } from '../use-start-payment';
import '../payments.css';

/**
 * /select-payment/{id}: what is paid (an accepted order, or a subscription) and the ways to pay
 * it offered here; choosing one opens its payment. Something paid already, free (nothing to pay),
 * or that cannot be paid now, says so and leads back.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const payable = useQuery(payableQuery(id));
  return (
    <WithLoaded
      query={payable}
      missing={{
        title: t('payments.missingTitle'),
        message: t('payments.missingPayable'),
        back: (
          <Link className="button" to={paths.orders()}>
            {t('payments.toOrders')}
          </Link>
        ),
      }}
    >
      {(loaded) => <SelectPayment payable={loaded} />}
    </WithLoaded>
  );
}

function SelectPayment({ payable }: { payable: Payable }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const payableTitleId = useId();
  const providers = useQuery({ ...providersQuery(), enabled: payable.state === 'payable' });
  const payment = useStartPayment(payable.id);

  return (
    <section className="payments" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={payable.returnTo} />
        <h1 id={titleId}>{t('payments.select.title')}</h1>
      </header>
      <PayableSummary payable={payable} titleId={payableTitleId} />

      {payable.state === 'payable' ? (
        providers.isPending ? (
          <ScreenSkeleton lines={3} />
        ) : providers.isError ? (
          <QueryError error={providers.error} onRetry={refetchOf(providers)} as="div" />
        ) : (
          <>
            <ProviderChoices
              providers={providers.data.items}
              onChoose={payment.start}
              opening={payment.opening}
              disabled={payment.leaving}
            />
            <FormError>{payment.problem}</FormError>
          </>
        )
      ) : (
        <div className="notice payment-closed" role="status">
          {payable.state === 'paid' || isFreePayable(payable) ? (
            <CircleCheck aria-hidden size={40} />
          ) : (
            <SearchX aria-hidden size={40} />
          )}
          <h2>
            {t(
              isFreePayable(payable)
                ? 'payments.select.freeTitle'
                : payable.state === 'paid'
                  ? 'payments.select.paidTitle'
                  : 'payments.select.closedTitle',
            )}
          </h2>
          <p>{payableNotice(payable, i18n.language, t)}</p>
          <div className="actions">
            <Link className="button primary" to={payable.returnTo}>
              {t(payable.kind === 'subscription' ? 'payments.backToSubscription' : 'payments.backToOrder')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
