import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLoginResponse } from '../../../lib/session';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { TabList } from '../../../ui/tab-list';
import { overviewQuery } from '../api/get-overview';
import { Benefits } from '../components/benefits';
import { CurrentSubscription } from '../components/current-subscription';
import { PlanCards } from '../components/plan-cards';
import { PlansAdmin } from '../components/plans-admin';
import '../subscriptions.css';

const TABS = ['subscription', 'plans'] as const;
type Tab = (typeof TABS)[number];
const TAB_KEYS: Record<Tab, string> = {
  subscription: 'subscriptions.tabs.subscription',
  plans: 'subscriptions.tabs.plans',
};

/**
 * /sub. A member: their subscription (running, or being paid for) or the plans to choose from, and
 * what a subscription gives. Superadmins also manage the plans, in a second tab (`?tab=plans`).
 */
export function Component() {
  const { t } = useTranslation();
  const { superAdmin } = useLoginResponse();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const titleId = `${base}-title`;
  const tab: Tab = superAdmin && params.get('tab') === 'plans' ? 'plans' : 'subscription';
  const tabId = (which: Tab) => `${base}-${which}`;
  const panelId = `${base}-panel`;
  return (
    <section className="subscriptions" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('subscriptions.title')}</h1>
      {superAdmin ? (
        <>
          <TabList
            className="tab-bar"
            aria-labelledby={titleId}
            tabs={TABS}
            selected={tab}
            onSelect={(which) => {
              setParams(which === 'plans' ? { tab: 'plans' } : {}, { replace: true });
            }}
            tabId={tabId}
            panelId={panelId}
            label={(which) => t(TAB_KEYS[which])}
          />
          <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
            {tab === 'plans' ? <PlansAdmin /> : <MemberSubscription />}
          </div>
        </>
      ) : (
        <MemberSubscription />
      )}
    </section>
  );
}

/** The member's side of /sub, which superadmins have too. */
function MemberSubscription() {
  const { t } = useTranslation();
  const plansTitle = useId();
  const overview = useQuery(overviewQuery());
  const { loginResponse, updateLoginResponse } = useLoginResponse();
  const subscriber = overview.data?.activeSubscriber;

  // The session's flag (spec section 3) follows what the server says, as a payment may have changed it.
  useEffect(() => {
    if (subscriber !== undefined && subscriber !== loginResponse.isactivesubscriber) {
      updateLoginResponse({ activeSubscriber: subscriber });
    }
  }, [subscriber, loginResponse.isactivesubscriber, updateLoginResponse]);

  if (overview.isPending) return <ScreenSkeleton lines={6} />;
  if (overview.isError) return <QueryError as="div" error={overview.error} onRetry={refetchOf(overview)} />;

  const { current, plans, benefits } = overview.data;
  const running = current && current.state !== 'ended' ? current : undefined;
  return (
    <>
      {running ? (
        <CurrentSubscription subscription={running} />
      ) : (
        <section className="subscription-plans" aria-labelledby={plansTitle}>
          <h2 id={plansTitle}>{t('subscriptions.plans.title')}</h2>
          {current?.state === 'ended' && (
            <p className="muted">{t('subscriptions.current.ended', { plan: current.plan.name })}</p>
          )}
          <PlanCards plans={plans} />
        </section>
      )}
      <Benefits benefits={benefits} />
    </>
  );
}
