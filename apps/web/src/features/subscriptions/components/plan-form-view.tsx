import { useId, useMemo } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Plus, X } from 'lucide-react';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_INTERVALS,
  PLAN_NAME_MAX,
  PLAN_PRICES_MAX,
  planInputSchema,
  type Plan,
} from '@tolk/shared/schemas/subscriptions';
import { Field, FieldNotes, notesOf, TextAreaField } from '../../../ui/field';
import { FormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';
import { schemaResolver, showSaveError } from '../../../ui/schema-form';
import { submitWith } from '../../../ui/submit-with';
import { COMMON_CURRENCIES, defaultCurrency } from '../../../lib/price';
import { useSavePlan } from '../api/save-plan';
import { readerLocales } from '../format';
import { newPlanForm, planFieldMessage, planFieldOf, toPlanForm, toPlanInput, type PlanForm } from '../plan-form';

const INTERVAL_KEYS = { month: 'subscriptions.planForm.monthly', year: 'subscriptions.planForm.yearly' } as const;

interface PlanFormViewProps {
  /** The plan changed; a new one when absent. */
  plan?: Plan | undefined;
  onDone: () => void;
}

/**
 * A plan as a superadmin writes it: name, description, monthly or yearly, a price per currency
 * (rows added and removed), the features it lists (the same), and whether members are offered it.
 * Problems show next to their fields, whether the form or the server found them.
 */
export function PlanFormView({ plan, onDone }: PlanFormViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ids = { title: useId(), prices: useId(), features: useId(), currencies: useId() };
  const blankCurrency = useMemo(() => defaultCurrency(readerLocales(language)), [language]);
  const resolver = useMemo(
    () =>
      schemaResolver<PlanForm>(
        planInputSchema,
        (values) => toPlanInput(values, language),
        planFieldOf,
        planFieldMessage,
      ),
    [language],
  );
  const form = useForm<PlanForm>({
    defaultValues: plan ? toPlanForm(plan, language) : newPlanForm(blankCurrency),
    resolver,
  });
  const prices = useFieldArray({ control: form.control, name: 'prices' });
  const features = useFieldArray({ control: form.control, name: 'features' });
  const errorOf = (name: Path<PlanForm>) => form.getFieldState(name, form.formState).error?.message;

  const save = useSavePlan(plan, {
    onSuccess: (saved) => {
      toast.success(t(plan ? 'subscriptions.admin.saved' : 'subscriptions.admin.added', { name: saved.name }));
      onDone();
    },
    onError: (error) => {
      showSaveError(error, planFieldOf, form.setError, planFieldMessage, t);
    },
  });

  return (
    <form
      className="card plan-form"
      aria-labelledby={ids.title}
      noValidate
      onSubmit={submitWith(form.handleSubmit, (values) => {
        form.clearErrors('root');
        save.mutate(toPlanInput(values, language).input);
      })}
    >
      <h3 id={ids.title}>
        {plan ? t('subscriptions.admin.editTitle', { name: plan.name }) : t('subscriptions.admin.newTitle')}
      </h3>
      <Field
        label={t('subscriptions.planForm.name')}
        maxLength={PLAN_NAME_MAX}
        autoComplete="off"
        error={errorOf('name')}
        {...form.register('name')}
      />
      <TextAreaField
        label={t('subscriptions.planForm.description')}
        rows={3}
        maxLength={PLAN_DESCRIPTION_MAX}
        error={errorOf('description')}
        {...form.register('description')}
      />
      <fieldset className="choice-group plan-interval">
        <legend>{t('subscriptions.planForm.interval')}</legend>
        {PLAN_INTERVALS.map((interval) => (
          <label key={interval} className="choice-row">
            <input type="radio" value={interval} {...form.register('interval')} />
            <span className="choice-label">{t(INTERVAL_KEYS[interval])}</span>
          </label>
        ))}
        <FieldNotes id={`${ids.title}-interval`} error={errorOf('interval')} />
      </fieldset>

      <fieldset className="plan-rows" aria-describedby={notesOf(ids.prices, undefined, errorOf('prices'))}>
        <legend>{t('subscriptions.planForm.prices')}</legend>
        <datalist id={ids.currencies}>
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
        {prices.fields.map((row, index) => (
          <div key={row.id} className="plan-row plan-price-row">
            <Field
              label={t('subscriptions.planForm.amount', { number: index + 1 })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              error={errorOf(`prices.${index}.amount`)}
              {...form.register(`prices.${index}.amount`)}
            />
            <Field
              label={t('subscriptions.planForm.currency', { number: index + 1 })}
              list={ids.currencies}
              maxLength={3}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              error={errorOf(`prices.${index}.currency`)}
              {...form.register(`prices.${index}.currency`)}
            />
            <button
              type="button"
              className="icon-button plan-row-remove"
              aria-label={t('subscriptions.planForm.removePrice', { number: index + 1 })}
              onClick={() => {
                prices.remove(index);
              }}
            >
              <X aria-hidden size={18} />
            </button>
          </div>
        ))}
        <FieldNotes id={ids.prices} error={errorOf('prices')} />
        {prices.fields.length < PLAN_PRICES_MAX && (
          <button
            type="button"
            className="button add-button"
            onClick={() => {
              prices.append({ amount: '', currency: '' });
            }}
          >
            <Plus aria-hidden size={16} /> {t('subscriptions.planForm.addPrice')}
          </button>
        )}
      </fieldset>

      <fieldset className="plan-rows" aria-describedby={notesOf(ids.features, undefined, errorOf('features'))}>
        <legend>{t('subscriptions.planForm.features')}</legend>
        {features.fields.map((row, index) => (
          <div key={row.id} className="plan-row plan-feature-row">
            <Field
              label={t('subscriptions.planForm.feature', { number: index + 1 })}
              maxLength={PLAN_FEATURE_MAX}
              autoComplete="off"
              error={errorOf(`features.${index}.text`)}
              {...form.register(`features.${index}.text`)}
            />
            <button
              type="button"
              className="icon-button plan-row-remove"
              aria-label={t('subscriptions.planForm.removeFeature', { number: index + 1 })}
              onClick={() => {
                features.remove(index);
              }}
            >
              <X aria-hidden size={18} />
            </button>
          </div>
        ))}
        <FieldNotes id={ids.features} error={errorOf('features')} />
        {features.fields.length < PLAN_FEATURES_MAX && (
          <button
            type="button"
            className="button add-button"
            onClick={() => {
              features.append({ text: '' });
            }}
          >
            <Plus aria-hidden size={16} /> {t('subscriptions.planForm.addFeature')}
          </button>
        )}
      </fieldset>

      <label className="choice-row plan-active">
        <input type="checkbox" {...form.register('active')} />
        <span>
          <span className="choice-label">{t('subscriptions.planForm.active')}</span>
          <span className="choice-hint">{t('subscriptions.planForm.activeHint')}</span>
        </span>
      </label>
      <FormError>{form.formState.errors.root?.message}</FormError>
      <FormActions
        submitLabel={save.isPending ? t('common.saving') : plan ? t('common.save') : t('subscriptions.admin.addSubmit')}
        busy={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
