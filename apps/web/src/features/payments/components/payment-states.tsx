import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ban, CircleCheck, CircleX, Clock, ExternalLink, LoaderCircle, RotateCcw, TimerOff, Undo2 } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import type { Payment } from '@tolk/shared/schemas/payments';
import { paths } from '../../../lib/paths';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { personName } from '../../../lib/format';
import { failureText, providerName } from '../format';
import { goToProvider } from '../go-to-provider';
import { useStartPayment } from '../use-start-payment';
import { PaymentNotice } from './payment-notice';

/** Back to what was paid: the order's page, or the subscription's. */
export function BackTo({ payment, primary = false }: { payment: Payment; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link className={primary ? 'button primary' : 'button'} to={payment.payable.returnTo}>
      {t(payment.payable.kind === 'subscription' ? 'payments.backToSubscription' : 'payments.backToOrder')}
    </Link>
  );
}

/** Another way to pay the same thing, from the start. */
function ChooseAnother({ payment, primary = false }: { payment: Payment; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link className={primary ? 'button primary' : 'button'} to={paths.selectPayment(payment.payable.id)}>
      {t('payments.pay.chooseAnother')}
    </Link>
  );
}

const amountOf = (payment: Payment, language: string) => formatMoney(payment.amountMinor, payment.currency, language);

/** The money is taken: the order (or subscription) is paid. */
export function PaidNotice({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  return (
    <PaymentNotice
      tone="good"
      icon={<CircleCheck aria-hidden size={44} />}
      title={t('payments.pay.paidTitle')}
      actions={<BackTo payment={payment} primary />}
    >
      <p>
        {t('payments.pay.paid', {
          amount: amountOf(payment, i18n.language),
          provider: providerName(payment.provider, t),
        })}
      </p>
    </PaymentNotice>
  );
}

/**
 * Refused, or given back: why in words, and a new attempt ("Try another card" makes a new
 * payment) while what it pays can still be paid, with the ways back.
 */
export function FailedNotice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const retry = useStartPayment(payment.payable.id);
  const canRetry = payment.role === 'buyer' && payment.payable.state === 'payable';
  return (
    <PaymentNotice
      tone="bad"
      icon={<CircleX aria-hidden size={44} />}
      title={t('payments.pay.failedTitle')}
      actions={
        canRetry ? (
          <>
            <button
              type="button"
              className="button primary"
              disabled={retry.opening !== undefined || retry.leaving}
              onClick={() => {
                retry.start(payment.provider);
              }}
            >
              <RotateCcw aria-hidden size={16} />{' '}
              {retry.opening ? t('payments.select.opening') : t('payments.pay.tryAnotherCard')}
            </button>
            <ChooseAnother payment={payment} />
            <BackTo payment={payment} />
          </>
        ) : (
          <BackTo payment={payment} primary />
        )
      }
    >
      <p>{failureText(payment, t)}</p>
      <FormError>{retry.problem}</FormError>
    </PaymentNotice>
  );
}

/** The provider's checkout ended unpaid. */
export function ExpiredNotice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const canRetry = payment.role === 'buyer' && payment.payable.state === 'payable';
  return (
    <PaymentNotice
      tone="neutral"
      icon={<TimerOff aria-hidden size={44} />}
      title={t('payments.pay.expiredTitle')}
      actions={
        <>
          {canRetry && <ChooseAnother payment={payment} primary />}
          <BackTo payment={payment} primary={!canRetry} />
        </>
      }
    >
      <p>{t('payments.pay.expired')}</p>
    </PaymentNotice>
  );
}

/** The seller gave the money back. */
export function RefundedNotice({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  return (
    <PaymentNotice
      tone="neutral"
      icon={<Undo2 aria-hidden size={44} />}
      title={t('payments.pay.refundedTitle')}
      actions={<BackTo payment={payment} primary />}
    >
      <p>{t('payments.pay.refunded', { amount: amountOf(payment, i18n.language) })}</p>
    </PaymentNotice>
  );
}

/** Back from Stripe or PayPal by its cancel link: nothing was charged. */
export function CancelledNotice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <PaymentNotice
      tone="neutral"
      icon={<Ban aria-hidden size={44} />}
      title={t('payments.pay.cancelledTitle')}
      actions={
        <>
          <ChooseAnother payment={payment} primary />
          <BackTo payment={payment} />
        </>
      }
    >
      <p>{t('payments.pay.cancelled', { provider: providerName(payment.provider, t) })}</p>
    </PaymentNotice>
  );
}

/**
 * Back from Stripe or PayPal: asking it where the payment stands, a few times; when it has not said
 * by then, saying so, with a way to ask again (nothing is charged twice by asking).
 */
export function ConfirmingNotice({
  payment,
  gaveUp,
  checking,
  onCheck,
}: {
  payment: Payment;
  gaveUp: boolean;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  const provider = providerName(payment.provider, t);
  if (!gaveUp) {
    return (
      <PaymentNotice
        tone="neutral"
        icon={<LoaderCircle aria-hidden size={44} className="spin" />}
        title={t('payments.pay.confirmingTitle')}
      >
        <p>{t('payments.pay.confirming', { provider })}</p>
      </PaymentNotice>
    );
  }
  return (
    <PaymentNotice
      tone="neutral"
      icon={<Clock aria-hidden size={44} />}
      title={t('payments.pay.notYetTitle')}
      actions={
        <>
          <button type="button" className="button primary" disabled={checking} onClick={onCheck}>
            {checking ? t('payments.pay.checking') : t('payments.pay.checkAgain')}
          </button>
          <BackTo payment={payment} />
        </>
      }
    >
      <p>{t('payments.pay.notYet', { provider })}</p>
    </PaymentNotice>
  );
}

/** An open Stripe or PayPal payment opened here without coming back from it: go on to its page, or choose another way. */
export function OpenAtProviderNotice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const provider = providerName(payment.provider, t);
  const url = payment.redirectUrl;
  return (
    <PaymentNotice
      tone="neutral"
      icon={<ExternalLink aria-hidden size={44} />}
      title={t('payments.pay.openTitle')}
      actions={
        <>
          {url && (
            <button
              type="button"
              className="button primary"
              onClick={() => {
                goToProvider(url);
              }}
            >
              {t('payments.pay.continueTo', { provider })}
            </button>
          )}
          <ChooseAnother payment={payment} />
        </>
      }
    >
      <p>{t('payments.pay.open', { provider })}</p>
    </PaymentNotice>
  );
}

/** The seller (or a superadmin) reading a payment: where it stands and what it comes to, nothing to do. */
export function PaymentFacts({ payment, children }: { payment: Payment; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const price = (minor: number) => <bdi>{formatMoney(minor, payment.currency, language)}</bdi>;
  return (
    <div className="card payment-facts">
      {children}
      <dl>
        {payment.order && (
          <Fact label={t('payments.pay.buyer')}>
            <bdi data-user-text>{personName(payment.order.buyer)}</bdi>
          </Fact>
        )}
        <Fact label={t('payments.pay.provider')}>{providerName(payment.provider, t)}</Fact>
        <Fact label={t('payments.pay.amount')}>{price(payment.amountMinor)}</Fact>
        <Fact label={t('payments.pay.fee')}>{price(payment.feeMinor)}</Fact>
        <Fact label={t('payments.pay.sellerGets')}>
          <strong>{price(payment.amountMinor - payment.feeMinor)}</strong>
        </Fact>
      </dl>
    </div>
  );
}
