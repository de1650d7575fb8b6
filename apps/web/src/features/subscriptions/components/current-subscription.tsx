import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, CreditCard, FlaskConical } from 'lucide-react';
import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { formatDay } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toastError } from '../../../ui/toast-error';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { pricePerPeriod } from '../format';
import { FeatureList } from './feature-list';

/** Cancel and resume, each answered with the subscription as it now is. */
function useSubscriptionActions(subscription: Subscription) {
  const { t } = useTranslation();
  const onError = (error: unknown) => {
    toastError(error, t);
  };
  const cancel = useCancelSubscription(subscription.id, { onError });
  const resume = useResumeSubscription(subscription.id, { onError });
  return { cancel, resume, busy: cancel.isPending || resume.isPending };
}

/**
 * The member's subscription while it runs: its plan and price, when it renews (or ends, once
 * cancelled), Cancel behind a question that says they keep it until then, or Resume.
 */
function ActiveSubscription({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const { cancel, resume, busy } = useSubscriptionActions(subscription);
  const date = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd, i18n.language) : '';
  const plan = subscription.plan.name;
  return (
    <section className="card subscription-panel" aria-labelledby={titleId}>
      <p className="pill status subscription-state active">
        <BadgeCheck aria-hidden size={18} /> {t('subscriptions.current.active')}
      </p>
      <h2 id={titleId} dir="auto" data-user-text>
        {plan}
      </h2>
      <p className="subscription-price">{pricePerPeriod(t, subscription, subscription.plan.interval, i18n.language)}</p>
      {date && (
        <p className="subscription-date">
          {subscription.cancelAtPeriodEnd
            ? t('subscriptions.current.endsOn', { date })
            : t('subscriptions.current.renewsOn', { date })}
        </p>
      )}
      {subscription.cancelAtPeriodEnd && <p className="muted">{t('subscriptions.current.cancelledNote')}</p>}
      <FeatureList features={subscription.plan.features} />
      {subscription.testMode && <TestModeNote />}
      <div className="actions">
        {subscription.cancelAtPeriodEnd ? (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => {
              resume.mutate();
            }}
          >
            {t('subscriptions.current.resume')}
          </button>
        ) : (
          <button
            type="button"
            className="button danger-outline"
            disabled={busy}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('subscriptions.current.cancel')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('subscriptions.current.cancelTitle')}
        message={t(date ? 'subscriptions.current.cancelBody' : 'subscriptions.current.cancelBodyNoDate', {
          plan,
          date,
        })}
        confirmLabel={t('subscriptions.current.cancelConfirm')}
        busy={busy}
        onConfirm={() => {
          cancel.mutate(undefined, {
            onSettled: () => {
              setConfirming(false);
            },
          });
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      />
    </section>
  );
}

/** Chosen, not paid yet: back to paying it, or let it go. */
function IncompleteSubscription({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { cancel, busy } = useSubscriptionActions(subscription);
  return (
    <section className="card subscription-panel" aria-labelledby={titleId}>
      <p className="pill status subscription-state incomplete">
        <CreditCard aria-hidden size={18} /> {t('subscriptions.current.incomplete')}
      </p>
      <h2 id={titleId} dir="auto" data-user-text>
        {subscription.plan.name}
      </h2>
      <p className="subscription-price">{pricePerPeriod(t, subscription, subscription.plan.interval, i18n.language)}</p>
      <p className="muted">{t('subscriptions.current.incompleteBody')}</p>
      <div className="actions">
        <Link className="button primary" to={paths.selectPayment(subscription.id)}>
          {t('subscriptions.current.continue')}
        </Link>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            cancel.mutate();
          }}
        >
          {t('subscriptions.current.cancelIncomplete')}
        </button>
      </div>
    </section>
  );
}

/** Paid with the sandbox (or a provider's test keys): no money moved. */
export function TestModeNote() {
  const { t } = useTranslation();
  return (
    <p className="subscription-test-mode">
      <FlaskConical aria-hidden size={16} /> {t('subscriptions.current.testMode')}
    </p>
  );
}

/** The member's running subscription, or the one they are paying for; nothing for an ended one. */
export function CurrentSubscription({ subscription }: { subscription: Subscription }) {
  switch (subscription.state) {
    case 'active':
      return <ActiveSubscription subscription={subscription} />;
    case 'incomplete':
      return <IncompleteSubscription subscription={subscription} />;
    case 'ended':
      return null;
  }
}
