import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { ORDER_NOTE_MAX, ORDER_QUANTITY_MAX } from '@tolk/shared/schemas/orders';
import type { ThingUnit } from '@tolk/shared/schemas/things';
import { Field, FieldNotes, notesOf, TextAreaField } from '../../../ui/field';
import { formatNumber } from '../../../lib/format';
import { priceOrFree } from '../../../lib/format';
import { needsServiceTime, QUANTITY_KEYS } from '../format';
import { toLocalDateTime, type OrderForm } from '../order-form';

interface OrderFieldsProps {
  form: UseFormReturn<OrderForm>;
  unit: ThingUnit;
  unitPriceMinor: number;
  currency: string;
  /** Who reads the note: "the seller reads it in theirs". */
  sellerName: string;
}

/** How many, when (for a service), a note for the seller, and what it all comes to, as it is typed. */
export function OrderFields({ form, unit, unitPriceMinor, currency, sellerName }: OrderFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const quantityId = useId();
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'quantity' });
  const quantity = /^\s*\d+\s*$/.test(typed) ? Number(typed) : Number.NaN;
  const counted = Number.isInteger(quantity) && quantity >= 1 && quantity <= ORDER_QUANTITY_MAX;

  const step = (by: number) => {
    const from = Number.isNaN(quantity) ? 1 - by : quantity;
    const next = Math.min(ORDER_QUANTITY_MAX, Math.max(1, from + by));
    form.setValue('quantity', String(next), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const quantityError = errors.quantity?.message;

  return (
    <>
      <div className="field order-quantity">
        <label htmlFor={quantityId}>{t(QUANTITY_KEYS[unit])}</label>
        <div className="order-stepper">
          <button
            type="button"
            className="icon-button"
            aria-label={t('orders.form.less')}
            disabled={counted && quantity <= 1}
            onClick={() => {
              step(-1);
            }}
          >
            <Minus aria-hidden size={20} />
          </button>
          <input
            id={quantityId}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={notesOf(quantityId, undefined, quantityError)}
            {...form.register('quantity')}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={t('orders.form.more')}
            disabled={counted && quantity >= ORDER_QUANTITY_MAX}
            onClick={() => {
              step(1);
            }}
          >
            <Plus aria-hidden size={20} />
          </button>
        </div>
        <FieldNotes id={quantityId} error={quantityError} />
      </div>
      {needsServiceTime(unit) && (
        <Field
          type="datetime-local"
          label={t('orders.serviceAt')}
          hint={t('orders.form.serviceAtHint')}
          min={toLocalDateTime(new Date())}
          required
          error={errors.serviceAt?.message}
          {...form.register('serviceAt')}
        />
      )}
      <TextAreaField
        label={t('orders.form.note', { name: sellerName })}
        hint={t('orders.form.noteHint', { name: sellerName })}
        rows={3}
        maxLength={ORDER_NOTE_MAX}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <p className="order-total">
        <span>{t('orders.total')}</span>
        <output aria-live="polite">
          <strong>{counted ? priceOrFree(quantity * unitPriceMinor, currency, language, t) : '–'}</strong>
          {counted && unitPriceMinor > 0 && (
            <span className="muted small">
              <bdi>{formatNumber(quantity, language)}</bdi> ×{' '}
              <bdi>{formatMoney(unitPriceMinor, currency, language)}</bdi>
            </span>
          )}
        </output>
      </p>
    </>
  );
}
