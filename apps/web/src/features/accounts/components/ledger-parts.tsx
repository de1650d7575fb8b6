import { useTranslation } from 'react-i18next';
import type {
  Balance,
  LedgerEntry,
  LedgerKind,
  LedgerReferenceType,
  SystemLedgerAccount,
} from '@tolk/shared/schemas/ledger';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../money';

const KIND_KEYS: Record<LedgerKind, string> = {
  payment: 'accounts.transactions.kinds.payment',
  fee: 'accounts.transactions.kinds.fee',
  payout: 'accounts.transactions.kinds.payout',
  refund: 'accounts.transactions.kinds.refund',
  adjustment: 'accounts.transactions.kinds.adjustment',
};

const REFERENCE_KEYS: Record<LedgerReferenceType, string> = {
  order: 'accounts.transactions.references.order',
  subscription: 'accounts.transactions.references.subscription',
  payment_event: 'accounts.transactions.references.paymentEvent',
  manual: 'accounts.transactions.references.manual',
};

const SYSTEM_KEYS: Record<SystemLedgerAccount, string> = {
  platform_fees: 'accounts.transactions.system.platformFees',
  platform_subscriptions: 'accounts.transactions.system.platformSubscriptions',
  clearing_sandbox: 'accounts.transactions.system.clearingSandbox',
  clearing_stripe: 'accounts.transactions.system.clearingStripe',
  clearing_paypal: 'accounts.transactions.system.clearingPaypal',
  funding_sandbox: 'accounts.transactions.system.fundingSandbox',
};

/** A ledger account's holder as the reader knows it: a member by name, the platform's own in words. */
function Counterparty({ owner }: { owner: LedgerEntry['counterparty'] }) {
  const { t } = useTranslation();
  if (owner.system) return <>{t(SYSTEM_KEYS[owner.system])}</>;
  return <bdi data-user-text>{owner.name}</bdi>;
}

/**
 * One entry of a statement: when, what kind, with whom, for what, the amount with its sign (money
 * in green and "+", out in red and "−") and the balance it left.
 */
export function TransactionRow({ entry }: { entry: LedgerEntry }) {
  const { t, i18n } = useTranslation();
  const direction = entry.amount < 0 ? 'out' : 'in';
  // A manual adjustment's id is its idempotency key, which says nothing to a reader.
  const reference =
    entry.reference.type === 'manual'
      ? t(REFERENCE_KEYS.manual)
      : `${t(REFERENCE_KEYS[entry.reference.type])} ${entry.reference.id.slice(0, 8)}`;
  return (
    <li className="ledger-entry">
      <div className="ledger-entry-text">
        <span className="ledger-entry-title">
          <strong>{t(KIND_KEYS[entry.kind])}</strong>
          {entry.reversesId && <span className="account-badge">{t('accounts.transactions.reversal')}</span>}
          {entry.reversedById && <span className="account-badge">{t('accounts.transactions.reversed')}</span>}
        </span>
        <span>
          <Counterparty owner={entry.counterparty} />
        </span>
        <span className="small muted">
          <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> · {reference}
        </span>
        {entry.memo && (
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
