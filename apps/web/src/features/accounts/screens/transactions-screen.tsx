import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Download, ReceiptText } from 'lucide-react';
import Skeleton from 'react-loading-skeleton';
import type { Balance } from '@tolk/shared/schemas/ledger';
import { saveFile } from '../../../lib/download';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { toastError } from '../../../ui/toast-error';
import { SelectField } from '../../../ui/field';
import { ListEmpty } from '../../../ui/list-empty';
import { PagedList } from '../../../ui/paged-list';
import { WithLoaded } from '../../../ui/query-error';
import { listSkeletons } from '../../../ui/skeletons';
import { balancesQuery } from '../api/list-balances';
import { transactionsQuery, useExportTransactions } from '../api/list-transactions';
import { AccountScreen } from '../components/account-screens';
import { TransactionRow } from '../components/ledger-parts';
import { formatMoney } from '../../../lib/format';
import '../accounts.css';

const transactionSkeletons = listSkeletons(
  'ledger-list',
  <div className="ledger-entry" aria-hidden>
    <div className="ledger-entry-text">
      <Skeleton width="40%" />
      <Skeleton width="65%" />
    </div>
    <Skeleton width={80} />
  </div>,
);

/** One ledger account's statement: its holder and balance, Export CSV, then its entries a page at a time. */
function Statement({ balance, own }: { balance: Balance; own: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(transactionsQuery(balance.ledgerAccountId));
  const download = useExportTransactions(balance.ledgerAccountId, balance.currency, {
    onSuccess: ({ blob, filename }) => {
      saveFile(blob, filename);
    },
    onError: (error) => {
      toastError(error, t);
    },
  });

  const owner = query.data?.pages[0]?.account.owner;
  const current = query.data?.pages[0]?.account.balance ?? balance.balance;

  return (
    <>
      <div className="card ledger-statement-head">
        <div>
          {owner && (
            <p className="small muted" data-user-text>
              {owner.name}
            </p>
          )}
          <p className="ledger-statement-balance">
            <span className="small muted">{t('accounts.transactions.balance')}</span>{' '}
            <bdi className="ledger-balance">{formatMoney(current, balance.currency, i18n.language)}</bdi>
          </p>
        </div>
        <button
          type="button"
          className="button"
          disabled={download.isPending}
          onClick={() => {
            download.mutate();
          }}
        >
          <Download aria-hidden size={18} /> {t('accounts.transactions.export')}
        </button>
      </div>
      <PagedList
        query={query}
        skeletons={transactionSkeletons}
        empty={<p className="muted">{t('accounts.transactions.none')}</p>}
        moreLabel={t('accounts.list.loadMore')}
        moreClassName="accounts-more"
      >
        {(entries) => (
          <ul className="ledger-list">
            {entries.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} own={own} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

/**
 * /accountTransaction/{id}: an account's transactions (a member: their own; a superadmin: anyone's),
 * one currency at a time (`?currency=`), newest first with the balance each left.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { loginResponse } = useLoginResponse();
  const [params, setParams] = useSearchParams();
  const balances = useQuery(balancesQuery(id));
  const back = id === loginResponse.userid ? paths.accountPage : paths.accountDetail(id);

  return (
    <AccountScreen title={t('accounts.transactions.title')} back={back}>
      <WithLoaded
        query={balances}
        missing={{
          title: t('accounts.missing.title'),
          message: t('accounts.missing.body'),
          back: (
            <Link className="button" to={back}>
              {t('common.back')}
            </Link>
          ),
        }}
      >
        {(items) => {
          const chosen = items.find((item) => item.currency === params.get('currency')) ?? items[0];
          if (!chosen) {
            return <ListEmpty icon={<ReceiptText aria-hidden size={40} />} text={t('accounts.transactions.none')} />;
          }
          return (
            <>
              {items.length > 1 && (
                <SelectField
                  label={t('accounts.transactions.currency')}
                  value={chosen.currency}
                  onChange={(event) => {
                    setParams({ currency: event.target.value }, { replace: true });
                  }}
                  options={items.map((item) => ({ value: item.currency, label: item.currency }))}
                />
              )}
              <Statement key={chosen.ledgerAccountId} balance={chosen} own={id === loginResponse.userid} />
            </>
          );
        }}
      </WithLoaded>
    </AccountScreen>
  );
}
