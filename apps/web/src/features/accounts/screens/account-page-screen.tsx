import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, ReceiptText } from 'lucide-react';
import { formatMoney, personName } from '../../../lib/format';
import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { formatDay } from '../../../lib/format';
import { languageName } from '../../../lib/language-names';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { Facts } from '../../../ui/facts';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { accountPageQuery } from '../api/get-account-page';
import { OwnAccountLinks } from '../components/account-parts';
import { Balances, TransactionRow } from '../components/ledger-parts';
import '../accounts.css';

/**
 * /account/page: the member's own account: who they are (with the way to change their password
 * and profile), their subscription, their money per currency and their latest transactions.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { superAdmin } = useLoginResponse();
  const ids = { title: useId(), subscription: useId(), balances: useId(), latest: useId() };
  // Asked again on every visit: payments and subscriptions change it from other screens.
  const page = useQuery({ ...accountPageQuery(), refetchOnMount: 'always' });

  if (page.isPending) return <ScreenSkeleton lines={8} />;
  if (page.isError) {
    return <QueryError error={page.error} onRetry={refetchOf(page)} heading={<h1>{t('accounts.page.title')}</h1>} />;
  }
  const { profile, subscription, balances, transactions } = page.data;
  const name = personName(profile);
  return (
    <section className="accounts account-page" aria-labelledby={ids.title}>
      <h1 id={ids.title}>{t('accounts.page.title')}</h1>
      <div className="card account-summary">
        <div className="account-hero">
          <Avatar name={name} url={profile.avatarUrl} size="large" className="large" />
          <div>
            <p className="account-summary-name" data-user-text>
              {name}
            </p>
            <p className="account-hero-username" dir="ltr">
              @{profile.username}
            </p>
          </div>
        </div>
        <Facts
          className="fact-list account-facts"
          items={[
            [t('accounts.fields.language'), languageName(profile.language, i18n.language)],
            // Where an account lives and what it may do are words for those who run Tolk.
            [t('accounts.fields.tenant'), superAdmin && <code key="t">{profile.tenant}</code>],
            [t('accounts.fields.roles'), superAdmin && <bdi key="r">{profile.roles}</bdi>],
            [t('accounts.page.memberSince'), formatDay(profile.createdAt, i18n.language)],
          ]}
        />
        <div className="account-links">
          <OwnAccountLinks />
        </div>
      </div>

      <section className="account-section" aria-labelledby={ids.subscription}>
        <h2 id={ids.subscription}>{t('accounts.page.subscription')}</h2>
        <SubscriptionSummary subscription={subscription} />
      </section>

      <section className="account-section" aria-labelledby={ids.balances}>
        <h2 id={ids.balances}>{t('accounts.page.balances')}</h2>
        <Balances balances={balances} />
      </section>

      <section className="account-section" aria-labelledby={ids.latest}>
        <h2 id={ids.latest}>{t('accounts.page.latest')}</h2>
        {transactions.length === 0 ? (
          <p className="muted">{t('accounts.transactions.none')}</p>
        ) : (
          <ul className="ledger-list">
            {transactions.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        <Link className="button" to={paths.accountTransactions(profile.id)}>
          <ReceiptText aria-hidden size={16} /> {t('accounts.page.allTransactions')}
        </Link>
      </section>
    </section>
  );
}

/**
 * The member's subscription in brief: its plan and price, and until when it runs (renewing, or
 * ending once cancelled); otherwise that there is none, or that it ended or waits to be paid. /sub
 * is where it is managed or taken.
 */
function SubscriptionSummary({ subscription }: { subscription: Subscription | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (!subscription || subscription.state === 'ended') {
    return (
      <>
        <p className="muted">
          {subscription
            ? t('accounts.page.subscriptionEnded', { plan: subscription.plan.name })
            : t('accounts.page.noSubscription')}
        </p>
        <Link className="button" to={paths.subscribe}>
          {t('accounts.page.seePlans')}
        </Link>
      </>
    );
  }
  const price = formatMoney(subscription.amountMinor, subscription.currency, language);
  const date = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd, language) : '';
  let status: string;
  if (subscription.state === 'incomplete') status = t('accounts.page.subscriptionIncomplete');
  else if (!date) status = t('accounts.page.subscriptionActive');
  else if (subscription.cancelAtPeriodEnd) status = t('accounts.page.subscriptionEnds', { date });
  else status = t('accounts.page.subscriptionRenews', { date });
  return (
    <>
      <p className="account-subscription-plan">
        {subscription.state === 'active' && <BadgeCheck aria-hidden size={18} />}{' '}
        <strong dir="auto" data-user-text>
          {subscription.plan.name}
        </strong>{' '}
        <span className="muted">
          {t(subscription.plan.interval === 'year' ? 'subscriptions.perYear' : 'subscriptions.perMonth', { price })}
        </span>
      </p>
      <p>{status}</p>
      <Link className="button" to={paths.subscribe}>
        {t('accounts.page.manageSubscription')}
      </Link>
    </>
  );
}
