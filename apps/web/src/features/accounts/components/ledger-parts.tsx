import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentProviderId } from '@tolk/shared/payments';
import type { Balance, LedgerEntry, SystemLedgerAccount } from '@tolk/shared/schemas/ledger';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { providerName } from '../../payments';
import { formatMoney } from '../../../lib/format';

const SYSTEM_KEYS: Record<SystemLedgerAccount, string> = {
  platform_fees: 'accounts.transactions.system.platformFees',
  platform_subscriptions: 'accounts.transactions.system.platformSubscriptions',
  clearing_sandbox: 'accounts.transactions.system.clearingSandbox',
  clearing_stripe: 'accounts.transactions.system.clearingStripe',
  clearing_paypal: 'accounts.transactions.system.clearingPaypal',
  funding_sandbox: 'accounts.transactions.system.fundingSandbox',
};

/** The platform's accounts money comes in through: the provider it stands for. */
const PROVIDER_OF: Partial<Record<SystemLedgerAccount, PaymentProviderId>> = {
  clearing_sandbox: 'sandbox',
  funding_sandbox: 'sandbox',
  clearing_stripe: 'stripe',
  clearing_paypal: 'paypal',
};

const LINE_KEYS = {
  paidWith: 'accounts.transactions.lines.paidWith',
  payment: 'accounts.transactions.lines.payment',
  sale: 'accounts.transactions.lines.sale',
  fee: 'accounts.transactions.lines.fee',
  subscription: 'accounts.transactions.lines.subscription',
  adjustment: 'accounts.transactions.lines.adjustment',
  refund: 'accounts.transactions.lines.refund',
  payout: 'accounts.transactions.lines.payout',
} as const;

/**
 * What a statement line is, in the reader's language, from what the transfer is (its kind, the
 * other side, which way it went) and never from the note stored with it: "Paid with Test card
 * (sandbox)", "Payment", "Sale", "Tolk's fee". A reversal reads as the line it undoes, with its badge.
 */
export function lineText(entry: LedgerEntry, t: TFunction): string {
  const inward = entry.reversesId ? entry.amount < 0 : entry.amount > 0;
  const system = entry.counterparty.system;
  switch (entry.kind) {
    case 'payment': {
      const provider = system ? PROVIDER_OF[system] : undefined;
      if (provider) return t(LINE_KEYS.paidWith, { provider: providerName(provider, t) });
      if (system === 'platform_subscriptions') return t(LINE_KEYS.subscription);
      return t(inward ? LINE_KEYS.sale : LINE_KEYS.payment);
    }
    case 'fee':
    case 'adjustment':
    case 'refund':
    case 'payout':
      return t(LINE_KEYS[entry.kind]);
  }
}

/**
 * What the line is for, linked where the reader can go: the order (by its thing's name), the
 * subscription (by its plan's), or a superadmin's adjustment; never a raw id.
 */
function LineReference({ reference, own }: { reference: LedgerEntry['reference']; own: boolean }) {
  const { t } = useTranslation();
  const name = (title: string) => (
    <bdi dir="auto" data-user-text>
      {title}
    </bdi>
  );
  switch (reference.type) {
    case 'order':
      return reference.title === null ? (
        <>{t('accounts.transactions.for.someOrder')}</>
      ) : (
        <>
          {t('accounts.transactions.for.order')} <Link to={paths.order(reference.id)}>{name(reference.title)}</Link>
        </>
      );
    case 'subscription':
      if (reference.title === null) return <>{t('accounts.transactions.for.someSubscription')}</>;
      return (
        <>
          {t('accounts.transactions.for.subscription')}{' '}
          {own ? <Link to={paths.subscribe}>{name(reference.title)}</Link> : name(reference.title)}
        </>
      );
    case 'payment_event':
      return <>{t('accounts.transactions.for.payment')}</>;
    case 'manual':
      return <>{t('accounts.transactions.for.manual')}</>;
  }
}

/** A ledger account's holder as the reader knows it: a member by name, the platform's own in words. */
function Counterparty({ owner }: { owner: LedgerEntry['counterparty'] }) {
  const { t } = useTranslation();
  if (owner.system) return <>{t(SYSTEM_KEYS[owner.system])}</>;
  return <bdi data-user-text>{owner.name}</bdi>;
}

/**
 * One entry of a statement: when, what it is and for what (the order or plan, linked), with whom,
 * the amount with its sign (money in green and "+", out in red and "−") and the balance it left.
 * `own`: the reader's own statement (their subscription is theirs to open).
 */
export function TransactionRow({ entry, own = true }: { entry: LedgerEntry; own?: boolean }) {
  const { t, i18n } = useTranslation();
  const direction = entry.amount < 0 ? 'out' : 'in';
  return (
    <li className="ledger-entry">
      <div className="ledger-entry-text">
        <span className="ledger-entry-title">
          <strong>{lineText(entry, t)}</strong>
          {entry.reversesId && (
            <span className="pill outlined account-badge">{t('accounts.transactions.reversal')}</span>
          )}
          {entry.reversedById && (
            <span className="pill outlined account-badge">{t('accounts.transactions.reversed')}</span>
          )}
        </span>
        <span>
          <Counterparty owner={entry.counterparty} />
        </span>
        <span className="small muted">
          <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> ·{' '}
          <LineReference reference={entry.reference} own={own} />
        </span>
        {/* A superadmin's own words on an adjustment; the platform's notes are never shown. */}
        {entry.reference.type === 'manual' && entry.memo && (
          <span className="small" dir="auto" data-user-text>
            {entry.memo}
          </span>
        )}
      </div>
      <div className="ledger-entry-money">
        <bdi className={`ledger-amount ${direction}`}>
          {formatMoney(entry.amount, entry.currency, i18n.language, true)}
        </bdi>
        <span className="small muted">
          {t('accounts.transactions.balanceAfter', {
            balance: formatMoney(entry.balanceAfter, entry.currency, i18n.language),
          })}
        </span>
      </div>
    </li>
  );
}

/** A member's money per currency, or the words for none yet. */
export function Balances({ balances }: { balances: Balance[] }) {
  const { t, i18n } = useTranslation();
  if (balances.length === 0) return <p className="muted">{t('accounts.page.noMoney')}</p>;
  return (
    <ul className="ledger-balances">
      {balances.map((balance) => (
        <li key={balance.ledgerAccountId}>
          <span className="small muted">{balance.currency}</span>
          <bdi className="ledger-balance">{formatMoney(balance.balance, balance.currency, i18n.language)}</bdi>
        </li>
      ))}
    </ul>
  );
}
