import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Lock } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { SANDBOX_CARDS } from '@tolk/shared/payments';
import type { Payment } from '@tolk/shared/schemas/payments';
import { Field } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { showSaveError } from '../../../ui/schema-form';
import { submitWith } from '../../../ui/submit-with';
import { usePayWithSandbox } from '../api/pay-with-sandbox';
import {
  cardFieldMessage,
  cardFieldOf,
  cardResolver,
  groupCardNumber,
  groupExpiry,
  newCardForm,
  onlyDigits,
  reshapeInput,
  toCardInput,
  type CardForm,
} from '../card-form';
import { CARD_OUTCOME_KEYS } from '../format';

/**
 * The sandbox's card form: number (grouped in fours as it is typed), expiry (MM/YY) and CVC, each
 * checked in the browser with the schema the server uses and its problem shown next to it; the
 * test cards listed, a tap filling one in. Pay shows its progress and cannot be sent twice; the
 * server's answer (paid, or refused) replaces the form.
 */
export function SandboxCardForm({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const cardsId = useId();
  const resolver = useMemo(() => cardResolver(), []);
  const form = useForm<CardForm>({ defaultValues: newCardForm(), resolver });
  const { errors, isSubmitted } = form.formState;

  const pay = usePayWithSandbox(payment.id, {
    onError: (error) => {
      showSaveError(error, cardFieldOf, form.setError, cardFieldMessage, t);
    },
  });

  // Pay is disabled while it goes, and the server answers a second send of a card with the first's
  // outcome; a send while one is on its way is not made at all.
  const submit = submitWith(form.handleSubmit, (values) => {
    if (pay.isPending || pay.isSuccess) return;
    form.clearErrors('root');
    pay.mutate(toCardInput(values));
  });

  const number = form.register('number');
  const expiry = form.register('expiry');
  const cvc = form.register('cvc');
  const busy = pay.isPending || pay.isSuccess;
  const amount = formatMoney(payment.amountMinor, payment.currency, i18n.language);

  return (
    <form className="card-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <Field
        label={t('payments.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        dir="ltr"
        maxLength={23}
        error={errors.number?.message}
        {...number}
        onChange={(event) => {
          reshapeInput(event, groupCardNumber);
          void number.onChange(event);
        }}
      />
      <div className="card-form-row">
        <Field
          label={t('payments.card.expiry')}
          hint={t('payments.card.expiryHint')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('payments.card.expiryPlaceholder')}
          dir="ltr"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            reshapeInput(event, groupExpiry);
            void expiry.onChange(event);
          }}
        />
        <Field
          label={t('payments.card.cvc')}
          hint={t('payments.card.cvcHint')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          dir="ltr"
          maxLength={4}
          error={errors.cvc?.message}
          {...cvc}
          onChange={(event) => {
            reshapeInput(event, onlyDigits);
            void cvc.onChange(event);
          }}
        />
      </div>
      <FormError>{errors.root?.message}</FormError>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? (
          <>
            <LoaderCircle aria-hidden size={18} className="spin" /> {t('payments.card.paying')}
          </>
        ) : (
          <>
            <Lock aria-hidden size={16} /> {t('payments.card.pay', { amount })}
          </>
        )}
      </button>

      <section className="test-cards" aria-labelledby={cardsId}>
        <h2 id={cardsId}>{t('payments.card.testCards')}</h2>
        <p className="small muted">{t('payments.card.testCardsHint')}</p>
        <ul>
          {Object.entries(SANDBOX_CARDS).map(([digits, outcome]) => (
            <li key={digits}>
              <button
                type="button"
                className="control test-card"
                disabled={busy}
                onClick={() => {
                  form.setValue('number', groupCardNumber(digits), { shouldDirty: true, shouldValidate: isSubmitted });
                }}
              >
                <code dir="ltr">{groupCardNumber(digits)}</code>
                <span className={`test-card-outcome ${outcome}`}>{t(CARD_OUTCOME_KEYS[outcome])}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </form>
  );
}
