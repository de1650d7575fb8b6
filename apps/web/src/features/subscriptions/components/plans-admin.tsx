import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import type { Plan } from '@tolk/shared/schemas/subscriptions';
import { formatNumber } from '../../../lib/format';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { plansQuery } from '../api/list-plans';
import { FeatureList } from './feature-list';
import { PlanFormView } from './plan-form-view';

/** What `editing` holds while a plan is being added (else the id of the plan edited: a uuid, never this). */
const NEW = 'new';

/** One plan in the superadmins' list: offered or withdrawn, its prices, how many subscribe, Edit. */
function PlanRow({ plan, onEdit }: { plan: Plan; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className="card plan-admin-row">
      <div className="plan-admin-head">
        <h3 dir="auto" data-user-text>
          {plan.name}
        </h3>
        <span className={`plan-badge ${plan.active ? 'active' : 'withdrawn'}`}>
          {t(plan.active ? 'subscriptions.admin.offered' : 'subscriptions.admin.withdrawn')}
        </span>
      </div>
      {plan.description && (
        <p className="plan-description" dir="auto" data-user-text>
          {plan.description}
        </p>
      )}
      <p className="plan-admin-prices">
        {t(plan.interval === 'year' ? 'subscriptions.planForm.yearly' : 'subscriptions.planForm.monthly')}
        {': '}
        {plan.prices.map((price) => formatMoney(price.amountMinor, price.currency, language)).join(' · ')}
      </p>
      <p className="muted">
        {t('subscriptions.admin.subscribers', {
          count: plan.subscribers,
          number: formatNumber(plan.subscribers, language),
        })}
      </p>
      <FeatureList features={plan.features} />
      <button type="button" className="button" onClick={onEdit}>
        <Pencil aria-hidden size={16} /> {t('common.edit')}
      </button>
    </div>
  );
}

/**
 * Plans (superadmins): every plan, withdrawn ones too, each with its subscribers; a new plan's
 * form, and a plan's own form in its place in the list while it is edited.
 */
export function PlansAdmin() {
  const { t } = useTranslation();
  const plans = useQuery(plansQuery());
  const [editing, setEditing] = useState<string | undefined>();
  const done = () => {
    setEditing(undefined);
  };

  let list;
  if (plans.isPending) list = <ScreenSkeleton lines={4} />;
  else if (plans.isError) list = <QueryError as="div" error={plans.error} onRetry={refetchOf(plans)} />;
  else if (plans.data.length === 0) list = <p className="muted">{t('subscriptions.admin.none')}</p>;
  else {
    list = (
      <ul className="plan-admin-list">
        {plans.data.map((plan) => (
          <li key={plan.id}>
            {editing === plan.id ? (
              <PlanFormView plan={plan} onDone={done} />
            ) : (
              <PlanRow
                plan={plan}
                onEdit={() => {
                  setEditing(plan.id);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="plans-admin">
      {editing === NEW ? (
        <PlanFormView onDone={done} />
      ) : (
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setEditing(NEW);
          }}
        >
          <Plus aria-hidden size={18} /> {t('subscriptions.admin.add')}
        </button>
      )}
      {list}
    </div>
  );
}
