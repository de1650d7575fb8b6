import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Plan } from '@tolk/shared/schemas/subscriptions';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../ui/error-message';
import { FormError } from '../../../ui/form-error';
import { currencyLabel } from '../../../lib/price';
import { useSubscribe } from '../api/subscribe';
import { pricePerPeriod, readerLocales, suggestedCurrency } from '../format';
import { FeatureList } from './feature-list';

/**
 * One plan offered: its price in the currency chosen (a choice only when it has several), what it
 * lists, and Subscribe, which makes (or finds again) the member's subscription and goes to paying it.
 */
function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const currencyId = useId();
  const [currency, setCurrency] = useState(() => suggestedCurrency(plan.prices, readerLocales(i18n.language)) ?? '');
  const price = plan.prices.find((candidate) => candidate.currency === currency) ?? plan.prices[0];
  const start = useSubscribe({
    onSuccess: async (subscription) => {
      await navigate(paths.selectPayment(subscription.id));
    },
  });
  return (
    <li className="card plan-card">
      <h3 id={titleId} dir="auto" data-user-text>
        {plan.name}
      </h3>
      {plan.description && (
        <p className="plan-description" dir="auto" data-user-text>
          {plan.description}
        </p>
      )}
      {price && <p className="plan-price">{pricePerPeriod(t, price, plan.interval, i18n.language)}</p>}
      {plan.prices.length > 1 && (
        <div className="field plan-currency">
          <label htmlFor={currencyId}>{t('subscriptions.plans.currency')}</label>
          <select
            id={currencyId}
            value={price?.currency}
            onChange={(event) => {
              setCurrency(event.target.value);
            }}
          >
            {plan.prices.map((option) => (
              <option key={option.currency} value={option.currency}>
                {currencyLabel(option.currency, i18n.language)}
              </option>
            ))}
          </select>
        </div>
      )}
      <FeatureList features={plan.features} />
      <FormError>{start.isError ? errorMessage(start.error, t) : undefined}</FormError>
      <button
        type="button"
        className="button primary wide"
        disabled={!price || start.isPending || start.isSuccess}
        aria-describedby={titleId}
        onClick={() => {
          start.mutate({ planId: plan.id, currency: price?.currency ?? currency });
        }}
      >
        {start.isPending ? t('subscriptions.plans.subscribing') : t('subscriptions.plans.subscribe')}
      </button>
    </li>
  );
}

/** The plans offered now, as cards to choose from; a note when there is none. */
export function PlanCards({ plans }: { plans: readonly Plan[] }) {
  const { t } = useTranslation();
  if (plans.length === 0) return <p className="muted">{t('subscriptions.plans.none')}</p>;
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </ul>
  );
}
