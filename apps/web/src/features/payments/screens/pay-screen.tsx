import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SearchX } from 'lucide-react';
import type { Payment } from '@tolk/shared/schemas/payments';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import { MissingOrError } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { PayableSummary } from '../components/payable-summary';
import {
  BackTo,
  CancelledNotice,
  ConfirmingNotice,
  ExpiredNotice,
  FailedNotice,
  OpenAtProviderNotice,
  PaidNotice,
  PaymentFacts,
  RefundedNotice,
} from '../components/payment-states';
import { SandboxCardForm } from '../components/sandbox-card-form';
import { TestModeNote } from '../components/test-mode-note';
import { failureText, isOpen, STATE_KEYS } from '../format';
import { usePayment } from '../use-payment';
import { useSubscriberRefresh } from '../use-subscriber-refresh';
import '../payments.css';

/** How the payer came here: back from the provider's page (`?return=1`), or by its cancel link (`?cancel=1`). */
interface Arrival {
  returning: boolean;
  cancelled: boolean;
}

/**
 * /pay/{id}: one payment. Its payer types a test card here (the sandbox), or comes back here from
 * Stripe or PayPal, where the page asks until it is settled; then paid, or why not and what next.
 * Its seller reads where it stands.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const arrival: Arrival = { returning: params.get('return') === '1', cancelled: params.get('cancel') === '1' };
  const { query, gaveUp } = usePayment(id, arrival.returning);
  useSubscriberRefresh(query.data);

  // Once loaded, the page stays through a failed read (one poll lost on a bad network).
  if (query.data) {
    return (
      <PayView
        payment={query.data}
        arrival={arrival}
        confirming={{
          gaveUp,
          checking: query.isFetching,
          onCheck: () => {
            void query.refetch();
          },
        }}
      />
    );
  }
  if (query.isError) {
    return (
      <MissingOrError
        query={query}
        icon={<SearchX aria-hidden size={40} />}
        title={t('payments.missingTitle')}
        message={t('payments.missingPayment')}
        back={
          <Link className="button" to={paths.orders()}>
            {t('payments.toOrders')}
          </Link>
        }
      />
    );
  }
  return <ScreenSkeleton lines={6} />;
}

interface PayViewProps {
  payment: Payment;
  arrival: Arrival;
  confirming: { gaveUp: boolean; checking: boolean; onCheck: () => void };
}

function PayView({ payment, arrival, confirming }: PayViewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const cardHere = payment.role === 'buyer' && payment.provider === 'sandbox' && isOpen(payment);
  return (
    <section className="payments" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={payment.payable.returnTo} />
        <h1 id={titleId}>{t('payments.pay.title')}</h1>
      </header>
      <PayableSummary payable={payment.payable} />
      {payment.testMode && <TestModeNote>{cardHere ? t('payments.card.testBanner') : undefined}</TestModeNote>}
      {payment.role === 'buyer' ? (
        <BuyerView payment={payment} arrival={arrival} confirming={confirming} />
      ) : (
        <ReaderView payment={payment} />
      )}
    </section>
  );
}

/** The seller (or a superadmin): where the payment stands and what it comes to; nothing to do here. */
function ReaderView({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <>
      <PaymentFacts payment={payment}>
        <p className="payment-state-line">
          <span className={`pill status payment-state ${payment.state}`}>{t(STATE_KEYS[payment.state])}</span>
        </p>
        {payment.state === 'failed' && <p>{failureText(payment, t)}</p>}
        {isOpen(payment) && <p className="muted">{t('payments.pay.sellerWaits')}</p>}
      </PaymentFacts>
      <div className="actions">
        <BackTo payment={payment} />
      </div>
    </>
  );
}

/** What the payer sees, by where the payment stands (and, while open, how they came here). */
function BuyerView({ payment, arrival, confirming }: PayViewProps) {
  switch (payment.state) {
    case 'succeeded':
      return <PaidNotice payment={payment} />;
    case 'failed':
      return <FailedNotice payment={payment} />;
    case 'expired':
      return <ExpiredNotice payment={payment} />;
    case 'refunded':
      return <RefundedNotice payment={payment} />;
    case 'created':
    case 'pending':
      if (payment.provider === 'sandbox') return <SandboxCardForm payment={payment} />;
      if (arrival.cancelled) return <CancelledNotice payment={payment} />;
      if (arrival.returning) return <ConfirmingNotice payment={payment} {...confirming} />;
      return <OpenAtProviderNotice payment={payment} />;
  }
}
